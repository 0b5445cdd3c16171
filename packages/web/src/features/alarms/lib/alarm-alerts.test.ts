import type { Alarm, LiveEvent } from '@iot/shared';
import { describe, expect, it, vi } from 'vitest';
import { alarmOf } from '../testing/alarm-fixtures';
import { createAlarmAlertStore } from './alarm-alerts';

const event = (alarm: Alarm, transition: Extract<LiveEvent, { type: 'alarm' }>['transition']): LiveEvent => ({
  type: 'alarm',
  deviceUUID: alarm.device.uuid,
  businessId: alarm.businessId,
  transition,
  alarm,
});

describe('alarm alerts', () => {
  it('keeps alarms that became active, in order, and ignores every other event', () => {
    const store = createAlarmAlertStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.onLiveEvent(event(alarmOf('a1'), 'firstActivation'));
    store.onLiveEvent(event(alarmOf('a2', { status: 'latched' }), 'problemSolved'));
    store.onLiveEvent(event(alarmOf('a3'), 'activatedFromSnooze'));
    store.onLiveEvent({ type: 'readings', deviceUUID: 'd1', businessId: 'b1', lastSeenAt: '', signalValues: {} });
    expect(store.current()?.alarm.id).toBe('a1');
    expect(store.waiting()).toBe(1);
    expect(listener).toHaveBeenCalledTimes(2);
    store.dismiss('a1');
    expect(store.current()).toMatchObject({ alarm: { id: 'a3' }, transition: 'activatedFromSnooze' });
    expect(store.waiting()).toBe(0);
  });

  it('shows an alarm once, in its newest state', () => {
    const store = createAlarmAlertStore();
    store.onLiveEvent(event(alarmOf('a1', { version: 3 }), 'reactivated'));
    store.onLiveEvent(event(alarmOf('a1', { version: 1 }), 'firstActivation'));
    expect(store.current()).toMatchObject({ alarm: { version: 3 }, transition: 'reactivated' });
    store.onLiveEvent(event(alarmOf('a1', { version: 5 }), 'activatedFromSnooze'));
    expect(store.current()).toMatchObject({ alarm: { version: 5 }, transition: 'activatedFromSnooze' });
    expect(store.waiting()).toBe(0);
  });
});
