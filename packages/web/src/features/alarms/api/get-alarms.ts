import type { AlarmKeysetPage } from '@iot/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';

/** Every alarm query lives under this key, so a change to an alarm (or a live event) refreshes them all. */
export const ALARMS_KEY = ['alarms'] as const;
export const ALARM_PAGES_KEY = [...ALARMS_KEY, 'page'] as const;

export type AlarmPageRequest = {
  /** A business whose subtree is listed; every business the caller sees when absent. */
  business?: string;
  deviceUUID?: string;
  status?: string;
  /** The `next` of the page before; the first page when absent. */
  after?: string;
  pageSize: number;
};

export const getAlarms = (query: AlarmPageRequest, signal?: AbortSignal) =>
  api.get<AlarmKeysetPage>('/alarms', { query: { ...query }, signal });

export const getAlarmsQueryOptions = (request: AlarmPageRequest) =>
  queryOptions({
    queryKey: [...ALARM_PAGES_KEY, request],
    queryFn: ({ signal }) => getAlarms(request, signal),
    // The list shows a failure in place, with a retry.
    meta: { errorSnackbar: false },
  });

/** A page of the alarms the caller sees (of a subtree, or of one device), newest first. */
export const useAlarms = (request: AlarmPageRequest) =>
  useQuery({ ...getAlarmsQueryOptions(request), placeholderData: keepPreviousData });
