import type { BulkDeviceResponse } from '@iot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { BUSINESSES_KEY } from '@/features/businesses/api/get-businesses';
import { DEVICES_KEY } from '@/features/devices/api/get-devices';
import type { PastedDevice } from '../lib/device-list-text';

interface CreationTarget {
  businessId: string;
  deviceType: string;
}

/** Creates devices of one type in a business from network ids; the answer says, per device, whether it was made. */
export const createDevicesFromList = ({ devices, ...target }: CreationTarget & { devices: PastedDevice[] }) =>
  api.post<BulkDeviceResponse>('/devices/from-scratch', { ...target, devices });

/**
 * Creates devices from a CSV file ("Device ID, Network ID, optional Description"); a wrong line refuses the whole file
 * (400 `device.csv_invalid`, naming the line). The file goes as `text/csv` whatever the system typed it as (Windows
 * calls CSV files `application/vnd.ms-excel`).
 */
export const importDevicesCsv = async ({ file, ...target }: CreationTarget & { file: File }) =>
  api.post<BulkDeviceResponse>('/devices/import-csv', new Blob([await file.text()], { type: 'text/csv' }), {
    query: { mode: 'create', ...target },
  });

/** New devices change the device lists and the businesses' device counts. */
function useCreation<Input>(create: (input: Input) => Promise<BulkDeviceResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: create,
    // The page shows a bad CSV file in its dialog and field errors beside the fields.
    meta: { handledStatuses: [400] },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: DEVICES_KEY }),
        queryClient.invalidateQueries({ queryKey: BUSINESSES_KEY }),
      ]),
  });
}

export const useCreateDevicesFromList = () => useCreation(createDevicesFromList);
export const useImportDevicesCsv = () => useCreation(importDevicesCsv);
