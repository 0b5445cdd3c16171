import type { BulkDeviceResponse } from '@iot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { BUSINESSES_KEY } from '@/features/businesses/api/get-businesses';
import { DEVICES_KEY } from './get-devices';

export const moveDevices = ({ devices, businessId }: { devices: string[]; businessId: string }) =>
  api.post<BulkDeviceResponse>('/devices/bulk-business-set', { devices, businessId });

export const deleteDevice = (uuid: string) => api.delete<unknown>(`/devices/${encodeURIComponent(uuid)}`);

export interface CsvImportRequest {
  businessId: string;
  deviceType: string;
  file: Blob;
}

/** Columns Device ID, Network ID, optional Description; a bad line refuses the whole file (`device.csv_invalid`). */
export const importDevicesCsv = async ({ businessId, deviceType, file }: CsvImportRequest) =>
  api.post<BulkDeviceResponse>('/devices/import-csv', new Blob([await file.text()], { type: 'text/csv' }), {
    query: { businessId, deviceType },
  });

/** After devices change: every devices query and the businesses (their device counts) are read again. */
export function useRefreshDevices() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: DEVICES_KEY }),
      queryClient.invalidateQueries({ queryKey: BUSINESSES_KEY }),
    ]);
}

/** The import dialog reports a refused file itself (the incorrect-CSV message), so no generic error snackbar. */
export function useImportDevicesCsv() {
  const refresh = useRefreshDevices();
  return useMutation({ mutationFn: importDevicesCsv, meta: { errorSnackbar: false }, onSuccess: refresh });
}
