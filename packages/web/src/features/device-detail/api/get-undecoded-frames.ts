import type { UndecodedFramesAnswer as UndecodedFramesSchema, z } from '@iot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { deviceKey, devicePath } from './get-device';

export type UndecodedFramesAnswer = z.infer<typeof UndecodedFramesSchema>;
export type UndecodedFrame = UndecodedFramesAnswer['frames'][number];

export const deviceUndecodedFramesKey = (uuid: string) => [...deviceKey(uuid), 'frames'] as const;

export const getUndecodedFrames = (uuid: string, signal?: AbortSignal) =>
  api.get<UndecodedFramesAnswer>(`${devicePath(uuid)}/frames`, { signal });

export const getUndecodedFramesQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: deviceUndecodedFramesKey(uuid),
    queryFn: ({ signal }) => getUndecodedFrames(uuid, signal),
  });

/** The frames the device's codec could not decode, newest first. */
export const useUndecodedFrames = (uuid: string) => useQuery(getUndecodedFramesQueryOptions(uuid));
