import type { DeviceAlarmsConfig, UpdateDeviceAlarmsRequest } from '@iot/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { ALARM_PAGES_KEY } from '@/features/alarms/api/get-alarms';
import { deviceKey, devicePath, useRefreshDevice } from './get-device';

const alarmsPath = (uuid: string) => `${devicePath(uuid)}/alarms`;

export const getDeviceAlarmsQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: [...deviceKey(uuid), 'alarms'],
    queryFn: ({ signal }) => api.get<DeviceAlarmsConfig>(alarmsPath(uuid), { signal }),
    meta: { errorSnackbar: false },
    // Read afresh each time the tab opens: the version may have moved with changes to other parts of the device.
    gcTime: 0,
  });

export const useDeviceAlarms = (uuid: string) => useQuery(getDeviceAlarmsQueryOptions(uuid));

/** The tab shows conflicts and field errors in place. */
export function useUpdateDeviceAlarms(uuid: string) {
  const queryClient = useQueryClient();
  const refreshDevice = useRefreshDevice(uuid);
  return useMutation({
    mutationFn: (body: UpdateDeviceAlarmsRequest) => api.patch<DeviceAlarmsConfig>(alarmsPath(uuid), body),
    meta: { errorSnackbar: false },
    onSuccess: (alarms) => {
      queryClient.setQueryData(getDeviceAlarmsQueryOptions(uuid).queryKey, alarms);
      void refreshDevice();
      // Inhibiting acknowledges the device's open alarms.
      void queryClient.invalidateQueries({ queryKey: ALARM_PAGES_KEY });
    },
  });
}
