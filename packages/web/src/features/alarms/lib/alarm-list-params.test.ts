import { describe, expect, it } from 'vitest';
import { alarmQueryOf, OPEN_STATUSES, readAlarmListParams, writeAlarmListParams } from './alarm-list-params';

describe('alarm list parameters', () => {
  it('shows the open alarms of every business, first page, by default', () => {
    expect(readAlarmListParams(new URLSearchParams())).toEqual({
      businessId: null,
      statuses: OPEN_STATUSES,
      after: null,
      pageSize: 25,
    });
  });

  it('reads the business, statuses (in their order, unknown ones left out), page start and page size', () => {
    const list = readAlarmListParams(
      new URLSearchParams('business=b7&status=acknowledged,bogus,active&after=5_a1&pageSize=50'),
    );
    expect(list).toEqual({ businessId: 'b7', statuses: ['active', 'acknowledged'], after: '5_a1', pageSize: 50 });
    expect(readAlarmListParams(new URLSearchParams('status=active')).statuses).toEqual(['active']);
  });

  it('falls back from a page size the API would refuse', () => {
    expect(readAlarmListParams(new URLSearchParams('pageSize=33')).pageSize).toBe(25);
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const written = writeAlarmListParams(new URLSearchParams('lang=pt&page=4'), {
      businessId: 'b1',
      statuses: OPEN_STATUSES,
      after: null,
      pageSize: 25,
    });
    expect(written.toString()).toBe('lang=pt&business=b1');
    const all = writeAlarmListParams(new URLSearchParams(), {
      businessId: null,
      statuses: [],
      after: '5_a1',
      pageSize: 10,
    });
    expect(Object.fromEntries(all)).toEqual({ status: '', after: '5_a1', pageSize: '10' });
    expect(readAlarmListParams(all).statuses).toEqual([]);
  });

  it('asks the API for every business and status when none is chosen', () => {
    const list = { businessId: null, statuses: [], after: null, pageSize: 25 };
    expect(alarmQueryOf(list)).toEqual({ pageSize: 25 });
    expect(
      alarmQueryOf(
        { ...list, statuses: ['active', 'latched', 'snoozed', 'acknowledged'], after: '5_a1', pageSize: 10 },
        'd1',
      ),
    ).toEqual({ deviceUUID: 'd1', after: '5_a1', pageSize: 10 });
    expect(alarmQueryOf({ ...list, businessId: 'b2', statuses: ['active', 'snoozed'] })).toEqual({
      business: 'b2',
      status: 'active,snoozed',
      pageSize: 25,
    });
  });
});
