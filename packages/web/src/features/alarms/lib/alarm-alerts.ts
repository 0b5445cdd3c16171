import type { Alarm, LiveEvent } from '@iot/shared';
import { isActivating } from './alarm-status';

type AlarmEvent = Extract<LiveEvent, { type: 'alarm' }>;

/** One alarm the snackbar tells about. */
export interface AlarmAlert {
  alarm: Alarm;
  transition: AlarmEvent['transition'];
}

/** At most this many alerts wait; older ones are dropped, the list screen has them all. */
const MAX_WAITING = 20;

/**
 * The alarms the global alarm snackbar shows, one after the other: every alarm that just became active. An alarm
 * already waiting is replaced by its newer state rather than shown twice (a reconnect may repeat an event).
 */
export function createAlarmAlertStore() {
  let alerts: readonly AlarmAlert[] = [];
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  return {
    /** Takes every live event; only activating alarm events make an alert. */
    onLiveEvent(event: LiveEvent) {
      if (event.type !== 'alarm' || !isActivating(event.transition)) return;
      const alert = { alarm: event.alarm, transition: event.transition };
      const index = alerts.findIndex((waiting) => waiting.alarm.id === event.alarm.id);
      if (index >= 0) {
        if ((alerts[index]?.alarm.version ?? 0) > event.alarm.version) return;
        alerts = alerts.map((waiting, at) => (at === index ? alert : waiting));
      } else {
        alerts = [...alerts, alert].slice(-MAX_WAITING);
      }
      emit();
    },
    /** The alert on show, or null. */
    current: (): AlarmAlert | null => alerts[0] ?? null,
    /** How many wait behind the one on show. */
    waiting: () => Math.max(alerts.length - 1, 0),
    dismiss(alarmId: string) {
      const before = alerts.length;
      alerts = alerts.filter((alert) => alert.alarm.id !== alarmId);
      if (alerts.length !== before) emit();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type AlarmAlertStore = ReturnType<typeof createAlarmAlertStore>;
