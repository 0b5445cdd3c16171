import type { ReadingsAnswer } from '@iot/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { type ReadingRange, rangeBounds } from '../lib/reading-range';
import { deviceKey, devicePath } from './get-device';

/** Every readings query of a device: a new uplink refreshes them all. */
export const deviceReadingsKey = (uuid: string) => [...deviceKey(uuid), 'readings'] as const;

/**
 * Where readings are read from: a device's own (`/devices/{uuid}/readings`) or an asset's over its devices
 * (`/assets/{id}/readings`), which answer alike; `key` is the queries' key.
 */
export interface ReadingsSource {
  path: string;
  key: readonly unknown[];
}

export const deviceReadingsSource = (uuid: string): ReadingsSource => ({
  path: devicePath(uuid),
  key: deviceReadingsKey(uuid),
});

export const getReadings = (
  source: ReadingsSource,
  query: { signals: readonly string[]; from: number; to: number },
  signal?: AbortSignal,
) =>
  api.get<ReadingsAnswer>(`${source.path}/readings`, {
    query: { signals: query.signals.join(','), from: query.from, to: query.to },
    signal,
  });

export const getReadingsQueryOptions = (source: ReadingsSource, signals: readonly string[], range: ReadingRange) =>
  queryOptions({
    queryKey: [...source.key, signals, range],
    // A range "up to now" is resolved when the call goes, so a refresh after a new uplink reaches it.
    queryFn: ({ signal }) => getReadings(source, { signals, ...rangeBounds(range, Date.now()) }, signal),
    enabled: signals.length > 0,
    meta: { errorSnackbar: false },
  });

/** The readings of the chosen signals in the chosen range, newest first; the previous answer stays while one loads. */
export const useReadings = (source: ReadingsSource, signals: readonly string[], range: ReadingRange) =>
  useQuery({ ...getReadingsQueryOptions(source, signals, range), placeholderData: keepPreviousData });
