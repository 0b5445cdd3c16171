import type { ReprocessReceivedDataRequest, ReprocessReceivedDataResponse } from '@iot/shared';
import { type MutationMeta, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { deviceKey } from './get-device';

/** The advanced calls change the device behind the screen's back: every query of the device is read again. */
function useAdvancedCall<Input, Output = unknown>(
  uuid: string,
  call: (input: Input) => Promise<Output>,
  meta?: MutationMeta,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta,
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

/** Decodes again the messages the device sent between two dates; the dialog shows its own failures. */
export const useReprocessReceivedData = (uuid: string) =>
  useAdvancedCall(
    uuid,
    (body: Omit<ReprocessReceivedDataRequest, 'deviceUUID'>) =>
      api.post<ReprocessReceivedDataResponse>('/devices/advanced/reprocess-received-data', {
        deviceUUID: uuid,
        ...body,
      }),
    { errorSnackbar: false },
  );
