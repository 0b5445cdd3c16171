import type SqliteDatabase from 'better-sqlite3';
import { PLACE_INDEX_SQL, type PlaceIndexRow, placeIndexCache } from '../locations/place-index.js';
import { storedLastSeen, storedOutputs, storedTrack } from './batch.js';
import { type DeviceKey, INGEST_COLUMNS, type IngestDeviceRow } from './repo.js';
import { counterClaims, firstRowOfEachDevice, keysByKind, keyText, lookup, type StoreOps } from './store.js';

export interface SqliteOps extends StoreOps {
  /** Runs `work` in a transaction that waits for no other writer's (`begin immediate`). */
  inTransaction<T>(work: () => Promise<T>): Promise<T>;
}

const snake = (column: string) => column.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Past this many devices kept (each under up to three keys), the ingest writer starts its next batch with none; a
 * batch itself keeps all it reads (at most `BATCH_MAX`), so none of its devices goes missing halfway.
 */
const KEPT_DEVICES_MAX = 20_000;

/**
 * The steps of a batch as statements prepared once on a SQLite connection (the ingest writer's; the server's own
 * looks devices up with them), and the transaction around them. Each statement runs once per row: on SQLite a
 * prepared statement per row costs far less than building one statement for many through Kysely.
 *
 * `keepDevices` (the writer's): the devices a batch read are kept, as the batch left them, for the next batches, for
 * as long as no other connection commits anything. A fleet's steady traffic brings each device's uplinks one at a
 * time, so every batch read again the rows of nearly all its devices. SQLite's `data_version` tells, inside each
 * batch's transaction (which holds the write lock), whether another connection committed since the last batch: a
 * user's edit, a device moved or deleted; then the batch reads every device afresh. A batch that fails forgets them.
 */
export function sqliteOps(sqlite: SqliteDatabase.Database, { keepDevices = false } = {}): SqliteOps {
  const columns = INGEST_COLUMNS.map((column) => `${snake(column)} as "${column}"`).join(', ');
  const byColumn = Object.fromEntries(
    (['id', 'sigfox_id', 'lora_eui'] as const).map((column) => [
      column,
      sqlite.prepare(`select ${columns} from devices where ${column} in (select value from json_each(?))`),
    ]),
  ) as Record<'id' | 'sigfox_id' | 'lora_eui', SqliteDatabase.Statement>;
  const claim = sqlite.prepare(
    `insert into uplink_counters (device_key, counter, received_at, digest) values (?, ?, ?, ?)
     on conflict (device_key, counter) do update set received_at = excluded.received_at, digest = excluded.digest
     where uplink_counters.received_at < ? or uplink_counters.digest <> excluded.digest`,
  );
  const insertReading = sqlite.prepare('insert into readings (device_key, signal, date, value) values (?, ?, ?, ?)');
  const insertMessage = sqlite.prepare(
    `insert into received_messages (device_key, date, kind, data, port, rssi, snr, receivers, data_rate, simulated)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertUndecoded = sqlite.prepare(
    'insert into undecoded_frames (device_id, date, data, port, error) values (?, ?, ?, ?, ?)',
  );
  const insertEvent = sqlite.prepare(
    'insert into commissioning_events (device_id, event, detail, date) values (?, ?, ?, ?)',
  );
  // SQLite rewrites a row's entry in every index on a column an update sets, even to the value it had: last-seen
  // (indexed) moves only once a minute (`storedLastSeen`), and is set only then.
  const saveDevice = (lastSeen: boolean) =>
    sqlite.prepare(
      `update devices set signal_values = ?, link_quality = ?, parameters_status = ?, parameters_status_at = ?,
       alarm_conditions = ?, outputs = coalesce(?, outputs), location_track = coalesce(?, location_track)
       ${lastSeen ? ', last_seen_at = ?' : ''} where id = ?`,
    );
  const saveDeviceSeen = saveDevice(true);
  const saveDeviceNotSeen = saveDevice(false);
  // Indexed too (lists filter and sort by it, "devices at a place now"): set only when it moved.
  const saveLocation = sqlite.prepare(
    'update devices set location_state = ?, location_place_id = ?, location_since = ? where id = ?',
  );
  const closeLocationState = sqlite.prepare(
    `update device_location_states set left_at = ? where device_id = ? and left_at is null and entered_at < ?`,
  );
  const insertLocationState = sqlite.prepare(
    `insert into device_location_states (device_id, entered_at, left_at, state, place_id, place_name, lat, lon)
     values (?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (device_id, entered_at) do update set left_at = excluded.left_at, state = excluded.state,
       place_id = excluded.place_id, place_name = excluded.place_name, lat = excluded.lat, lon = excluded.lon`,
  );
  const journeySummary = sqlite.prepare("select summary from journeys where id = ? and state = 'running'").pluck();
  const saveJourneySummary = sqlite.prepare(
    "update journeys set summary = ?, updated_at = ? where id = ? and state = 'running'",
  );
  const insertJourneyPoint = sqlite.prepare(
    `insert into journey_points (journey_id, date, lat, lon, speed_kmh) values (?, ?, ?, ?, ?)
     on conflict (journey_id, date) do nothing`,
  );
  const placeRevision = sqlite.prepare('select revision from place_revision where id = 1').pluck();
  const placeRows = sqlite.prepare(PLACE_INDEX_SQL);
  const places = placeIndexCache();
  const insertConditionEvent = sqlite.prepare(
    `insert into condition_events (id, device_id, condition_key, signal, kind, raised, value, date, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const begin = sqlite.prepare('begin immediate');
  const commit = sqlite.prepare('commit');
  const rollback = sqlite.prepare('rollback');
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  let keptVersion: unknown = null;
  let kept = new Map<string, IngestDeviceRow>();
  const keep = (row: IngestDeviceRow) => {
    kept.set(keyText({ id: row.id }), row);
    if (row.sigfoxId) kept.set(keyText({ sigfoxId: row.sigfoxId }), row);
    if (row.loraEui) kept.set(keyText({ loraEui: row.loraEui }), row);
  };
  const read = (keys: DeviceKey[]) => {
    const rows: IngestDeviceRow[] = [];
    for (const [column, values] of Object.entries(keysByKind(keys))) {
      if (values.length > 0) {
        rows.push(...(byColumn[column as keyof typeof byColumn].all(JSON.stringify(values)) as IngestDeviceRow[]));
      }
    }
    return rows;
  };
  return {
    async inTransaction(work) {
      begin.run();
      try {
        if (keepDevices) {
          const version = dataVersion.get();
          if (version !== keptVersion || kept.size >= 3 * KEPT_DEVICES_MAX) kept = new Map();
          keptVersion = version;
        }
        const result = await work();
        commit.run();
        return result;
      } catch (error) {
        kept = new Map();
        if (sqlite.inTransaction) rollback.run();
        throw error;
      }
    },
    async findDevices(keys) {
      if (!keepDevices) return lookup(read(keys));
      const missing = keys.filter((key) => !kept.has(keyText(key)));
      if (missing.length > 0) for (const row of read(missing)) keep(row);
      return { find: (key: DeviceKey) => kept.get(keyText(key)) };
    },
    async claimCounters(counters, at, windowMs) {
      const claims = counterClaims(counters);
      // A row inserted, or updated past the upsert's condition, is a change; a row the condition kept is none.
      for (const { deviceKey, counter, digest } of claims.first) {
        if (claim.run(deviceKey, counter, at, digest, at - windowMs).changes > 0) claims.claimed(deviceKey, counter);
      }
      return claims;
    },
    async insertMessages(rows) {
      for (const row of rows) {
        insertMessage.run(
          row.deviceKey,
          row.date,
          row.kind,
          row.data,
          row.port,
          row.rssi,
          row.snr,
          row.receivers,
          row.dataRate,
          row.simulated,
        );
      }
    },
    async insertReadings(rows) {
      for (const row of rows) insertReading.run(row.deviceKey, row.signal, row.date, row.value);
    },
    async insertUndecoded(rows) {
      for (const row of rows) insertUndecoded.run(row.deviceId, row.date, row.data, row.port, row.error);
    },
    async saveChanges(changes) {
      for (const change of changes) {
        const saved = {
          signalValues: JSON.stringify(change.signalValues),
          lastSeenAt: storedLastSeen(change),
          linkQuality: change.linkQuality,
          parametersStatus: change.status,
          parametersStatusAt: change.statusAt,
          alarmConditions: JSON.stringify(change.conditions),
        };
        const outputs = storedOutputs(change);
        const track = storedTrack(change);
        const values = [
          saved.signalValues,
          saved.linkQuality,
          saved.parametersStatus,
          saved.parametersStatusAt,
          saved.alarmConditions,
          outputs,
          track,
        ];
        if (saved.lastSeenAt === change.row.lastSeenAt) saveDeviceNotSeen.run(...values, change.row.id);
        else saveDeviceSeen.run(...values, saved.lastSeenAt, change.row.id);
        const { location } = change;
        if (location?.moved) saveLocation.run(location.state, location.placeId, location.since, change.row.id);
        // A new row: the batch's changes compare what they did with the row they read (its live events).
        if (keepDevices) {
          keep({
            ...change.row,
            ...saved,
            outputs: outputs ?? change.row.outputs,
            locationTrack: track ?? change.row.locationTrack,
            ...(location?.moved
              ? { locationState: location.state, locationPlaceId: location.placeId, locationSince: location.since }
              : {}),
          });
        }
      }
    },
    async insertCommissioningEvents(rows) {
      for (const row of rows) insertEvent.run(row.deviceId, row.event, row.detail, row.date);
    },
    placeIndex: () =>
      places.current(
        () => Number(placeRevision.get() ?? 0),
        () => placeRows.all() as PlaceIndexRow[],
      ),
    async saveLocationStates(rows) {
      for (const row of firstRowOfEachDevice(rows)) closeLocationState.run(row.enteredAt, row.deviceId, row.enteredAt);
      for (const row of rows) {
        insertLocationState.run(
          row.deviceId,
          row.enteredAt,
          row.leftAt,
          row.state,
          row.placeId,
          row.placeName,
          row.lat,
          row.lon,
        );
      }
    },
    async journeySummaries(ids) {
      const summaries = new Map<string, string>();
      for (const id of ids) {
        const summary = journeySummary.get(id) as string | undefined;
        if (summary !== undefined) summaries.set(id, summary);
      }
      return summaries;
    },
    async saveJourneySummaries(rows, at) {
      for (const row of rows) saveJourneySummary.run(row.summary, at, row.id);
    },
    async insertJourneyPoints(rows) {
      for (const row of rows) insertJourneyPoint.run(row.journeyId, row.date, row.lat, row.lon, row.speedKmh);
    },
    async insertConditionEvents(rows) {
      for (const row of rows) {
        insertConditionEvent.run(
          row.id,
          row.deviceId,
          row.conditionKey,
          row.signal,
          row.kind,
          row.raised,
          row.value,
          row.date,
          row.createdAt,
        );
      }
    },
  };
}
