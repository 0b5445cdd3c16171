import type { CommissioningEventKind } from '@iot/shared';
import type SqliteDatabase from 'better-sqlite3';
import { sql, type Transaction } from 'kysely';
import type { DatabaseHandle } from '../../db/database.js';
import { pgArray } from '../../db/pg-array.js';
import { runPrepared } from '../../db/reusable-query.js';
import type { Database, DatabaseSchema, ReceivedMessagesTable } from '../../db/schema.js';
import type { ConditionEventRow, TypeRules } from './alarm-conditions.js';
import {
  type DeviceChange,
  type InboundUplink,
  type StoredBatch,
  storeBatch,
  storedLastSeen,
  storedOutputs,
} from './batch.js';
import { type DeviceKey, INGEST_COLUMNS, type IngestDeviceRow } from './repo.js';
import { sqliteOps } from './sqlite-ops.js';
import { createSqliteWriter } from './sqlite-writer.js';

export interface ReadingRow {
  /** The device's `key`. */
  deviceKey: number;
  signal: string;
  date: number;
  value: string;
}
export interface MessageRow {
  /** The device's `key`. */
  deviceKey: number;
  date: number;
  kind: ReceivedMessagesTable['kind'];
  data: string;
  port: number | null;
  rssi: number | null;
  snr: number | null;
  receivers: number | null;
  dataRate: string | null;
  simulated: 1 | null;
}
export interface UndecodedRow {
  deviceId: string;
  date: number;
  data: string;
  port: number | null;
  error: string;
}
export interface CommissioningRow {
  deviceId: string;
  event: CommissioningEventKind;
  detail: string | null;
  date: number;
}

/** What one batch does to the database, inside one transaction. */
export interface StoreOps {
  findDevices(keys: DeviceKey[]): Promise<{ find(key: DeviceKey): IngestDeviceRow | undefined }>;
  /**
   * Records the counters of a batch's uplinks; `take` then says whether an uplink is new. A counter already recorded
   * within `windowMs` with the same content digest is a duplicate: the upsert changes only rows that are new, older
   * than that, or of other content (a device whose count restarted).
   */
  claimCounters(counters: CounterEntry[], at: number, windowMs: number): Promise<Pick<CounterClaims, 'take'>>;
  /** The uplinks as they arrived, to decode again on request. */
  insertMessages(rows: MessageRow[]): Promise<void>;
  insertReadings(rows: ReadingRow[]): Promise<void>;
  insertUndecoded(rows: UndecodedRow[]): Promise<void>;
  /**
   * What uplinks change on their devices. The device's `version` stays: telemetry is not an edit, so a user saving
   * the device's settings meanwhile is not refused. Outputs are written only where the batch marked some sent or
   * confirmed, so most batches neither serialise nor rewrite them.
   */
  saveChanges(changes: DeviceChange[]): Promise<void>;
  insertCommissioningEvents(rows: CommissioningRow[]): Promise<void>;
  insertConditionEvents(rows: ConditionEventRow[]): Promise<void>;
}

export interface IngestStore {
  /** Stores a batch of uplinks in one transaction (`storeBatch`). */
  storeBatch(uplinks: InboundUplink[], at: number, typeRules: TypeRules): Promise<StoredBatch>;
  /** The devices behind some keys, outside any batch. */
  findDevices: StoreOps['findDevices'];
  /** Ends what the store started (SQLite's writer thread); called once the last batch is stored. */
  close(): Promise<void>;
}

export const keyText = (key: DeviceKey) =>
  'id' in key ? `i:${key.id}` : 'sigfoxId' in key ? `s:${key.sigfoxId}` : `l:${key.loraEui}`;

export function lookup(rows: IngestDeviceRow[]) {
  const byKey = new Map<string, IngestDeviceRow>();
  for (const row of rows) {
    byKey.set(`i:${row.id}`, row);
    if (row.sigfoxId) byKey.set(`s:${row.sigfoxId}`, row);
    if (row.loraEui) byKey.set(`l:${row.loraEui}`, row);
  }
  return { find: (key: DeviceKey) => byKey.get(keyText(key)) };
}

export function keysByKind(keys: DeviceKey[]) {
  const ids = new Set<string>();
  const sigfoxIds = new Set<string>();
  const loraEuis = new Set<string>();
  for (const key of keys) {
    if ('id' in key) ids.add(key.id);
    else if ('sigfoxId' in key) sigfoxIds.add(key.sigfoxId);
    else loraEuis.add(key.loraEui);
  }
  return { id: [...ids], sigfox_id: [...sigfoxIds], lora_eui: [...loraEuis] };
}

/** An uplink's counter, with the digest of its content. */
export interface CounterEntry {
  deviceKey: number;
  counter: number;
  digest: number;
}

/** What a batch recorded of one counter: the digest of its first uplink, whether the database took it, and the
 * digests of the batch's uplinks under it told so far. */
interface RecordedCounter {
  digest: number;
  claimed: boolean;
  told: number[];
}

/**
 * The first uplink of each counter in a batch, whose digest is recorded (one statement cannot claim a row twice), and
 * what the database answers of them, told per uplink. Counters are looked up by number, device then counter: a batch
 * looks up every one of its uplinks, and text keys built for each were a twentieth of the ingest writer's time.
 */
export function counterClaims(counters: CounterEntry[]) {
  const byDevice = new Map<number, Map<number, RecordedCounter>>();
  const first: CounterEntry[] = [];
  for (const entry of counters) {
    let byCounter = byDevice.get(entry.deviceKey);
    if (!byCounter) {
      byCounter = new Map();
      byDevice.set(entry.deviceKey, byCounter);
    }
    if (!byCounter.has(entry.counter)) {
      byCounter.set(entry.counter, { digest: entry.digest, claimed: false, told: [] });
      first.push(entry);
    }
  }
  const recorded = (deviceKey: number, counter: number) => byDevice.get(deviceKey)?.get(counter);
  return {
    first,
    /** The database took (inserted, or took over) the row of this counter. */
    claimed(deviceKey: number, counter: number) {
      const entry = recorded(deviceKey, counter);
      if (entry) entry.claimed = true;
    },
    /**
     * Whether an uplink is new: its counter was claimed (new, expired, or of other content than recorded), or its own
     * content differs from the recorded one; a second uplink of the same counter and content in one batch is a resend.
     */
    take(deviceKey: number, counter: number, digest: number) {
      const entry = recorded(deviceKey, counter);
      if (!entry) return true;
      if (entry.told.includes(digest)) return false;
      entry.told.push(digest);
      return digest === entry.digest ? entry.claimed : true;
    },
  };
}

export type CounterClaims = ReturnType<typeof counterClaims>;

/**
 * The store of the database in use. On SQLite, batches are stored by the ingest writer, a thread of its own
 * (`sqlite-writer.ts`), while the main thread goes on with the broker and the routes. On PostgreSQL each step is one
 * statement over arrays (`unnest`), whatever the batch's size.
 */
export function createIngestStore(handle: DatabaseHandle): IngestStore {
  return handle.sqlite ? sqliteStore(handle, handle.sqlite) : postgresStore(handle);
}

/**
 * Kysely's connection is held while the writer stores a batch, so that the server's own writes wait for the batch as
 * they would on one connection. Devices are looked up on the server's connection, which reads what is committed
 * while the writer writes; inside another caller's transaction on it, only once that transaction has ended.
 */
function sqliteStore(handle: DatabaseHandle, sqlite: SqliteDatabase.Database): IngestStore {
  const writer = createSqliteWriter(sqlite.name);
  const reader = sqliteOps(sqlite);
  return {
    storeBatch: (uplinks, at, typeRules) =>
      handle.db.connection().execute(() => writer.storeBatch(uplinks, at, typeRules)),
    findDevices: (keys) =>
      sqlite.inTransaction ? handle.db.connection().execute(() => reader.findDevices(keys)) : reader.findDevices(keys),
    close: () => writer.close(),
  };
}

function postgresStore(handle: DatabaseHandle): IngestStore {
  const { db } = handle;
  return {
    findDevices: (keys) => postgresOps(db, false).findDevices(keys),
    storeBatch: (uplinks, at, typeRules) =>
      db.transaction().execute((trx) => storeBatch(postgresOps(trx, true), uplinks, at, typeRules)),
    close: async () => {},
  };
}

/**
 * `locking`: inside a batch's transaction the devices are read for update. A batch reads each device's latest values
 * and writes them back merged with its own, so two server processes storing uplinks of one device at once would
 * otherwise each write back what they read, and one of them would lose the other's values. Rows are locked in id
 * order, so two batches wait for each other rather than deadlock. The lock is `for no key update`, the one an update
 * of the latest values takes anyway: a plain `for update` also blocks the key-share locks that inserting a row that
 * refers to a device takes, and a transaction that inserts such rows for several devices (alarms) in another order
 * deadlocked with a batch (seen under `npm run bench:alarms`).
 */
function postgresOps(trx: Database | Transaction<DatabaseSchema>, locking: boolean): StoreOps {
  return {
    async findDevices(keys) {
      const { id, sigfox_id, lora_eui } = keysByKind(keys);
      // Only the kinds of key the batch holds (usually one), each an index lookup over an array.
      const conditions = (
        [
          ['id', id],
          ['sigfoxId', sigfox_id],
          ['loraEui', lora_eui],
        ] as const
      ).filter(([, values]) => values.length > 0);
      if (conditions.length === 0) return lookup([]);
      const query = trx
        .selectFrom('devices')
        .select(INGEST_COLUMNS)
        .where((eb) =>
          eb.or(conditions.map(([column, values]) => eb(column, '=', sql<string>`any(${pgArray(values)}::text[])`))),
        )
        .$if(locking, (query) => query.orderBy('id').forNoKeyUpdate());
      return lookup((await runPrepared(trx, query.compile())).rows);
    },
    async claimCounters(counters, at, windowMs) {
      const claims = counterClaims(counters);
      const rows = claims.first;
      if (rows.length === 0) return claims;
      const returned = await runPrepared(
        trx,
        sql<{ deviceKey: string | number; counter: string | number }>`
              insert into uplink_counters (device_key, counter, received_at, digest)
              select device_key, counter, ${at}::bigint, digest
              from unnest(${pgArray(rows.map((row) => row.deviceKey))}::bigint[],
                ${pgArray(rows.map((row) => row.counter))}::bigint[],
                ${pgArray(rows.map((row) => row.digest))}::bigint[]) as batch(device_key, counter, digest)
              on conflict (device_key, counter) do update set received_at = excluded.received_at, digest = excluded.digest
              where uplink_counters.received_at < ${at - windowMs}::bigint
                or uplink_counters.digest <> excluded.digest
              returning device_key, counter`.compile(trx),
      );
      for (const row of returned.rows) claims.claimed(Number(row.deviceKey), Number(row.counter));
      return claims;
    },
    async insertMessages(rows) {
      if (rows.length === 0) return;
      await runPrepared(
        trx,
        sql`insert into received_messages (device_key, date, kind, data, port, rssi, snr, receivers, data_rate, simulated)
              select device_key, date, kind, data, port, rssi, snr, receivers, data_rate, simulated
              from unnest(${pgArray(rows.map((row) => row.deviceKey))}::bigint[],
                ${pgArray(rows.map((row) => row.date))}::bigint[], ${pgArray(rows.map((row) => row.kind))}::text[],
                ${pgArray(rows.map((row) => row.data))}::text[], ${pgArray(rows.map((row) => row.port))}::integer[],
                ${pgArray(rows.map((row) => row.rssi))}::double precision[],
                ${pgArray(rows.map((row) => row.snr))}::double precision[],
                ${pgArray(rows.map((row) => row.receivers))}::integer[],
                ${pgArray(rows.map((row) => row.dataRate))}::text[], ${pgArray(rows.map((row) => row.simulated))}::integer[])
                as batch(device_key, date, kind, data, port, rssi, snr, receivers, data_rate, simulated)`.compile(trx),
      );
    },
    async insertReadings(rows) {
      if (rows.length === 0) return;
      await runPrepared(
        trx,
        sql`insert into readings (device_key, signal, date, value)
              select device_key, signal, date, value
              from unnest(${pgArray(rows.map((row) => row.deviceKey))}::bigint[],
                ${pgArray(rows.map((row) => row.signal))}::text[], ${pgArray(rows.map((row) => row.date))}::bigint[],
                ${pgArray(rows.map((row) => row.value))}::text[])
                as batch(device_key, signal, date, value)`.compile(trx),
      );
    },
    async insertUndecoded(rows) {
      if (rows.length > 0) await trx.insertInto('undecodedFrames').values(rows).execute();
    },
    async saveChanges(changes) {
      if (changes.length === 0) return;
      const column = (pick: (change: DeviceChange) => string | number | boolean | null) => pgArray(changes.map(pick));
      // The status is written only where the batch moved it, so parameters a user set meanwhile stay.
      await runPrepared(
        trx,
        sql`update devices set signal_values = batch.signal_values, last_seen_at = batch.last_seen_at,
                link_quality = batch.link_quality,
                parameters_status = case when batch.moved then batch.parameters_status else devices.parameters_status end,
                parameters_status_at = case when batch.moved then batch.parameters_status_at
                  else devices.parameters_status_at end,
                alarm_conditions = batch.alarm_conditions, outputs = coalesce(batch.outputs, devices.outputs)
              from unnest(${column((change) => change.row.id)}::text[],
                ${column((change) => JSON.stringify(change.signalValues))}::text[],
                ${column(storedLastSeen)}::bigint[], ${column((change) => change.linkQuality)}::text[],
                ${column((change) => change.status !== change.row.parametersStatus)}::boolean[],
                ${column((change) => change.status)}::text[], ${column((change) => change.statusAt)}::bigint[],
                ${column((change) => JSON.stringify(change.conditions))}::text[], ${column(storedOutputs)}::text[])
                as batch(id, signal_values, last_seen_at, link_quality, moved, parameters_status, parameters_status_at,
                  alarm_conditions, outputs)
              where devices.id = batch.id`.compile(trx),
      );
    },
    async insertCommissioningEvents(rows) {
      if (rows.length > 0) await trx.insertInto('commissioningEvents').values(rows).execute();
    },
    async insertConditionEvents(rows) {
      if (rows.length > 0) await trx.insertInto('conditionEvents').values(rows).execute();
    },
  };
}
