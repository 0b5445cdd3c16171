import type { LocationStateHistory } from '@iot/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { deviceKey, devicePath } from '@/features/device-detail/api/get-device';
import { type ReadingRange, rangeBounds } from '@/features/device-detail/lib/reading-range';

/** Every location history query of a device, under the device's key: refreshing the device refreshes them too. */
export const deviceLocationStatesKey = (uuid: string) => [...deviceKey(uuid), 'location-states'] as const;

export const getLocationStates = (uuid: string, range: { from: number; to: number }, signal?: AbortSignal) =>
  api.get<LocationStateHistory>(`${devicePath(uuid)}/location-states`, {
    query: { from: new Date(range.from).toISOString(), to: new Date(range.to).toISOString() },
    signal,
  });

export const getLocationStatesQueryOptions = (uuid: string, range: ReadingRange) =>
  queryOptions({
    queryKey: [...deviceLocationStatesKey(uuid), range],
    // A range "up to now" is resolved when the call goes, so a refresh reaches the state the device is in now.
    queryFn: ({ signal }) => getLocationStates(uuid, rangeBounds(range, Date.now()), signal),
    // The history says in place that it could not be read.
    meta: { errorSnackbar: false },
  });

/** The states the device was in over the range, newest first; the previous answer stays while another loads. */
export const useLocationStates = (uuid: string, range: ReadingRange) =>
  useQuery({ ...getLocationStatesQueryOptions(uuid, range), placeholderData: keepPreviousData });
