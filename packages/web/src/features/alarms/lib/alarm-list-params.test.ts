import { describe, expect, it } from 'vitest';
import { alarmQueryOf, OPEN_STATUSES, readAlarmListParams, writeAlarmListParams } from './alarm-list-params';

describe('alarm list parameters', () => {
  it('shows the open alarms of the first page by default', () => {
    expect(readAlarmListParams(new URLSearchParams())).toEqual({
      businessId: null,
      statuses: OPEN_STATUSES,
      page: 0,
      pageSize: 25,
    });
  });

  it('reads the business, statuses (in their order, unknown ones left out), page and page size', () => {
    const list = readAlarmListParams(
      new URLSearchParams('business=b7&status=acknowledged,bogus,active&page=3&pageSize=50'),
    );
    expect(list).toEqual({ businessId: 'b7', statuses: ['active', 'acknowledged'], page: 2, pageSize: 50 });
  });

  it('falls back from a page or page size the API would refuse', () => {
    const list = readAlarmListParams(new URLSearchParams('page=-2&pageSize=33'));
    expect(list.page).toBe(0);
    expect(list.pageSize).toBe(25);
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const written = writeAlarmListParams(new URLSearchParams('lang=pt&page=4'), {
      businessId: 'b1',
      statuses: OPEN_STATUSES,
      page: 0,
      pageSize: 25,
    });
    expect(written.toString()).toBe('lang=pt&business=b1');
    const all = writeAlarmListParams(new URLSearchParams(), { businessId: null, statuses: [], page: 1, pageSize: 10 });
    expect(Object.fromEntries(all)).toEqual({ status: '', page: '2', pageSize: '10' });
    expect(readAlarmListParams(all).statuses).toEqual([]);
  });

  it('asks the API for every status when none or all are chosen', () => {
    expect(alarmQueryOf({ statuses: [], page: 0, pageSize: 25 })).toEqual({ page: 1, pageSize: 25 });
    expect(
      alarmQueryOf({ statuses: ['active', 'latched', 'snoozed', 'acknowledged'], page: 1, pageSize: 10 }, 'd1'),
    ).toEqual({ deviceUUID: 'd1', page: 2, pageSize: 10 });
    expect(alarmQueryOf({ statuses: ['active', 'snoozed'], page: 0, pageSize: 25 })).toEqual({
      status: 'active,snoozed',
      page: 1,
      pageSize: 25,
    });
  });
});
