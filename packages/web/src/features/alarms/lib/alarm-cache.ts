import type { Alarm, AlarmKeysetPage, AlarmWithHistory } from '@iot/shared';
import type { QueryClient } from '@tanstack/react-query';
import { alarmKey } from '../api/get-alarm';
import { ALARM_PAGES_KEY } from '../api/get-alarms';

/** An alarm as a live event tells it, over what a cache holds: an older state never overwrites a newer one. */
const newer = <T extends Alarm>(cached: T, alarm: Alarm): T =>
  alarm.version >= cached.version ? { ...cached, ...alarm } : cached;

/** Puts the alarm's new state in every cached page that shows it (a page without it is kept as it is). */
export function patchAlarmPages(queryClient: QueryClient, alarm: Alarm) {
  queryClient.setQueriesData<AlarmKeysetPage>({ queryKey: ALARM_PAGES_KEY }, (page) => {
    if (!page?.data.some((row) => row.id === alarm.id)) return page;
    return { ...page, data: page.data.map((row) => (row.id === alarm.id ? newer(row, alarm) : row)) };
  });
}

/**
 * The open alarm (its history dialog) takes the new state at once; its history, which the event does not carry, is
 * read again.
 */
export function patchAlarmDetail(queryClient: QueryClient, alarm: Alarm) {
  const key = alarmKey(alarm.id);
  const cached = queryClient.getQueryData<AlarmWithHistory>(key);
  if (!cached) return;
  if (alarm.version > cached.version) {
    queryClient.setQueryData<AlarmWithHistory>(key, newer(cached, alarm));
    void queryClient.invalidateQueries({ queryKey: key, exact: true });
  }
}

/** Reads every alarm list again: a new alarm, or a status leaving a filter, changes which rows a page holds. */
export const refreshAlarmPages = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: ALARM_PAGES_KEY });
