import {
  type Alarm,
  type AlarmHistoryEntry,
  type AlarmOptions,
  type AlarmState,
  findDeviceType,
  findSignal,
} from '@iot/shared';
import type { AlarmHistoryRow, AlarmRow, AlarmWithDeviceRow } from './repo.js';

const iso = (time: number) => new Date(time).toISOString();

const parseJson = (json: string): unknown => {
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
};

/** The state machine's view of a stored alarm. */
export const stateOf = (row: AlarmRow): AlarmState => ({
  status: row.status,
  conditionActive: row.conditionActive === 1,
  snoozedUntil: row.snoozedUntil,
});

/** The options of a device's `alarms_config` the state machine follows. */
export function alarmOptionsOf(alarmsConfig: string): AlarmOptions {
  const config = parseJson(alarmsConfig) as { autoAcknowledgeLatchedWhileSnoozed?: unknown } | null;
  return { autoAcknowledgeLatchedWhileSnoozed: config?.autoAcknowledgeLatchedWhileSnoozed === true };
}

/** The display name of a signal of a device type; the key itself when the type does not define it (any more). */
export function signalNameOf(deviceType: string, signal: string): string {
  const type = findDeviceType(deviceType);
  return (type && findSignal(type, signal)?.name) ?? signal;
}

export function presentAlarm(row: AlarmWithDeviceRow): Alarm {
  return {
    id: row.id,
    sequenceId: row.sequenceId,
    number: row.number,
    status: row.status,
    conditionActive: row.conditionActive === 1,
    snoozedUntil: row.snoozedUntil === null ? null : iso(row.snoozedUntil),
    signal: row.signal,
    signalName: signalNameOf(row.deviceType, row.signal),
    source: row.source,
    value: parseJson(row.value),
    device: { uuid: row.deviceId, description: row.deviceDescription },
    asset: row.asset ?? null,
    businessId: row.businessId,
    raisedAt: iso(row.raisedAt),
    updatedAt: iso(row.updatedAt),
    version: row.version,
  };
}

export function presentHistory(row: AlarmHistoryRow): AlarmHistoryEntry {
  const name = [row.userFirstName, row.userLastName].filter(Boolean).join(' ') || row.userEmail || '';
  return {
    transition: row.transition,
    user: row.userId === null ? null : { id: row.userId, name },
    comment: row.comment,
    date: iso(row.date),
  };
}
