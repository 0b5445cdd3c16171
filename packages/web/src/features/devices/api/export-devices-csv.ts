import { type Device, MAX_DEVICE_PAGE_SIZE } from '@iot/shared';
import { csvLine } from '../lib/csv-cell';
import type { DeviceFilterBody } from '../lib/device-list-params';
import { filterDevices } from './get-devices';

/** A column of the export: its heading and the cell of a device. */
export interface ExportColumn {
  heading: string;
  cell: (device: Device) => string | null;
}

/**
 * The devices of the filter as CSV, read page by page from the list API (the browser never holds more than the
 * text it builds). `onProgress` hears how many devices are in so far.
 */
export async function exportDevicesCsv(
  filter: DeviceFilterBody,
  columns: readonly ExportColumn[],
  onProgress?: (devices: number) => void,
): Promise<string> {
  const lines = [csvLine(columns.map((column) => column.heading))];
  let cursor: string | undefined;
  let exported = 0;
  do {
    const page = await filterDevices({ ...filter, limit: MAX_DEVICE_PAGE_SIZE, cursor });
    for (const device of page.items) lines.push(csvLine(columns.map((column) => column.cell(device))));
    exported += page.items.length;
    onProgress?.(exported);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return lines.join('');
}
