import type { Overview } from '@iot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';

export const OVERVIEW_KEY = ['overview'] as const;

/** How often an open overview reads its figures again: alarms and silences change while it is looked at. */
const OVERVIEW_REFRESH_MS = 60_000;

export const getOverview = (signal?: AbortSignal) => api.get<Overview>('/overview', { signal });

export const getOverviewQueryOptions = () =>
  queryOptions({
    queryKey: OVERVIEW_KEY,
    queryFn: ({ signal }) => getOverview(signal),
    refetchInterval: OVERVIEW_REFRESH_MS,
    // The overview shows a failure in place, with a retry.
    meta: { errorSnackbar: false },
  });

/** The figures of the caller's reachable tree for the home page. */
export const useOverview = () => useQuery(getOverviewQueryOptions());
