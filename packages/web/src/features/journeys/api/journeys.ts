import type {
  CreateJourneyRequest,
  DevicePage,
  Journey,
  JourneyAction,
  JourneyDetail,
  JourneyPage,
  JourneyState,
  z,
} from '@iot/shared';
import { isJourneyOpen, MAX_DEVICE_PAGE_SIZE } from '@iot/shared';
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

/**
 * Every journeys query (a level's list, a device's list, one journey) lives under this key, so that a journey created
 * or changed on one screen is read afresh on all of them.
 */
export const JOURNEYS_KEY = ['journeys'] as const;

/** A page of a journey list; further pages come with "show more". */
export const JOURNEY_PAGE_SIZE = 50;

/** Whose journeys a list shows: a level's (its subtree's) or one device's. */
export type JourneyOwner = { businessId: string } | { deviceUUID: string };

/** The state a list keeps; null for every state. */
export type JourneyStateFilter = JourneyState | null;

const businessPath = (businessId: string) => `/customer-business/${encodeURIComponent(businessId)}`;
const journeyPath = (journeyId: string) => `/journeys/${encodeURIComponent(journeyId)}`;
const ownerPath = (owner: JourneyOwner) =>
  'businessId' in owner
    ? `${businessPath(owner.businessId)}/journeys`
    : `/devices/${encodeURIComponent(owner.deviceUUID)}/journeys`;

export const getJourneys = (
  owner: JourneyOwner,
  { state, cursor }: { state: JourneyStateFilter; cursor?: string },
  signal?: AbortSignal,
) =>
  api.get<JourneyPage>(ownerPath(owner), {
    query: { state: state ?? undefined, limit: JOURNEY_PAGE_SIZE, cursor },
    signal,
  });

export const getJourneyPagesQueryOptions = (owner: JourneyOwner, state: JourneyStateFilter) =>
  infiniteQueryOptions({
    queryKey: [...JOURNEYS_KEY, 'list', owner, state],
    queryFn: ({ pageParam, signal }) => getJourneys(owner, { state, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // The list shows a failure in place: the plan notice for `plan.unavailable`, else the error with a retry.
    meta: { errorSnackbar: false },
  });

/** The journeys of a level's subtree or of a device, newest first, a page (keyset cursor) at a time. */
export const useJourneyPages = (owner: JourneyOwner, state: JourneyStateFilter) =>
  useInfiniteQuery({ ...getJourneyPagesQueryOptions(owner, state), placeholderData: keepPreviousData });

export const getJourney = (journeyId: string, signal?: AbortSignal) =>
  api.get<JourneyDetail>(journeyPath(journeyId), { signal });

export const getJourneyQueryOptions = (journeyId: string) =>
  queryOptions({
    queryKey: [...JOURNEYS_KEY, 'one', journeyId],
    queryFn: ({ signal }) => getJourney(journeyId, signal),
    // The page says in place that the journey is missing or out of reach.
    meta: { errorSnackbar: false },
  });

/** How often an open journey's page reads it again: its track, stops and summary grow as positions arrive. */
export const OPEN_JOURNEY_REFRESH_MS = 60_000;

/** One journey with its history and track, kept fresh while it is open. */
export const useJourney = (journeyId: string) =>
  useQuery({
    ...getJourneyQueryOptions(journeyId),
    refetchInterval: (query) =>
      query.state.data && isJourneyOpen(query.state.data.state) ? OPEN_JOURNEY_REFRESH_MS : false,
  });

export type CreateJourneyBody = z.input<typeof CreateJourneyRequest>;

export const createJourney = ({ businessId, ...body }: CreateJourneyBody & { businessId: string }) =>
  api.post<Journey>(`${businessPath(businessId)}/journeys`, body);

/** An action on a journey over the version read; `comment` is optional but for the `comment` action. */
export interface JourneyChange {
  journeyId: string;
  action: JourneyAction;
  version: number;
  comment: string;
}

export const changeJourney = ({ journeyId, action, version, comment }: JourneyChange) =>
  api.post<Journey>(`${journeyPath(journeyId)}/${action}`, { version, comment });

/** The journey's legs and stops as the server writes them in CSV. */
export const exportJourneyCsv = (journeyId: string) => api.text(`${journeyPath(journeyId)}/export-csv`);

/** The devices of a level's subtree, for the new journey's device picker. */
export const getLevelDevices = (businessId: string, cursor: string | undefined, signal?: AbortSignal) =>
  api.get<DevicePage>(`${businessPath(businessId)}/devices`, {
    query: { limit: MAX_DEVICE_PAGE_SIZE, cursor },
    signal,
  });

export const useLevelDevices = (businessId: string) =>
  useInfiniteQuery({
    queryKey: [...JOURNEYS_KEY, 'devices', businessId],
    queryFn: ({ pageParam, signal }) => getLevelDevices(businessId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

function useRefreshJourneys() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: JOURNEYS_KEY });
}

/** The dialog shows a refusal itself (a field's reason beside it, `journey.device_busy` above). */
export function useCreateJourney() {
  const refresh = useRefreshJourneys();
  return useMutation({ mutationFn: createJourney, meta: { errorSnackbar: false }, onSuccess: refresh });
}

/**
 * The action dialog shows a refusal itself; a conflict (409) or a refusal of the state machine means the journey
 * changed meanwhile, so every journeys query is read again after a failure as after a success.
 */
export function useChangeJourney() {
  const refresh = useRefreshJourneys();
  return useMutation({ mutationFn: changeJourney, meta: { errorSnackbar: false }, onSettled: refresh });
}
