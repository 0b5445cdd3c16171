import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { deviceKey } from './get-device';

/** The advanced calls change the device behind the screen's back: every query of the device is read again. */
function useAdvancedCall<Input>(uuid: string, call: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKey(uuid) }),
  });
}

export const useChangeDeviceType = (uuid: string) =>
  useAdvancedCall(uuid, (body: { deviceType: string; fwVersion: string | null }) =>
    api.post<unknown>('/devices/advanced/update-device-type', { deviceUUID: uuid, ...body }),
  );

export const useWipeLogData = (uuid: string) =>
  useAdvancedCall(uuid, () => api.post<unknown>('/devices/advanced/wipe-log-data', { deviceUUID: uuid }));

export const useSetRoute = (uuid: string) =>
  useAdvancedCall(uuid, (destination: string | null) =>
    api.post<unknown>(`/devices/set-route/${encodeURIComponent(uuid)}`, { destination }),
  );
