import type { Device, DevicePage, LiveEvent } from '@iot/shared';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { getAlarmsQueryOptions } from '@/features/alarms/api/get-alarms';
import { alarmOf } from '@/features/alarms/testing/alarm-fixtures';
import { deviceOutputsKey } from '@/features/device-detail/api/device-outputs';
import { deviceCommissioningKey } from '@/features/device-detail/api/get-commissioning';
import { deviceKey } from '@/features/device-detail/api/get-device';
import { deviceReadingsKey } from '@/features/device-detail/api/get-readings';
import { deviceUndecodedFramesKey } from '@/features/device-detail/api/get-undecoded-frames';
import { DEVICES_KEY } from '@/features/devices/api/get-devices';
import { deviceLocationStatesKey } from '@/features/locations/api/get-location-states';
import { i18n } from '@/i18n';
import { testDevice } from '@/testing/device';
import { createLiveEventCache, LIST_REFRESH_MS } from './apply-live-event';

const device = (uuid: string) =>
  testDevice({
    uuid,
    description: `Sensor ${uuid}`,
    signalValues: { humidity: { value: 60, date: '2026-11-22T09:00:00.000Z' } },
    lastSeenAt: '2026-11-22T09:00:00.000Z',
    version: 3,
  });

const readings: LiveEvent = {
  type: 'readings',
  deviceUUID: 'd1',
  businessId: 'b1',
  lastSeenAt: '2026-11-22T10:00:00.000Z',
  signalValues: { temperature: { value: 4.5, date: '2026-11-22T10:00:00.000Z' } },
};

/** A cache with device d1 open and a list page of d1 and d2; flushes run when the test says. */
function setUp() {
  const queryClient = new QueryClient();
  const listKey = [...DEVICES_KEY, 'filter', { businessId: 'b1' }];
  queryClient.setQueryData(deviceKey('d1'), device('d1'));
  queryClient.setQueryData<InfiniteData<DevicePage>>(listKey, {
    pages: [{ items: [device('d1'), device('d2')], nextCursor: null }],
    pageParams: [undefined],
  });
  const flushes: (() => void)[] = [];
  const apply = createLiveEventCache(queryClient, i18n.t, (run, ms) => {
    expect(ms).toBe(LIST_REFRESH_MS);
    flushes.push(run);
  });
  const listed = (uuid: string) =>
    queryClient.getQueryData<InfiniteData<DevicePage>>(listKey)?.pages[0]?.items.find((item) => item.uuid === uuid);
  return { queryClient, apply, flushes, listed };
}

describe('the live events cache', () => {
  it('patches the open device at once with the new values and last-seen date, keeping the others', () => {
    const { queryClient, apply } = setUp();
    apply(readings);
    const open = queryClient.getQueryData<Device>(deviceKey('d1'));
    expect(open?.lastSeenAt).toBe('2026-11-22T10:00:00.000Z');
    expect(open?.signalValues).toEqual({
      humidity: { value: 60, date: '2026-11-22T09:00:00.000Z' },
      temperature: { value: 4.5, date: '2026-11-22T10:00:00.000Z' },
    });
  });

  it('patches device lists and refreshes readings once a second at most, for every event meanwhile', async () => {
    const { queryClient, apply, flushes, listed } = setUp();
    const readingsQuery = vi.fn(async () => ({ signals: [] }));
    const observer = queryClient.getQueryCache().build(queryClient, {
      queryKey: [...deviceReadingsKey('d1'), ['temperature'], { kind: '24h' }],
      queryFn: readingsQuery,
    });
    await observer.fetch();
    readingsQuery.mockClear();

    apply(readings);
    apply({ ...readings, signalValues: { temperature: { value: 5, date: '2026-11-22T10:01:00.000Z' } } });
    expect(flushes).toHaveLength(1);
    expect(listed('d1')?.signalValues.temperature).toBeUndefined();

    flushes[0]?.();
    expect(listed('d1')?.signalValues.temperature?.value).toBe(5);
    expect(listed('d1')?.lastSeenAt).toBe('2026-11-22T10:00:00.000Z');
    expect(listed('d2')).toEqual(device('d2'));
    expect(queryClient.getQueryState(observer.queryKey)?.isInvalidated).toBe(true);

    apply(readings);
    expect(flushes).toHaveLength(2);
  });

  it('reads the undecoded frames of a device again when a readings event comes, one without values included', () => {
    const { queryClient, apply, flushes } = setUp();
    const frames = { frames: [] };
    queryClient.setQueryData(deviceUndecodedFramesKey('d1'), frames);
    queryClient.setQueryData(deviceUndecodedFramesKey('d2'), frames);
    // An undecodable frame: the server publishes the last-seen date and no values.
    apply({ ...readings, signalValues: {} });
    expect(queryClient.getQueryState(deviceUndecodedFramesKey('d1'))?.isInvalidated).toBe(false);
    flushes[0]?.();
    expect(queryClient.getQueryState(deviceUndecodedFramesKey('d1'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(deviceUndecodedFramesKey('d2'))?.isInvalidated).toBe(false);
    expect(queryClient.getQueryData<Device>(deviceKey('d1'))?.lastSeenAt).toBe('2026-11-22T10:00:00.000Z');
  });

  it("reads a device's outputs again at the next flush after its readings event, as an uplink marks them sent", () => {
    const { queryClient, apply, flushes } = setUp();
    const outputs = { outputs: [], version: 3 };
    queryClient.setQueryData(deviceOutputsKey('d1'), outputs);
    queryClient.setQueryData(deviceOutputsKey('d2'), outputs);
    apply(readings);
    expect(queryClient.getQueryState(deviceOutputsKey('d1'))?.isInvalidated).toBe(false);
    flushes[0]?.();
    expect(queryClient.getQueryState(deviceOutputsKey('d1'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(deviceOutputsKey('d2'))?.isInvalidated).toBe(false);
  });

  it('moves the open device to its new location at once, and its list rows and location history at the next flush', () => {
    const { queryClient, apply, flushes, listed } = setUp();
    const historyKey = [...deviceLocationStatesKey('d1'), { kind: '24h' }];
    queryClient.setQueryData(historyKey, { items: [] });
    const location = {
      state: 'atForbiddenPoi' as const,
      place: { id: 'yard', name: 'Closed yard' },
      since: '2026-11-22T10:00:00.000Z',
    };
    apply({ type: 'location', deviceUUID: 'd1', businessId: 'b1', location });
    expect(queryClient.getQueryData<Device>(deviceKey('d1'))?.location).toEqual(location);
    expect(listed('d1')?.location.state).toBe('unavailable');
    expect(queryClient.getQueryState(historyKey)?.isInvalidated).toBe(false);

    flushes[0]?.();
    expect(listed('d1')?.location).toEqual(location);
    expect(listed('d2')?.location.state).toBe('unavailable');
    expect(queryClient.getQueryState(historyKey)?.isInvalidated).toBe(true);
  });

  it('sets the parameterization status with its label and colour', () => {
    const { queryClient, apply, flushes, listed } = setUp();
    apply({ type: 'parameterization', deviceUUID: 'd1', businessId: 'b1', status: 'SENT' });
    expect(queryClient.getQueryData<Device>(deviceKey('d1'))?.parameterization).toEqual({
      status: 'SENT',
      label: 'Sent',
      colour: '#9ccc65',
    });
    flushes[0]?.();
    expect(listed('d1')?.parameters.status).toBe('SENT');
  });

  it('appends a commissioning event to a loaded list once, and leaves an unloaded one to its first read', () => {
    const { queryClient, apply } = setUp();
    const start = { event: 'COMMISSIONING_START' as const, date: '2026-11-22T10:00:00.000Z', detail: null };
    const quality = { event: 'LINK_QUALITY_COMPUTED' as const, date: '2026-11-22T10:00:01.000Z', detail: 'GOOD' };
    queryClient.setQueryData(deviceCommissioningKey('d1'), { events: [start] });
    apply({ type: 'commissioning', deviceUUID: 'd1', businessId: 'b1', event: quality });
    apply({ type: 'commissioning', deviceUUID: 'd1', businessId: 'b1', event: quality });
    apply({ type: 'commissioning', deviceUUID: 'd2', businessId: 'b1', event: start });
    expect(queryClient.getQueryData(deviceCommissioningKey('d1'))).toEqual({ events: [start, quality] });
    expect(queryClient.getQueryData(deviceCommissioningKey('d2'))).toBeUndefined();
  });

  it('patches an alarm on show at once and reads the alarm lists again at the next flush', () => {
    const { queryClient, apply, flushes } = setUp();
    const key = getAlarmsQueryOptions({ business: 'b1', pageSize: 25 }).queryKey;
    queryClient.setQueryData(key, { data: [alarmOf('a1')], hasNext: false, next: null });
    const changed = alarmOf('a1', { status: 'latched', conditionActive: false, version: 2 });
    apply({ type: 'alarm', deviceUUID: 'd1', businessId: 'b1', transition: 'problemSolved', alarm: changed });
    expect(queryClient.getQueryData(key)).toMatchObject({ data: [{ status: 'latched', version: 2 }] });
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
    expect(flushes).toHaveLength(1);
    flushes[0]?.();
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });
});
