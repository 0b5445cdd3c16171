import type { AlarmWithHistory } from '@iot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { ALARMS_KEY } from './get-alarms';

export const alarmPath = (id: string) => `/alarms/${encodeURIComponent(id)}`;
export const alarmKey = (id: string) => [...ALARMS_KEY, 'detail', id] as const;

export const getAlarm = (id: string, signal?: AbortSignal) => api.get<AlarmWithHistory>(alarmPath(id), { signal });

export const getAlarmQueryOptions = (id: string) =>
  queryOptions({
    queryKey: alarmKey(id),
    queryFn: ({ signal }) => getAlarm(id, signal),
    meta: { errorSnackbar: false },
  });

/** One alarm with its history, oldest first. */
export const useAlarm = (id: string | undefined) =>
  useQuery({ ...getAlarmQueryOptions(id ?? ''), enabled: Boolean(id) });
