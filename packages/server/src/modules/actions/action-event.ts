import { DEFAULT_LANGUAGE, FORMAT_LOCALES, type Language, notificationText, translate } from '@iot/shared';
import { signalParams } from '../notifications/alarm-notifications.js';
import type { ConditionEventRow } from './repo.js';

/**
 * The condition edge an action follows, as a job keeps it and as a callback receiver gets it: the device, the
 * condition, whether it appeared or cleared, and the reading that crossed the edge.
 */
export interface ActionEvent {
  id: string;
  deviceUUID: string;
  deviceDescription: string;
  deviceType: string;
  businessId: string;
  conditionKey: string;
  signal: string;
  kind: 'alarm' | 'value';
  raised: boolean;
  value: unknown;
  date: string;
}

/** A job's event and who an earlier attempt already reached, so a retry does not reach them twice. */
export type JobEvent = ActionEvent & { delivered?: string[] };

export function actionEventOf(
  row: ConditionEventRow & { businessId: string; deviceDescription: string; deviceType: string },
): ActionEvent {
  return {
    id: row.id,
    deviceUUID: row.deviceId,
    deviceDescription: row.deviceDescription,
    deviceType: row.deviceType,
    businessId: row.businessId,
    conditionKey: row.conditionKey,
    signal: row.signal,
    kind: row.kind,
    raised: row.raised === 1,
    value: JSON.parse(row.value),
    date: new Date(row.date).toISOString(),
  };
}

/** What `test-action-callback` sends: an edge as a real one looks, on a device that does not exist. */
export function sampleActionEvent(businessId: string, at: number): ActionEvent {
  return {
    id: 'sample',
    deviceUUID: '00000000-0000-4000-8000-000000000000',
    deviceDescription: 'Sample device',
    deviceType: 'th-sensor-sigfox',
    businessId,
    conditionKey: 'rule:temperature:above:30',
    signal: 'temperature',
    kind: 'value',
    raised: true,
    value: 31.5,
    date: new Date(at).toISOString(),
  };
}

/** Who reads an action's text: their language, and their timezone in hours from UTC (the time is told in it). */
export interface Reader {
  language: Language;
  timezone: number;
}

/** Someone an action reaches who is no user (a typed address, a Geotab database): the product's language, UTC. */
export const UNKNOWN_READER: Reader = { language: DEFAULT_LANGUAGE, timezone: 0 };

/** "UTC", "UTC+1", "UTC-3:30". */
function zoneName(timezone: number): string {
  if (timezone === 0) return 'UTC';
  const minutes = Math.round(Math.abs(timezone) * 60);
  const rest = minutes % 60;
  return `UTC${timezone < 0 ? '-' : '+'}${Math.floor(minutes / 60)}${rest === 0 ? '' : `:${String(rest).padStart(2, '0')}`}`;
}

/**
 * The event as people read it (mail, SMS, voice, Geotab), in the reader's language and timezone: the words of the
 * condition's notification, and when it happened.
 */
export function describeEvent(event: ActionEvent, reader: Reader): { title: string; body: string } {
  const { title, body } = notificationText(
    {
      code: event.raised ? 'notification.condition_raised' : 'notification.condition_cleared',
      params: conditionParams(event),
      message: { title: '', body: '' },
    },
    reader.language,
  );
  const time = new Intl.DateTimeFormat(FORMAT_LOCALES[reader.language], {
    dateStyle: 'short',
    timeStyle: 'medium',
    timeZone: 'UTC',
  }).format(Date.parse(event.date) + reader.timezone * 3_600_000);
  return {
    title,
    body: `${body} ${translate('action.event_time', reader.language, { time, zone: zoneName(reader.timezone) })}`,
  };
}

/** The parameters of a condition's notification and texts: the device, the signal and its value. */
export const conditionParams = (event: ActionEvent) => ({
  device: event.deviceDescription || event.deviceUUID,
  ...signalParams(event.deviceType, event.signal, event.value),
});
