import {
  type AlarmInput,
  type AlarmRefusal,
  type AlarmTransition,
  type LiveEvent,
  type NotificationCode,
  nextAlarmState,
  RAISED,
} from '@iot/shared';
import type { Kysely, Selectable } from 'kysely';
import { orderedId } from '../../db/ordered-id.js';
import type { ConditionEventsTable, Database, DatabaseSchema } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { LiveEventEnvelope } from '../ingest/live-events.js';
import { alarmTransitionSource, conditionEventSource, signalParams } from '../notifications/alarm-notifications.js';
import { createNotificationsRepo } from '../notifications/repo.js';
import { alarmOptionsOf, presentAlarm, stateOf } from './present.js';
import { type AlarmWithDeviceRow, createAlarmsRepo } from './repo.js';

/**
 * One change of an alarm: what is published after the transaction commits. `transition` is null for a change of
 * status without a named transition (a snooze that ended with the condition gone).
 */
export interface AlarmChange {
  alarmId: string;
  transition: AlarmTransition | null;
}

/** The transitions that make an alarm active: the users who see its device are notified of these. */
const ACTIVATING: readonly AlarmTransition[] = ['firstActivation', 'reactivated', 'activatedFromSnooze'];

/** How many times an edge is stepped again when a user changed the alarm between its read and its write. */
const RETRIES = 3;

export interface AlarmStepContext {
  at: number;
  /** Who did it: null for the device and the platform. */
  userId?: string | null;
  comment?: string | null;
  /** The edge being applied, remembered so applying it again changes nothing; with the reading that crossed it. */
  event?: { id: string; value: string; date: number };
  /** The version the user read; the alarm's current version when the platform steps it. */
  version?: number;
}

export type AlarmStepOutcome =
  | { ok: true; change: AlarmChange | null }
  | { ok: false; error: AlarmRefusal | 'conflict' };

const device = (row: AlarmWithDeviceRow) => ({
  id: row.deviceId,
  description: row.deviceDescription,
  deviceType: row.deviceType,
  businessPath: row.businessPath,
});

/** The message of each activating transition's notification. */
const ACTIVATION_CODE: Partial<Record<AlarmTransition, NotificationCode>> = {
  firstActivation: 'notification.alarm_raised',
  reactivated: 'notification.alarm_reactivated',
  activatedFromSnooze: 'notification.alarm_unsnoozed',
};

/**
 * A notification, for every user who sees the device, that one of its alarms became active, stored as a message code
 * worded when read. Its source is the edge that caused it (when one did), so a push action following the same edge
 * adds no second notification for a user.
 */
async function notifyActivation(
  trx: Kysely<DatabaseSchema>,
  alarm: { id: string; signal: string; number: number; value: string },
  of: ReturnType<typeof device>,
  transition: AlarmTransition,
  context: { at: number; eventId?: string },
) {
  const code = ACTIVATION_CODE[transition];
  if (!code) return;
  const userIds = await createAlarmsRepo(trx).usersSeeing(of.businessPath, trx);
  const params = {
    device: of.description || of.id,
    // The number the alarm lists show.
    alarm: String(alarm.number),
    ...signalParams(of.deviceType, alarm.signal, JSON.parse(alarm.value)),
  };
  const source =
    context.eventId === undefined
      ? alarmTransitionSource(alarm.id, transition, context.at)
      : conditionEventSource(context.eventId);
  await createNotificationsRepo(trx).insertMany(
    userIds.map((userId) => ({
      userId,
      title: '',
      body: '',
      code,
      params: JSON.stringify(params),
      source,
      topic: null,
      readAt: null,
      createdAt: context.at,
    })),
    trx,
  );
}

/**
 * Steps one alarm by one input through the state machine (the only place transitions are decided) and writes the
 * result over its version: the new state, a history row for a transition, a notification when it became active.
 * A refusal of the state machine, or a version someone else changed meanwhile (`conflict`), writes nothing.
 */
export async function applyAlarmInput(
  trx: Kysely<DatabaseSchema>,
  alarm: AlarmWithDeviceRow,
  input: AlarmInput,
  context: AlarmStepContext,
): Promise<AlarmStepOutcome> {
  const step = nextAlarmState(stateOf(alarm), input, alarmOptionsOf(alarm.alarmsConfig));
  if (!step.ok) return step;
  const repo = createAlarmsRepo(trx);
  const { state, transition } = step;
  const written = await repo.updateIfVersion(
    alarm.id,
    context.version ?? alarm.version,
    {
      status: state.status,
      conditionActive: state.conditionActive ? 1 : 0,
      snoozedUntil: state.snoozedUntil,
      updatedAt: context.at,
      ...(context.event ? { lastEventId: context.event.id, value: context.event.value } : {}),
    },
    trx,
  );
  if (!written) return { ok: false, error: 'conflict' };
  if (transition === null) {
    return { ok: true, change: state.status === alarm.status ? null : { alarmId: alarm.id, transition: null } };
  }
  await repo.insertHistory(
    {
      alarmId: alarm.id,
      transition,
      userId: context.userId ?? null,
      comment: context.comment || null,
      // What the device caused dates from its reading; the rest from when it was done.
      date: context.event?.date ?? context.at,
    },
    trx,
  );
  if (ACTIVATING.includes(transition)) {
    const value = context.event?.value ?? alarm.value;
    await notifyActivation(trx, { ...alarm, value }, device(alarm), transition, {
      at: context.at,
      eventId: context.event?.id,
    });
  }
  return { ok: true, change: { alarmId: alarm.id, transition } };
}

/**
 * Applies one edge of an alarm condition to the device's alarms, in the dispatcher's transaction (so alarms follow
 * edges exactly once and in order): the open alarm of the condition steps with conditionRaised/conditionCleared; a
 * raised edge without one raises a new alarm, numbered after the device's last. An edge applied already changes
 * nothing. Answers the transitions to publish after commit.
 */
export async function applyConditionEvent(
  trx: Kysely<DatabaseSchema>,
  event: Selectable<ConditionEventsTable>,
  at: number,
): Promise<AlarmChange[]> {
  const repo = createAlarmsRepo(trx);
  if (await repo.applied(event.deviceId, event.conditionKey, event.id, trx)) return [];
  const input: AlarmInput = { type: event.raised ? 'conditionRaised' : 'conditionCleared' };
  const context = { at, event: { id: event.id, value: event.value, date: event.date } };
  for (let attempt = 0; attempt < RETRIES; attempt += 1) {
    const open = await repo.findOpen(event.deviceId, event.conditionKey, trx);
    if (open) {
      const outcome = await applyAlarmInput(trx, open, input, context);
      if (outcome.ok) return outcome.change ? [outcome.change] : [];
      // Device inputs are never refused; a user changed the alarm since it was read: read it again.
      continue;
    }
    if (!event.raised) return [];
    return raise(trx, event, at);
  }
  throw new Error(`condition event ${event.id} not applied: its alarm kept changing`);
}

async function raise(
  trx: Kysely<DatabaseSchema>,
  event: Selectable<ConditionEventsTable>,
  at: number,
): Promise<AlarmChange[]> {
  const repo = createAlarmsRepo(trx);
  const of = await repo.device(event.deviceId, trx);
  // An edge recorded before the device's alarms were inhibited and dispatched after raises nothing.
  if (!of || (JSON.parse(of.alarmsConfig) as { inhibited?: boolean }).inhibited === true) return [];
  const { state, transition } = RAISED;
  const alarm = {
    id: orderedId(),
    deviceId: event.deviceId,
    sequenceId: await repo.nextSequenceId(event.deviceId, trx),
    number: await repo.nextNumber(of.tenantPath, trx),
    conditionKey: event.conditionKey,
    signal: event.signal,
    source: event.kind === 'alarm' ? ('signal' as const) : ('rule' as const),
    status: state.status,
    conditionActive: state.conditionActive ? 1 : 0,
    snoozedUntil: state.snoozedUntil,
    value: event.value,
    lastEventId: event.id,
    raisedAt: event.date,
    updatedAt: at,
    version: 1,
  };
  await repo.insert(alarm, trx);
  await repo.insertHistory({ alarmId: alarm.id, transition, userId: null, comment: null, date: event.date }, trx);
  await notifyActivation(trx, alarm, of, transition, { at, eventId: event.id });
  return [{ alarmId: alarm.id, transition }];
}

/** The `alarm` live events of changes, read after their transaction committed (each with the alarm as it is now). */
export async function alarmEventsOf(db: Database, changes: AlarmChange[]): Promise<LiveEventEnvelope[]> {
  const repo = createAlarmsRepo(db);
  const rows = await repo.withAssets(await repo.manyWithDevice([...new Set(changes.map((change) => change.alarmId))]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return changes.flatMap((change) => {
    const row = byId.get(change.alarmId);
    if (!row) return [];
    const event: LiveEvent = {
      type: 'alarm',
      deviceUUID: row.deviceId,
      businessId: row.businessId,
      transition: change.transition,
      alarm: presentAlarm(row),
    };
    return [{ businessPath: row.businessPath, event }];
  });
}

/**
 * Closes every open alarm of a device whose alarms are being inhibited, or whose asset is moved (history
 * forcedAcknowledge, with `by`: who did it and why). An alarm that the dispatcher or a user changed meanwhile is read
 * again and closed as it is now.
 */
export async function forceAcknowledgeOpenAlarms(
  trx: Kysely<DatabaseSchema>,
  deviceId: string,
  at: number,
  by: { userId: string; comment: string } | null = null,
): Promise<AlarmChange[]> {
  const repo = createAlarmsRepo(trx);
  const changes: AlarmChange[] = [];
  for (const open of await repo.openOfDevice(deviceId, trx)) {
    let alarm: AlarmWithDeviceRow | undefined = open;
    for (let attempt = 0; alarm && alarm.status !== 'acknowledged'; attempt += 1) {
      const outcome = await applyAlarmInput(trx, alarm, { type: 'forceAcknowledge' }, { at, ...by });
      if (outcome.ok) {
        if (outcome.change) changes.push(outcome.change);
        break;
      }
      if (attempt + 1 >= RETRIES) throw new AppError(outcome.error);
      alarm = await repo.findWithDevice(alarm.id, trx);
    }
  }
  return changes;
}
