import { type Device, MAX_DEVICE_PAGE_SIZE } from '@iot/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type DevicePosition, positionOf } from '../lib/device-facts';
import type { DeviceFilterBody } from '../lib/device-list-params';
import { DEVICES_KEY, filterDevices } from './get-devices';

/** The map reads at most this many devices of the filter: enough for a fleet's overview, bounded for a huge one. */
export const MAP_DEVICE_LIMIT = 5_000;

export interface DeviceOnMap {
  uuid: string;
  description: string;
  position: DevicePosition;
  /** The device as the list shows it: what its card on the map tells. */
  device: Device;
}

export interface DevicePositions {
  devices: DeviceOnMap[];
  /** Whether the filter has more devices than the map read. */
  truncated: boolean;
}

/** The last positions of the filter's devices, paging through the list API; devices without a position are left out. */
export async function getDevicePositions(filter: DeviceFilterBody, signal?: AbortSignal): Promise<DevicePositions> {
  const devices: DeviceOnMap[] = [];
  let cursor: string | undefined;
  for (let read = 0; read < MAP_DEVICE_LIMIT; read += MAX_DEVICE_PAGE_SIZE) {
    const page = await filterDevices({ ...filter, limit: MAX_DEVICE_PAGE_SIZE, cursor }, signal);
    for (const device of page.items) {
      const position = positionOf(device);
      if (position) devices.push({ uuid: device.uuid, description: device.description, position, device });
    }
    if (!page.nextCursor) return { devices, truncated: false };
    cursor = page.nextCursor;
  }
  return { devices, truncated: true };
}

export const getDevicePositionsQueryOptions = (filter: DeviceFilterBody) =>
  queryOptions({
    queryKey: [...DEVICES_KEY, 'positions', filter],
    queryFn: ({ signal }) => getDevicePositions(filter, signal),
    meta: { errorSnackbar: false },
  });

export const useDevicePositions = (filter: DeviceFilterBody) =>
  useQuery({ ...getDevicePositionsQueryOptions(filter), placeholderData: keepPreviousData });
