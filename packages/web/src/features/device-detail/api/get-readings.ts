import type { ReadingsAnswer } from '@iot/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { type ReadingRange, rangeBounds } from '../lib/reading-range';
import { deviceKey, devicePath } from './get-device';

/** Every readings query of a device: a new uplink refreshes them all. */
export const deviceReadingsKey = (uuid: string) => [...deviceKey(uuid), 'readings'] as const;

export const getReadings = (
  uuid: string,
  query: { signals: readonly string[]; from: number; to: number },
  signal?: AbortSignal,
) =>
  api.get<ReadingsAnswer>(`${devicePath(uuid)}/readings`, {
    query: { signals: query.signals.join(','), from: query.from, to: query.to },
    signal,
  });

export const getReadingsQueryOptions = (uuid: string, signals: readonly string[], range: ReadingRange) =>
  queryOptions({
    queryKey: [...deviceReadingsKey(uuid), signals, range],
    // A range "up to now" is resolved when the call goes, so a refresh after a new uplink reaches it.
    queryFn: ({ signal }) => getReadings(uuid, { signals, ...rangeBounds(range, Date.now()) }, signal),
    enabled: signals.length > 0,
    meta: { errorSnackbar: false },
  });

/** The readings of the chosen signals in the chosen range, newest first; the previous answer stays while one loads. */
export const useReadings = (uuid: string, signals: readonly string[], range: ReadingRange) =>
  useQuery({ ...getReadingsQueryOptions(uuid, signals, range), placeholderData: keepPreviousData });
