import type { DeviceOutputs, UpdateDeviceOutputsRequest } from '@iot/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { deviceKey, devicePath, useRefreshDevice } from './get-device';

const outputsPath = (uuid: string) => `${devicePath(uuid)}/outputs`;

/** A device's outputs: refreshed by its uplinks too, which mark them sent and confirmed. */
export const deviceOutputsKey = (uuid: string) => [...deviceKey(uuid), 'outputs'] as const;

export const getDeviceOutputsQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: deviceOutputsKey(uuid),
    queryFn: ({ signal }) => api.get<DeviceOutputs>(outputsPath(uuid), { signal }),
    meta: { errorSnackbar: false },
    // Read afresh each time the tab opens: the version may have moved with changes to other parts of the device.
    gcTime: 0,
  });

export const useDeviceOutputs = (uuid: string) => useQuery(getDeviceOutputsQueryOptions(uuid));

/** A failed change (a stale version among them) gets the error snackbar; the list is read again either way. */
export function useUpdateDeviceOutputs(uuid: string) {
  const queryClient = useQueryClient();
  const refreshDevice = useRefreshDevice(uuid);
  const key = getDeviceOutputsQueryOptions(uuid).queryKey;
  return useMutation({
    mutationFn: (body: UpdateDeviceOutputsRequest) => api.patch<DeviceOutputs>(outputsPath(uuid), body),
    onSuccess: (outputs) => {
      queryClient.setQueryData(key, outputs);
      void refreshDevice();
    },
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
