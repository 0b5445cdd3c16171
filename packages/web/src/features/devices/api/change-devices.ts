import type { BulkDeviceResponse } from '@iot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { BUSINESSES_KEY } from '@/features/businesses/api/get-businesses';
import { DEVICES_KEY } from './get-devices';

/** With `dryRun`, the server answers what the move would do and moves nothing. */
export const moveDevices = (request: { devices: string[]; businessId: string; dryRun?: boolean }) =>
  api.post<BulkDeviceResponse>('/devices/bulk-business-set', request);

export const deleteDevice = (uuid: string) => api.delete<unknown>(`/devices/${encodeURIComponent(uuid)}`);

/**
 * A CSV file to import into a business: `create` adds devices of one type (Device ID, Network ID, optional
 * Description); `rename` gives devices their new description and moves them there (Device ID, Description).
 */
export type CsvImportRequest =
  | { mode: 'create'; businessId: string; deviceType: string; file: Blob }
  | { mode: 'rename'; businessId: string; file: Blob };

/** A bad line refuses the whole file (`device.csv_invalid`); otherwise the outcome per line. */
export const importDevicesCsv = async (request: CsvImportRequest) =>
  api.post<BulkDeviceResponse>('/devices/import-csv', new Blob([await request.file.text()], { type: 'text/csv' }), {
    query:
      request.mode === 'create'
        ? { mode: 'create', businessId: request.businessId, deviceType: request.deviceType }
        : { mode: 'rename', businessId: request.businessId },
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
