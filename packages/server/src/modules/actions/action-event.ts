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

/** The event as people read it (mail, push, SMS, voice, Geotab). */
export function describeEvent(event: ActionEvent): { title: string; body: string } {
  const device = event.deviceDescription || event.deviceUUID;
  const what = event.raised ? 'alarm' : 'cleared';
  const value = typeof event.value === 'object' ? JSON.stringify(event.value) : String(event.value);
  return {
    title: `${device}: ${event.signal} ${what}`,
    body: `${device}: ${event.signal} ${event.raised ? 'is in alarm' : 'is back to normal'} (value ${value}) at ${event.date}.`,
  };
}
