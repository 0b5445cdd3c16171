import type { BatteryChange } from '@iot/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { deviceKey, devicePath } from './get-device';

export const getBatteryChangesQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: [...deviceKey(uuid), 'battery-changes'],
    queryFn: ({ signal }) => api.get<BatteryChange[]>(`${devicePath(uuid)}/battery-changes`, { signal }),
    meta: { errorSnackbar: false },
  });

export const useBatteryChanges = (uuid: string) => useQuery(getBatteryChangesQueryOptions(uuid));

/** The form shows field errors (a date in the future) itself; other failures get the error snackbar. */
export function useAddBatteryChange(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { date: string; comment: string }) =>
      api.patch<BatteryChange[]>(`${devicePath(uuid)}/addBatteryChange`, body),
    meta: { handledStatuses: [400] },
    onSuccess: (changes) => queryClient.setQueryData(getBatteryChangesQueryOptions(uuid).queryKey, changes),
  });
}
