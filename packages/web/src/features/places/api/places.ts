import type {
  CreatePlaceGroupRequest,
  CreatePlaceRequest,
  Place,
  PlaceDevicePage,
  PlaceGroup,
  PlaceGroupList,
  PlacePage,
  UpdatePlaceGroupRequest,
  UpdatePlaceRequest,
  z,
} from '@iot/shared';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/api/client';

/** Every places query (map, list, groups, devices at a place) lives under this key: a change refreshes them all. */
export const PLACES_KEY = ['places'] as const;

const businessPath = (businessId: string) => `/customer-business/${encodeURIComponent(businessId)}`;
const placePath = (businessId: string, placeId: string) =>
  `${businessPath(businessId)}/places/${encodeURIComponent(placeId)}`;
const groupPath = (businessId: string, groupId: string) =>
  `${businessPath(businessId)}/place-groups/${encodeURIComponent(groupId)}`;

/** The list's filters: a name search and a group (null: any group). */
export interface PlaceFilter {
  search: string;
  groupId: string | null;
}

export const PLACE_PAGE_SIZE = 50;
/** The map draws up to this many places of the level at once (the largest page the server answers). */
export const MAP_PLACE_LIMIT = 1000;
export const PLACE_DEVICE_PAGE_SIZE = 50;

export const getPlaces = (
  businessId: string,
  query: { search?: string; groupId?: string; cursor?: string; limit: number },
  signal?: AbortSignal,
) => api.get<PlacePage>(`${businessPath(businessId)}/places`, { query: { ...query }, signal });

/** Every place of the level's subtree for the map, in one page; `nextCursor` says some were left out. */
export const getMapPlacesQueryOptions = (businessId: string) =>
  queryOptions({
    queryKey: [...PLACES_KEY, 'map', businessId],
    queryFn: ({ signal }) => getPlaces(businessId, { limit: MAP_PLACE_LIMIT }, signal),
    // The page shows the plan notice or the failure in place.
    meta: { errorSnackbar: false },
  });

export const useMapPlaces = (businessId: string) => useQuery(getMapPlacesQueryOptions(businessId));

export const getPlacePagesQueryOptions = (businessId: string, filter: PlaceFilter) =>
  infiniteQueryOptions({
    queryKey: [...PLACES_KEY, 'list', businessId, filter],
    queryFn: ({ pageParam, signal }) =>
      getPlaces(
        businessId,
        {
          search: filter.search.trim() || undefined,
          groupId: filter.groupId ?? undefined,
          cursor: pageParam,
          limit: PLACE_PAGE_SIZE,
        },
        signal,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    meta: { errorSnackbar: false },
  });

/** The places of the level's subtree that match `filter`, by name, a page at a time. */
export const usePlacePages = (businessId: string, filter: PlaceFilter) =>
  useInfiniteQuery({ ...getPlacePagesQueryOptions(businessId, filter), placeholderData: keepPreviousData });

export const getPlaceGroups = (businessId: string, signal?: AbortSignal) =>
  api.get<PlaceGroupList>(`${businessPath(businessId)}/place-groups`, { signal });

export const getPlaceGroupsQueryOptions = (businessId: string) =>
  queryOptions({
    queryKey: [...PLACES_KEY, 'groups', businessId],
    queryFn: ({ signal }) => getPlaceGroups(businessId, signal),
    meta: { errorSnackbar: false },
  });

/** The POI groups of the level's subtree, by name. */
export const usePlaceGroups = (businessId: string) => useQuery(getPlaceGroupsQueryOptions(businessId));

export const getPlaceDevices = (placeId: string, cursor: string | undefined, signal?: AbortSignal) =>
  api.get<PlaceDevicePage>(`/places/${encodeURIComponent(placeId)}/devices`, {
    query: { limit: PLACE_DEVICE_PAGE_SIZE, cursor },
    signal,
  });

export const getPlaceDevicesQueryOptions = (placeId: string) =>
  infiniteQueryOptions({
    queryKey: [...PLACES_KEY, 'devices', placeId],
    queryFn: ({ pageParam, signal }) => getPlaceDevices(placeId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    meta: { errorSnackbar: false },
  });

/** The devices at a place now, a page at a time. */
export const usePlaceDevices = (placeId: string) => useInfiniteQuery(getPlaceDevicesQueryOptions(placeId));

export type CreatePlaceBody = z.input<typeof CreatePlaceRequest>;
export type UpdatePlaceBody = z.input<typeof UpdatePlaceRequest>;
export type CreatePlaceGroupBody = z.input<typeof CreatePlaceGroupRequest>;
export type UpdatePlaceGroupBody = z.input<typeof UpdatePlaceGroupRequest>;

export const createPlace = ({ businessId, ...body }: CreatePlaceBody & { businessId: string }) =>
  api.post<Place>(`${businessPath(businessId)}/places`, body);

export const updatePlace = ({
  businessId,
  placeId,
  ...body
}: UpdatePlaceBody & { businessId: string; placeId: string }) => api.patch<Place>(placePath(businessId, placeId), body);

export const deletePlace = ({
  businessId,
  placeId,
  version,
}: {
  businessId: string;
  placeId: string;
  version: number;
}) => api.delete<unknown>(placePath(businessId, placeId), { query: { version } });

export const createPlaceGroup = ({ businessId, ...body }: CreatePlaceGroupBody & { businessId: string }) =>
  api.post<PlaceGroup>(`${businessPath(businessId)}/place-groups`, body);

export const updatePlaceGroup = ({
  businessId,
  groupId,
  ...body
}: UpdatePlaceGroupBody & { businessId: string; groupId: string }) =>
  api.patch<PlaceGroup>(groupPath(businessId, groupId), body);

export const deletePlaceGroup = ({
  businessId,
  groupId,
  version,
}: {
  businessId: string;
  groupId: string;
  version: number;
}) => api.delete<unknown>(groupPath(businessId, groupId), { query: { version } });

function useRefreshPlaces() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: PLACES_KEY });
}

/**
 * Saves a place (new or changed). The dialog or the map shows a refusal itself; a conflict also reads the places
 * again, so the next save goes over the version now stored.
 */
export function useSavePlace() {
  const refresh = useRefreshPlaces();
  return useMutation({
    mutationFn: (
      change:
        | { create: CreatePlaceBody & { businessId: string } }
        | { update: UpdatePlaceBody & { businessId: string; placeId: string } },
    ) => ('create' in change ? createPlace(change.create) : updatePlace(change.update)),
    meta: { errorSnackbar: false },
    onSettled: refresh,
  });
}

/** A refused deletion (a stale version) has the snackbar; the places are read again either way. */
export function useDeletePlace() {
  const refresh = useRefreshPlaces();
  return useMutation({ mutationFn: deletePlace, onSettled: refresh });
}

export function useSavePlaceGroup() {
  const refresh = useRefreshPlaces();
  return useMutation({
    mutationFn: (
      change:
        | { create: CreatePlaceGroupBody & { businessId: string } }
        | { update: UpdatePlaceGroupBody & { businessId: string; groupId: string } },
    ) => ('create' in change ? createPlaceGroup(change.create) : updatePlaceGroup(change.update)),
    meta: { errorSnackbar: false },
    onSettled: refresh,
  });
}

/** The groups dialog shows a refusal (`place_group.in_use`, a conflict) in place. */
export function useDeletePlaceGroup() {
  const refresh = useRefreshPlaces();
  return useMutation({ mutationFn: deletePlaceGroup, meta: { errorSnackbar: false }, onSettled: refresh });
}
