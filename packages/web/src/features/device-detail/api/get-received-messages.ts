import type { ReceivedMessagesAnswer } from '@iot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { deviceKey, devicePath } from './get-device';

export const deviceReceivedMessagesKey = (uuid: string) => [...deviceKey(uuid), 'messages'] as const;

export const getReceivedMessages = (uuid: string, signal?: AbortSignal) =>
  api.get<ReceivedMessagesAnswer>(`${devicePath(uuid)}/messages`, { signal });

export const getReceivedMessagesQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: deviceReceivedMessagesKey(uuid),
    queryFn: ({ signal }) => getReceivedMessages(uuid, signal),
  });

/** The messages received from the device (newest first), with what the network told of each. */
export const useReceivedMessages = (uuid: string) => useQuery(getReceivedMessagesQueryOptions(uuid));
