import type { DeviceDownlink, ParameterValue } from '@iot/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { deviceKey, devicePath } from './get-device';

export const getDeviceDownlinkQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: [...deviceKey(uuid), 'downlink'],
    queryFn: ({ signal }) => api.get<DeviceDownlink>(`${devicePath(uuid)}/downlink`, { signal }),
    meta: { errorSnackbar: false },
  });

/** The parameters last set, their status and the bytes waiting for the device. */
export const useDeviceDownlink = (uuid: string) => useQuery(getDeviceDownlinkQueryOptions(uuid));

/**
 * Sets new parameters over the device's version; they wait for the device to ask (WAITING). The device is read again
 * afterwards: its status and version changed.
 */
export function useSetDeviceParameters(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { version: number; values: Record<string, ParameterValue> }) =>
      api.patch<DeviceDownlink>(`${devicePath(uuid)}/parameters`, body),
    meta: { errorSnackbar: false },
    onSuccess: (downlink) => queryClient.setQueryData(getDeviceDownlinkQueryOptions(uuid).queryKey, downlink),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKey(uuid), exact: true }),
  });
}
