import type { InfoResponse } from '@iot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';

export const getInfo = (signal?: AbortSignal) => api.get<InfoResponse>('/info', { signal });

/** The dialog that asks shows the failure itself. */
export const getInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['info'],
    queryFn: ({ signal }) => getInfo(signal),
    meta: { errorSnackbar: false },
  });

export const useInfo = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getInfoQueryOptions(), enabled });
