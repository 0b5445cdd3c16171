import {
  type BusinessRole,
  hasRank,
  NETWORK_SIGNALS,
  type ReprocessReceivedDataRequest,
  type ReprocessReceivedDataResponse,
  type SignalValue,
} from '@iot/shared';
import { PostgresAdapter, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { DevicesRepo } from '../devices/repo.js';
import type { UserRow } from '../users/present.js';
import {
  type ConditionEventRow,
  conditionEdges,
  conditionEventIds,
  type TypeRules,
  watchesOf,
} from './alarm-conditions.js';
import { decode, payloadOf } from './batch.js';
import { INGEST_COLUMNS } from './repo.js';
import type { ReadingRow, UndecodedRow } from './store.js';

/** Reprocessing changes what a device's screens show, as wiping its data does: its business's administrators. */
const MANAGE_ROLE: BusinessRole = 'admin';
/** Rows per insert statement, well under both databases' limits on bound values. */
const CHUNK = 500;

/**
 * `POST /devices/advanced/reprocess-received-data`: the messages a device sent between two times are decoded again
 * with its type and calibration as they are now. Their readings and undecodable frames in that range are replaced,
 * the latest values follow the new readings; with `runAllActions` the device's alarm conditions are evaluated over
 * the new readings from all down at the start of the range, and the edges found are recorded as new ones are, so the
 * business's actions (alarms, callbacks, mails...) run for them. Messages from before messages were kept cannot be
 * decoded again; their readings stay.
 */
export function createReprocessor({
  db,
  devicesRepo,
  typeAlarmRules,
  onConditionEvents,
  now = Date.now,
}: {
  db: Database;
  devicesRepo: DevicesRepo;
  typeAlarmRules: () => Promise<TypeRules>;
  onConditionEvents: () => void;
  now?: () => number;
}) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return async function reprocess(
    user: UserRow,
    request: ReprocessReceivedDataRequest,
  ): Promise<ReprocessReceivedDataResponse> {
    const reachable = await devicesRepo.findReachable(user, request.deviceUUID);
    if (!reachable) throw new AppError('not_found');
    if (!hasRank(reachable.role, MANAGE_ROLE)) throw new AppError('forbidden');
    const from = Date.parse(request.startDate);
    const to = Date.parse(request.endDate);
    const typeRules = await typeAlarmRules();
    const at = now();
    const outcome = await db.transaction().execute(async (trx) => {
      // Locked on PostgreSQL while its latest values are worked out, as an ingest batch locks it (SQLite has one writer).
      const device = await trx
        .selectFrom('devices')
        .select(INGEST_COLUMNS)
        .where('id', '=', reachable.id)
        .$if(postgres, (query) => query.forNoKeyUpdate())
        .executeTakeFirstOrThrow();
      // The range asked, on the `date` column of each table read or cleared below.
      const inRange = sql<boolean>`date >= ${from} and date <= ${to}`;
      const messages = await trx
        .selectFrom('receivedMessages')
        .select(['date', 'kind', 'data', 'port'])
        .where('deviceKey', '=', device.key)
        .where(inRange)
        // A simulated message made no readings (`InboundUplink.simulated`), nor does it now.
        .where('simulated', 'is', null)
        .orderBy('date')
        .execute();
      // What the network reported is no decoding of the messages: it stays.
      await trx
        .deleteFrom('readings')
        .where('deviceKey', '=', device.key)
        .where(inRange)
        .where(
          'signal',
          'not in',
          NETWORK_SIGNALS.map((signal) => signal.key),
        )
        .execute();
      await trx.deleteFrom('undecodedFrames').where('deviceId', '=', device.id).where(inRange).execute();
      const signalValues = JSON.parse(device.signalValues) as Record<string, { value: SignalValue; date: number }>;
      const watches = watchesOf(device.deviceType, typeRules.get(device.deviceType) ?? [], device.alarmsConfig);
      const up: Record<string, true> = {};
      const nextId = conditionEventIds(at);
      const readings: ReadingRow[] = [];
      const undecoded: UndecodedRow[] = [];
      const edges: ConditionEventRow[] = [];
      for (const message of messages) {
        const date = Number(message.date);
        const decoded = decode(device, { payload: payloadOf(message), receivedAt: new Date(date) });
        if (!decoded.ok) {
          undecoded.push({ deviceId: device.id, date, data: decoded.data, port: decoded.port, error: decoded.error });
          continue;
        }
        // Only the range was cleared: a reading a codec dates outside it is there already.
        const inRange = decoded.readings.filter((reading) => {
          const time = reading.date.getTime();
          return time >= from && time <= to;
        });
        for (const reading of inRange) {
          const time = reading.date.getTime();
          readings.push({
            deviceKey: device.key,
            signal: reading.signal,
            date: time,
            value: JSON.stringify(reading.value),
          });
          const latest = signalValues[reading.signal];
          if (!latest || latest.date <= time) signalValues[reading.signal] = { value: reading.value, date: time };
        }
        if (request.runAllActions) edges.push(...conditionEdges(device.id, watches, up, inRange, at, nextId));
      }
      for (let start = 0; start < readings.length; start += CHUNK) {
        await trx
          .insertInto('readings')
          .values(readings.slice(start, start + CHUNK))
          .execute();
      }
      if (undecoded.length > 0) await trx.insertInto('undecodedFrames').values(undecoded).execute();
      for (let start = 0; start < edges.length; start += CHUNK) {
        await trx
          .insertInto('conditionEvents')
          .values(edges.slice(start, start + CHUNK))
          .execute();
      }
      await trx
        .updateTable('devices')
        .set({ signalValues: JSON.stringify(signalValues) })
        .where('id', '=', device.id)
        .execute();
      return {
        messages: messages.length,
        readings: readings.length,
        undecoded: undecoded.length,
        conditionEvents: edges.length,
      };
    });
    if (outcome.conditionEvents > 0) onConditionEvents();
    return outcome;
  };
}

export type Reprocess = ReturnType<typeof createReprocessor>;
