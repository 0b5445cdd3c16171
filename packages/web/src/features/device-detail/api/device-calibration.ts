import type { Calibration } from '@iot/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { deviceKey, devicePath, useRefreshDevice } from './get-device';

export const getDeviceCalibrationQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: [...deviceKey(uuid), 'calibration'],
    queryFn: ({ signal }) => api.get<{ calibration: Calibration }>(`${devicePath(uuid)}/calibration`, { signal }),
    meta: { errorSnackbar: false },
  });

export const useDeviceCalibration = (uuid: string) => useQuery(getDeviceCalibrationQueryOptions(uuid));

/** Saving and removing read the calibration again, so the form shows what the server holds. */
function useCalibrationChange<Input>(uuid: string, change: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  const refreshDevice = useRefreshDevice(uuid);
  return useMutation({
    mutationFn: change,
    onSuccess: refreshDevice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getDeviceCalibrationQueryOptions(uuid).queryKey }),
  });
}

export const useUpdateCalibration = (uuid: string) =>
  useCalibrationChange(uuid, (calibration: Calibration) =>
    api.post<unknown>('/devices/advanced/update-calibration-data', {
      devices: [{ deviceUUID: uuid, calibration }],
    }),
  );

export const useRemoveCalibration = (uuid: string) =>
  useCalibrationChange(uuid, () =>
    api.post<unknown>('/devices/advanced/remove-calibration-data', { deviceUUID: uuid }),
  );
