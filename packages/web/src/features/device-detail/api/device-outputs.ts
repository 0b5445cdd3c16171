import type { DeviceOutputs, UpdateDeviceOutputsRequest, z } from '@iot/shared';
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

const updateDeviceOutputs = (uuid: string, body: z.input<typeof UpdateDeviceOutputsRequest>) =>
  api.patch<DeviceOutputs>(outputsPath(uuid), body);

/** A failed change (a stale version among them) gets the error snackbar; the list is read again either way. */
export function useUpdateDeviceOutputs(uuid: string) {
  const queryClient = useQueryClient();
  const refreshDevice = useRefreshDevice(uuid);
  const key = getDeviceOutputsQueryOptions(uuid).queryKey;
  return useMutation({
    mutationFn: (body: UpdateDeviceOutputsRequest) => updateDeviceOutputs(uuid, body),
    onSuccess: (outputs) => {
      queryClient.setQueryData(key, outputs);
      void refreshDevice();
    },
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/**
 * Replaces the list of outputs (`define`; values are kept by key). The editor shows a conflict (with "start over") and
 * refused values in place; any other failure gets the error snackbar. The saved outputs replace the ones read.
 */
export function useDefineDeviceOutputs(uuid: string) {
  const queryClient = useQueryClient();
  const refreshDevice = useRefreshDevice(uuid);
  const key = getDeviceOutputsQueryOptions(uuid).queryKey;
  return useMutation({
    mutationFn: (body: Required<Pick<z.input<typeof UpdateDeviceOutputsRequest>, 'version' | 'define'>>) =>
      updateDeviceOutputs(uuid, body),
    meta: { handledStatuses: [400, 409] },
    onSuccess: (outputs) => {
      queryClient.setQueryData(key, outputs);
      void refreshDevice();
    },
  });
}
