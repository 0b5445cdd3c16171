import type { Device, UpdateDeviceRequest } from '@iot/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { deleteDevice, useRefreshDevices } from '@/features/devices/api/change-devices';
import { DEVICES_KEY } from '@/features/devices/api/get-devices';

export const devicePath = (uuid: string) => `/devices/${encodeURIComponent(uuid)}`;

/** Under the devices key: a change made from the lists refreshes the open device, and the other way round. */
export const deviceKey = (uuid: string) => [...DEVICES_KEY, 'detail', uuid] as const;

export const getDevice = (uuid: string, signal?: AbortSignal) => api.get<Device>(devicePath(uuid), { signal });

export const getDeviceQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: deviceKey(uuid),
    queryFn: ({ signal }) => getDevice(uuid, signal),
    // The screen says in place that the device is missing or out of reach.
    meta: { errorSnackbar: false },
  });

export const useDevice = (uuid: string) => useQuery(getDeviceQueryOptions(uuid));

/**
 * The device has one version for all its parts (outputs, alarms, parameters, ...): after a change to any part, the
 * device is read again so the next save goes over the version now current.
 */
export function useRefreshDevice(uuid: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: deviceKey(uuid), exact: true });
}

export const updateDevice = (body: UpdateDeviceRequest) => api.put<Device>('/devices', body);

/** The info form reports conflicts and field errors itself; the saved device replaces the one read. */
export function useUpdateDevice() {
  const queryClient = useQueryClient();
  const refresh = useRefreshDevices();
  return useMutation({
    mutationFn: updateDevice,
    meta: { errorSnackbar: false },
    onSuccess: (device) => {
      queryClient.setQueryData(deviceKey(device.uuid), device);
      void refresh();
    },
  });
}

export function useDeleteDevice() {
  const queryClient = useQueryClient();
  const refresh = useRefreshDevices();
  return useMutation({
    mutationFn: deleteDevice,
    onSuccess: (_result, uuid) => {
      queryClient.removeQueries({ queryKey: deviceKey(uuid) });
      void refresh();
    },
  });
}
