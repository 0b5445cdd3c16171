import type {
  CreateUsageLicenseRequest,
  UpdateUsageLicenseRequest,
  UsageLicense,
  UsageLicenseDevicePage,
  UsageLicensePage,
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

/** Every usage-license query (lists, one license, its devices, a picker's choices) lives under this key. */
export const USAGE_LICENSES_KEY = ['usage-licenses'] as const;

export const USAGE_LICENSE_PAGE_SIZE = 50;
export const USAGE_LICENSE_DEVICE_PAGE_SIZE = 50;
/** A picker offers this many licenses per page: a level has few. */
export const USAGE_LICENSE_CHOICE_PAGE_SIZE = 20;

const licensePath = (id: string) => `/usage-licenses/${encodeURIComponent(id)}`;

/** The list's filters: a search of the license id, the business, licenses ending soon (null: any). */
export interface UsageLicenseFilter {
  search: string;
  businessId: string | null;
  expiringWithinDays: number | null;
}

interface UsageLicenseQuery {
  search?: string;
  businessId?: string;
  forBusinessId?: string;
  expiringWithinDays?: number;
  limit: number;
  cursor?: string;
}

export const getUsageLicenses = (query: UsageLicenseQuery, signal?: AbortSignal) =>
  api.get<UsageLicensePage>('/usage-licenses', { query: { ...query }, signal });

export const getUsageLicense = (id: string, signal?: AbortSignal) => api.get<UsageLicense>(licensePath(id), { signal });

export const getUsageLicensePagesQueryOptions = (filter: UsageLicenseFilter) =>
  infiniteQueryOptions({
    queryKey: [...USAGE_LICENSES_KEY, 'list', filter],
    queryFn: ({ pageParam, signal }) =>
      getUsageLicenses(
        {
          search: filter.search.trim() || undefined,
          businessId: filter.businessId ?? undefined,
          expiringWithinDays: filter.expiringWithinDays ?? undefined,
          cursor: pageParam,
          limit: USAGE_LICENSE_PAGE_SIZE,
        },
        signal,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // The list shows its failure in place, with a retry.
    meta: { errorSnackbar: false },
  });

/** The licenses matching `filter`, by license id, a page at a time. */
export const useUsageLicensePages = (filter: UsageLicenseFilter) =>
  useInfiniteQuery({ ...getUsageLicensePagesQueryOptions(filter), placeholderData: keepPreviousData });

export const getUsageLicenseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...USAGE_LICENSES_KEY, 'one', id],
    queryFn: ({ signal }) => getUsageLicense(id, signal),
    meta: { errorSnackbar: false },
  });

/** One license as now (a device's, for its dates); off while there is none. */
export const useUsageLicense = (id: string | null) =>
  useQuery({ ...getUsageLicenseQueryOptions(id ?? ''), enabled: Boolean(id) });

/** The licenses a device of `businessId` may name (its level's and its ancestors'), searched by license id. */
export const getUsageLicenseChoicesQueryOptions = (businessId: string, search: string) =>
  infiniteQueryOptions({
    queryKey: [...USAGE_LICENSES_KEY, 'choices', businessId, search],
    queryFn: ({ pageParam, signal }) =>
      getUsageLicenses(
        {
          forBusinessId: businessId,
          search: search.trim() || undefined,
          cursor: pageParam,
          limit: USAGE_LICENSE_CHOICE_PAGE_SIZE,
        },
        signal,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    meta: { errorSnackbar: false },
  });

/** Read only while `enabled` (the picker is open), so a device's page asks nothing until it is used. */
export const useUsageLicenseChoices = (businessId: string, search: string, enabled: boolean) =>
  useInfiniteQuery({
    ...getUsageLicenseChoicesQueryOptions(businessId, search),
    enabled,
    placeholderData: keepPreviousData,
  });

export const getUsageLicenseDevices = (id: string, cursor: string | undefined, signal?: AbortSignal) =>
  api.get<UsageLicenseDevicePage>(`${licensePath(id)}/devices`, {
    query: { limit: USAGE_LICENSE_DEVICE_PAGE_SIZE, cursor },
    signal,
  });

export const getUsageLicenseDevicesQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: [...USAGE_LICENSES_KEY, 'devices', id],
    queryFn: ({ pageParam, signal }) => getUsageLicenseDevices(id, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    meta: { errorSnackbar: false },
  });

/** The devices naming a license, by description, a page at a time. */
export const useUsageLicenseDevices = (id: string) => useInfiniteQuery(getUsageLicenseDevicesQueryOptions(id));

export type CreateUsageLicenseBody = z.input<typeof CreateUsageLicenseRequest>;
export type UpdateUsageLicenseBody = z.input<typeof UpdateUsageLicenseRequest>;

export const createUsageLicense = (body: CreateUsageLicenseBody) => api.post<UsageLicense>('/usage-licenses', body);

export const updateUsageLicense = ({ id, ...body }: UpdateUsageLicenseBody & { id: string }) =>
  api.patch<UsageLicense>(licensePath(id), body);

export const deleteUsageLicense = ({ id, version }: { id: string; version: number }) =>
  api.delete<unknown>(licensePath(id), { query: { version } });

/** Any change to a license, or to the license a device names, moves lists, counts and pickers: all are read again. */
export function useRefreshUsageLicenses() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: USAGE_LICENSES_KEY });
}

/** Creates (`create`) or edits (`update`, over its version) a license; the dialog shows refusals and conflicts. */
export function useSaveUsageLicense() {
  const refresh = useRefreshUsageLicenses();
  return useMutation({
    mutationFn: (change: { create: CreateUsageLicenseBody } | { update: UpdateUsageLicenseBody & { id: string } }) =>
      'create' in change ? createUsageLicense(change.create) : updateUsageLicense(change.update),
    meta: { handledStatuses: [400, 409] },
    onSuccess: () => void refresh(),
  });
}

/** The page says why a delete was refused (devices still name the license, or it changed meanwhile). */
export function useDeleteUsageLicense() {
  const refresh = useRefreshUsageLicenses();
  return useMutation({
    mutationFn: deleteUsageLicense,
    meta: { handledStatuses: [409] },
    onSuccess: () => void refresh(),
  });
}
