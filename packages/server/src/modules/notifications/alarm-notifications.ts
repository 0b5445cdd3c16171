import { findDeviceType, findSignal, SIGNAL_NAMES } from '@iot/shared';

/**
 * How a notification names a signal of a device and a value of it (the `signal`, `value` and `unit` parameters of the
 * alarm and condition messages): the signal's name from its device type (in English, as the codecs name it; the web
 * app words it from `signalKey`), the value as text, the unit after a space.
 */
export function signalParams(
  deviceType: string,
  signal: string,
  value: unknown,
): { signal: string; signalKey: string; value: string; unit: string } {
  const type = findDeviceType(deviceType);
  const definition = type ? findSignal(type, signal) : undefined;
  return {
    // A condition of the platform's own (a forbidden place) is named as the codecs' signals are.
    signal: definition?.name ?? SIGNAL_NAMES.en[signal] ?? signal,
    signalKey: signal,
    value: typeof value === 'object' ? JSON.stringify(value) : String(value),
    unit: definition?.unit ? ` ${definition.unit}` : '',
  };
}

/** The source of the notifications an alarm condition's edge causes, whichever action (alarm, push) stores them. */
export const conditionEventSource = (conditionEventId: string) => `condition-event:${conditionEventId}`;

/** The source of the notification of an alarm transition no edge caused (a snooze that ended, say). */
export const alarmTransitionSource = (alarmId: string, transition: string, at: number) =>
  `alarm:${alarmId}:${transition}:${at}`;
