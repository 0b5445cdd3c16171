import type { DeviceTypeAlarms, UpdateDeviceTypeAlarmsRequest } from '@iot/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';

const alarmsPath = (deviceType: string) => `/device-types/${encodeURIComponent(deviceType)}/alarms`;

export const getDeviceTypeAlarmsQueryOptions = (deviceType: string) =>
  queryOptions({
    queryKey: ['device-type-alarms', deviceType],
    queryFn: ({ signal }) => api.get<DeviceTypeAlarms>(alarmsPath(deviceType), { signal }),
    meta: { errorSnackbar: false },
  });

/** The threshold rules every device of a type has on top of its own. */
export const useDeviceTypeAlarms = (deviceType: string | undefined) =>
  useQuery({ ...getDeviceTypeAlarmsQueryOptions(deviceType ?? ''), enabled: deviceType !== undefined });

/** The editor shows conflicts and field errors in place. */
export function useUpdateDeviceTypeAlarms(deviceType: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDeviceTypeAlarmsRequest) => api.put<DeviceTypeAlarms>(alarmsPath(deviceType), body),
    meta: { errorSnackbar: false },
    onSuccess: (alarms) => {
      queryClient.setQueryData(getDeviceTypeAlarmsQueryOptions(deviceType).queryKey, alarms);
    },
  });
}
