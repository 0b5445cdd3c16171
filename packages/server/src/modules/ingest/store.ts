import type { CommissioningEventKind } from '@iot/shared';
import type SqliteDatabase from 'better-sqlite3';
import { sql, type Transaction } from 'kysely';
import type { DatabaseHandle } from '../../db/database.js';
import { pgArray } from '../../db/pg-array.js';
import { runPrepared } from '../../db/reusable-query.js';
import type { Database, DatabaseSchema, ReceivedMessagesTable } from '../../db/schema.js';
import type { LocationStateRow } from '../locations/location-state.js';
import { PLACE_INDEX_SQL, type PlaceIndex, type PlaceIndexRow, placeIndexCache } from '../locations/place-index.js';
import type { ConditionEventRow, TypeRules } from './alarm-conditions.js';
import {
  type DeviceChange,
  type InboundUplink,
  type StoredBatch,
  storeBatch,
  storedLastSeen,
  storedOutputs,
  storedTrack,
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
export interface JourneyPointRow {
  journeyId: string;
  date: number;
  lat: number;
  lon: number;
  speedKmh: number | null;
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
  /**
   * The places' spatial index (`place-index.ts`), as the batch's transaction sees them: the revision is read (one row)
   * and the index built again only when it moved.
   */
  placeIndex(): Promise<PlaceIndex>;
  /**
   * Location state changes: each device's open row is closed where its first new one starts, and the new rows are
   * written; one entering when the open row did takes its place (the state that stood only while entering).
   */
  saveLocationStates(rows: LocationStateRow[]): Promise<void>;
  /** The summaries of these journeys that still run, by id. */
  journeySummaries(ids: string[]): Promise<Map<string, string>>;
  /** Advanced summaries, with their last update; never the version: telemetry is not an edit. */
  saveJourneySummaries(rows: { id: string; summary: string }[], at: number): Promise<void>;
  /** Positions of journeys' tracks; one the track has at that date already is left out. */
  insertJourneyPoints(rows: JourneyPointRow[]): Promise<void>;
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
  const places = placeIndexCache();
  return {
    findDevices: (keys) => postgresOps(db, false, places).findDevices(keys),
    storeBatch: (uplinks, at, typeRules) =>
      db.transaction().execute((trx) => storeBatch(postgresOps(trx, true, places), uplinks, at, typeRules)),
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
function postgresOps(
  trx: Database | Transaction<DatabaseSchema>,
  locking: boolean,
  places: ReturnType<typeof placeIndexCache>,
): StoreOps {
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
      // The status is written only where the batch moved it, so parameters a user set meanwhile stay; so is the
      // location state, which the lost sweep writes too.
      await runPrepared(
        trx,
        sql`update devices set signal_values = batch.signal_values, last_seen_at = batch.last_seen_at,
                link_quality = batch.link_quality,
                parameters_status = case when batch.moved then batch.parameters_status else devices.parameters_status end,
                parameters_status_at = case when batch.moved then batch.parameters_status_at
                  else devices.parameters_status_at end,
                alarm_conditions = batch.alarm_conditions, outputs = coalesce(batch.outputs, devices.outputs),
                location_track = coalesce(batch.location_track, devices.location_track),
                location_state = case when batch.located then batch.location_state else devices.location_state end,
                location_place_id = case when batch.located then batch.location_place_id
                  else devices.location_place_id end,
                location_since = case when batch.located then batch.location_since else devices.location_since end
              from unnest(${column((change) => change.row.id)}::text[],
                ${column((change) => JSON.stringify(change.signalValues))}::text[],
                ${column(storedLastSeen)}::bigint[], ${column((change) => change.linkQuality)}::text[],
                ${column((change) => change.status !== change.row.parametersStatus)}::boolean[],
                ${column((change) => change.status)}::text[], ${column((change) => change.statusAt)}::bigint[],
                ${column((change) => JSON.stringify(change.conditions))}::text[], ${column(storedOutputs)}::text[],
                ${column(storedTrack)}::text[], ${column((change) => change.location?.moved === true)}::boolean[],
                ${column((change) => change.location?.state ?? null)}::text[],
                ${column((change) => change.location?.placeId ?? null)}::text[],
                ${column((change) => change.location?.since ?? null)}::bigint[])
                as batch(id, signal_values, last_seen_at, link_quality, moved, parameters_status, parameters_status_at,
                  alarm_conditions, outputs, location_track, located, location_state, location_place_id, location_since)
              where devices.id = batch.id`.compile(trx),
      );
    },
    async insertCommissioningEvents(rows) {
      if (rows.length > 0) await trx.insertInto('commissioningEvents').values(rows).execute();
    },
    async insertConditionEvents(rows) {
      if (rows.length > 0) await trx.insertInto('conditionEvents').values(rows).execute();
    },
    placeIndex: () =>
      places.current(
        async () =>
          (
            await runPrepared(
              trx,
              sql<{ revision: number }>`select revision from place_revision where id = 1`.compile(trx),
            )
          ).rows[0]?.revision ?? 0,
        async () => (await sql<PlaceIndexRow>`${sql.raw(PLACE_INDEX_SQL)}`.execute(trx)).rows,
      ),
    async saveLocationStates(rows) {
      if (rows.length === 0) return;
      const first = firstRowOfEachDevice(rows);
      await runPrepared(
        trx,
        sql`update device_location_states set left_at = batch.entered_at
              from unnest(${pgArray(first.map((row) => row.deviceId))}::text[],
                ${pgArray(first.map((row) => row.enteredAt))}::bigint[]) as batch(device_id, entered_at)
              where device_location_states.device_id = batch.device_id and device_location_states.left_at is null
                and device_location_states.entered_at < batch.entered_at`.compile(trx),
      );
      const column = (pick: (row: LocationStateRow) => string | number | null) => pgArray(rows.map(pick));
      await runPrepared(
        trx,
        sql`insert into device_location_states (device_id, entered_at, left_at, state, place_id, place_name, lat, lon)
              select device_id, entered_at, left_at, state, place_id, place_name, lat, lon
              from unnest(${column((row) => row.deviceId)}::text[], ${column((row) => row.enteredAt)}::bigint[],
                ${column((row) => row.leftAt)}::bigint[], ${column((row) => row.state)}::text[],
                ${column((row) => row.placeId)}::text[], ${column((row) => row.placeName)}::text[],
                ${column((row) => row.lat)}::double precision[], ${column((row) => row.lon)}::double precision[])
                as batch(device_id, entered_at, left_at, state, place_id, place_name, lat, lon)
              on conflict (device_id, entered_at) do update set left_at = excluded.left_at, state = excluded.state,
                place_id = excluded.place_id, place_name = excluded.place_name, lat = excluded.lat, lon = excluded.lon`.compile(
          trx,
        ),
      );
    },
    async journeySummaries(ids) {
      const rows = await runPrepared(
        trx,
        sql<{ id: string; summary: string }>`select id, summary from journeys
              where id = any(${pgArray(ids)}::text[]) and state = 'running'`.compile(trx),
      );
      return new Map(rows.rows.map((row) => [row.id, row.summary]));
    },
    async saveJourneySummaries(rows, at) {
      if (rows.length === 0) return;
      await runPrepared(
        trx,
        sql`update journeys set summary = batch.summary, updated_at = ${at}::bigint
              from unnest(${pgArray(rows.map((row) => row.id))}::text[],
                ${pgArray(rows.map((row) => row.summary))}::text[]) as batch(id, summary)
              where journeys.id = batch.id and journeys.state = 'running'`.compile(trx),
      );
    },
    async insertJourneyPoints(rows) {
      if (rows.length === 0) return;
      await runPrepared(
        trx,
        sql`insert into journey_points (journey_id, date, lat, lon, speed_kmh)
              select journey_id, date, lat, lon, speed_kmh
              from unnest(${pgArray(rows.map((row) => row.journeyId))}::text[],
                ${pgArray(rows.map((row) => row.date))}::bigint[],
                ${pgArray(rows.map((row) => row.lat))}::double precision[],
                ${pgArray(rows.map((row) => row.lon))}::double precision[],
                ${pgArray(rows.map((row) => row.speedKmh))}::double precision[])
                as batch(journey_id, date, lat, lon, speed_kmh)
              on conflict (journey_id, date) do nothing`.compile(trx),
      );
    },
  };
}

/** The first of each device's rows (a batch's rows of a device come in order). */
export function firstRowOfEachDevice(rows: readonly LocationStateRow[]): LocationStateRow[] {
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.deviceId) && seen.add(row.deviceId));
}
