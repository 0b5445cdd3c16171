import type { AlarmKeysetPage, AlarmWithHistory } from '@iot/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { alarmKey } from '../api/get-alarm';
import { getAlarmsQueryOptions } from '../api/get-alarms';
import { alarmOf } from '../testing/alarm-fixtures';
import { patchAlarmDetail, patchAlarmPages } from './alarm-cache';

describe('alarm cache', () => {
  it('puts a newer state of an alarm in the pages that show it, never an older one', () => {
    const queryClient = new QueryClient();
    const key = getAlarmsQueryOptions({ business: 'b1', pageSize: 25 }).queryKey;
    const other = getAlarmsQueryOptions({ business: 'b2', pageSize: 25 }).queryKey;
    const page: AlarmKeysetPage = { data: [alarmOf('a1', { version: 2 }), alarmOf('a2')], hasNext: false, next: null };
    const otherPage: AlarmKeysetPage = { data: [alarmOf('a9')], hasNext: false, next: null };
    queryClient.setQueryData(key, page);
    queryClient.setQueryData(other, otherPage);

    patchAlarmPages(queryClient, alarmOf('a1', { version: 3, status: 'latched' }));
    expect(queryClient.getQueryData<AlarmKeysetPage>(key)?.data[0]).toMatchObject({ status: 'latched', version: 3 });
    expect(queryClient.getQueryData(other)).toBe(otherPage);

    patchAlarmPages(queryClient, alarmOf('a1', { version: 1, status: 'acknowledged' }));
    expect(queryClient.getQueryData<AlarmKeysetPage>(key)?.data[0]).toMatchObject({ status: 'latched', version: 3 });
  });

  it('keeps the history of an open alarm while taking its new state', () => {
    const queryClient = new QueryClient();
    const history = [
      { transition: 'firstActivation' as const, user: null, comment: null, date: '2026-11-22T10:00:00Z' },
    ];
    queryClient.setQueryData<AlarmWithHistory>(alarmKey('a1'), { ...alarmOf('a1'), history });
    patchAlarmDetail(queryClient, alarmOf('a1', { version: 2, status: 'snoozed' }));
    expect(queryClient.getQueryData(alarmKey('a1'))).toMatchObject({ status: 'snoozed', version: 2, history });
  });
});
