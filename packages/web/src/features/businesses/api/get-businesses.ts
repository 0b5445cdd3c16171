import type { Business } from '@iot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';

/** Every businesses query lives under this key, so each change to the tree refreshes them all. */
export const BUSINESSES_KEY = ['businesses'] as const;

export const getBusinesses = (signal?: AbortSignal) => api.get<Business[]>('/customer-business', { signal });

export const getBusinessesQueryOptions = () =>
  queryOptions({
    queryKey: [...BUSINESSES_KEY, 'list'],
    queryFn: ({ signal }) => getBusinesses(signal),
    // The panel and the list show a failure in place, with a retry.
    meta: { errorSnackbar: false },
  });

/** The caller's reachable businesses as a flat list, sorted by description. */
export const useBusinesses = (enabled = true) => useQuery({ ...getBusinessesQueryOptions(), enabled });
