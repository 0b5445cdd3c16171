import { DEFAULT_DEVICE_PAGE_SIZE, type DevicePage } from '@iot/shared';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api } from '@/api/client';
import type { DeviceFilterBody } from '../lib/device-list-params';

/** Every devices query lives under this key, so a change to devices refreshes them all. */
export const DEVICES_KEY = ['devices'] as const;

export const filterDevices = (filter: DeviceFilterBody & { limit?: number; cursor?: string }, signal?: AbortSignal) =>
  api.post<DevicePage>('/devices/filter', filter, { signal });

export const countDevices = (filter: DeviceFilterBody, signal?: AbortSignal) =>
  api.post<{ count: number }>('/devices/filter-count', filter, { signal });

export const getDevicePagesQueryOptions = (filter: DeviceFilterBody) =>
  infiniteQueryOptions({
    queryKey: [...DEVICES_KEY, 'filter', filter],
    queryFn: ({ pageParam, signal }) =>
      filterDevices({ ...filter, limit: DEFAULT_DEVICE_PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // The list shows a failure in place, with a retry.
    meta: { errorSnackbar: false },
  });

/** The devices that match `filter`, a page (keyset cursor) at a time as the list is scrolled. */
export const useDevicePages = (filter: DeviceFilterBody) =>
  useInfiniteQuery({ ...getDevicePagesQueryOptions(filter), placeholderData: keepPreviousData });

export const getDeviceCountQueryOptions = (filter: DeviceFilterBody) =>
  queryOptions({
    queryKey: [...DEVICES_KEY, 'count', filter],
    queryFn: ({ signal }) => countDevices(filter, signal),
    meta: { errorSnackbar: false },
  });

/** How many devices match `filter`: the total the list shows while it holds only the pages scrolled through. */
export const useDeviceCount = (filter: DeviceFilterBody) =>
  useQuery({ ...getDeviceCountQueryOptions(filter), placeholderData: keepPreviousData });
