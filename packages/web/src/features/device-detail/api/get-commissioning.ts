import type { CommissioningAnswer, z } from '@iot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { deviceKey, devicePath } from './get-device';

export type CommissioningEvents = z.infer<typeof CommissioningAnswer>;

export const deviceCommissioningKey = (uuid: string) => [...deviceKey(uuid), 'commissioning'] as const;

export const getCommissioning = (uuid: string, signal?: AbortSignal) =>
  api.get<CommissioningEvents>(`${devicePath(uuid)}/commissioning`, { signal });

export const getCommissioningQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: deviceCommissioningKey(uuid),
    queryFn: ({ signal }) => getCommissioning(uuid, signal),
    meta: { errorSnackbar: false },
  });

/** The device's commissioning events, oldest first; live events are appended to this cache. */
export const useCommissioning = (uuid: string) => useQuery(getCommissioningQueryOptions(uuid));
