import type { DeviceUserData, UpdateDeviceUserDataRequest, z } from '@iot/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { deviceKey, devicePath, useRefreshDevice } from './get-device';

const userDataPath = (uuid: string) => `${devicePath(uuid)}/userdata`;

export const getDeviceUserData = (uuid: string, signal?: AbortSignal) =>
  api.get<DeviceUserData>(userDataPath(uuid), { signal });

export const getDeviceUserDataQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: [...deviceKey(uuid), 'userdata'],
    queryFn: ({ signal }) => getDeviceUserData(uuid, signal),
    // The info tab says in place why the user data could not be read.
    meta: { errorSnackbar: false },
    // Read afresh each time the tab opens: the version may have moved with changes to other parts of the device.
    gcTime: 0,
  });

export const useDeviceUserData = (uuid: string) => useQuery(getDeviceUserDataQueryOptions(uuid));

export const updateDeviceUserData = (uuid: string, body: z.input<typeof UpdateDeviceUserDataRequest>) =>
  api.patch<DeviceUserData>(userDataPath(uuid), body);

/**
 * The section shows a conflict (with "start over") and refused values in place; any other failure gets the error
 * snackbar. The saved user data replaces the one read.
 */
export function useUpdateDeviceUserData(uuid: string) {
  const queryClient = useQueryClient();
  const refreshDevice = useRefreshDevice(uuid);
  const key = getDeviceUserDataQueryOptions(uuid).queryKey;
  return useMutation({
    mutationFn: (body: z.input<typeof UpdateDeviceUserDataRequest>) => updateDeviceUserData(uuid, body),
    meta: { handledStatuses: [400, 409] },
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      void refreshDevice();
    },
  });
}
