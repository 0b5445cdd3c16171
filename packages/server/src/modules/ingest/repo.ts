import type { CommissioningEventKind, ParameterizationStatus } from '@iot/shared';
import { type Selectable, sql, type Transaction } from 'kysely';
import type { Database, DatabaseSchema, DevicesTable } from '../../db/schema.js';
import type { DeviceChange } from './pipeline.js';

type Executor = Database | Transaction<DatabaseSchema>;

/** How a transport names a device: by uuid (MQTT, HTTP), Sigfox id or LoRa DevEUI (as the devices table writes them). */
export type DeviceKey = { id: string } | { sigfoxId: string } | { loraEui: string };

const INGEST_COLUMNS = [
  'id',
  'businessId',
  'businessPath',
  'deviceType',
  'loraEui',
  'sigfoxId',
  'signalValues',
  'lastSeenAt',
  'linkQuality',
  'parametersStatus',
  'parametersStatusAt',
  'downlinkData',
  'downlinkPort',
  'calibration',
] as const satisfies readonly (keyof DevicesTable)[];
export type IngestDeviceRow = Pick<Selectable<DevicesTable>, (typeof INGEST_COLUMNS)[number]>;

/** Rows per INSERT statement: well under both databases' limits on bound parameters. */
const INSERT_CHUNK = 2000;

function chunks<T>(rows: T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) result.push(rows.slice(start, start + INSERT_CHUNK));
  return result;
}

/** A device key as the lookup maps hold it. */
const keyText = (key: DeviceKey) =>
  'id' in key ? `i:${key.id}` : 'sigfoxId' in key ? `s:${key.sigfoxId}` : `l:${key.loraEui}`;

export function createIngestRepo(db: Database) {
  return {
    /** The devices behind a batch's keys, in one query. */
    async findDevices(keys: DeviceKey[], trx: Executor) {
      const ids = new Set<string>();
      const sigfoxIds = new Set<string>();
      const loraEuis = new Set<string>();
      for (const key of keys) {
        if ('id' in key) ids.add(key.id);
        else if ('sigfoxId' in key) sigfoxIds.add(key.sigfoxId);
        else loraEuis.add(key.loraEui);
      }
      const rows =
        keys.length === 0
          ? []
          : await trx
              .selectFrom('devices')
              .select(INGEST_COLUMNS)
              .where((eb) =>
                eb.or([
                  ...(ids.size > 0 ? [eb('id', 'in', [...ids])] : []),
                  ...(sigfoxIds.size > 0 ? [eb('sigfoxId', 'in', [...sigfoxIds])] : []),
                  ...(loraEuis.size > 0 ? [eb('loraEui', 'in', [...loraEuis])] : []),
                ]),
              )
              .execute();
      const byKey = new Map<string, IngestDeviceRow>();
      for (const row of rows) {
        byKey.set(`i:${row.id}`, row);
        if (row.sigfoxId) byKey.set(`s:${row.sigfoxId}`, row);
        if (row.loraEui) byKey.set(`l:${row.loraEui}`, row);
      }
      return { find: (key: DeviceKey) => byKey.get(keyText(key)) };
    },

    findById(id: string) {
      return db.selectFrom('devices').select(INGEST_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    /**
     * Records the counters of a batch's uplinks; `take` then says whether an uplink is new. A counter already
     * recorded within `windowMs` is a duplicate: the upsert changes (and returns) only rows that are new or older.
     * The first of two equal counters in one batch wins.
     */
    async claimCounters(
      counters: { deviceId: string; counter: number }[],
      at: number,
      windowMs: number,
      trx: Executor,
    ) {
      const unique = new Map(counters.map((entry) => [`${entry.deviceId}:${entry.counter}`, entry]));
      const claimed = new Set<string>();
      for (const rows of chunks([...unique.values()])) {
        const returned = await trx
          .insertInto('uplinkCounters')
          .values(rows.map((row) => ({ ...row, receivedAt: at })))
          .onConflict((conflict) =>
            conflict
              .columns(['deviceId', 'counter'])
              .doUpdateSet({ receivedAt: at })
              .where('uplinkCounters.receivedAt', '<', at - windowMs),
          )
          .returning(['deviceId', 'counter'])
          .execute();
        for (const row of returned) claimed.add(`${row.deviceId}:${Number(row.counter)}`);
      }
      return {
        take(deviceId: string, counter: number) {
          const key = `${deviceId}:${counter}`;
          return claimed.delete(key);
        },
      };
    },

    async insertReadings(rows: { deviceId: string; signal: string; date: number; value: string }[], trx: Executor) {
      for (const chunk of chunks(rows)) await trx.insertInto('readings').values(chunk).execute();
    },

    async insertUndecoded(
      rows: { deviceId: string; date: number; data: string; port: number | null; error: string }[],
      trx: Executor,
    ) {
      for (const chunk of chunks(rows)) await trx.insertInto('undecodedFrames').values(chunk).execute();
    },

    async insertCommissioningEvents(
      rows: { deviceId: string; event: CommissioningEventKind; detail: string | null; date: number }[],
      trx: Executor,
    ) {
      for (const chunk of chunks(rows)) await trx.insertInto('commissioningEvents').values(chunk).execute();
    },

    /**
     * What an uplink changes on its device. The device's `version` stays: telemetry is not an edit, so a user saving
     * the device's settings meanwhile is not refused.
     */
    async saveChange(change: DeviceChange, trx: Executor) {
      const statusChanged = change.status !== change.row.parametersStatus;
      await trx
        .updateTable('devices')
        .set({
          signalValues: JSON.stringify(change.signalValues),
          lastSeenAt: change.lastSeenAt,
          linkQuality: change.linkQuality,
          ...(statusChanged ? { parametersStatus: change.status, parametersStatusAt: change.statusAt } : {}),
        })
        .where('id', '=', change.row.id)
        .execute();
    },

    /** Moves the parameterization status on only from `from`, so a concurrent change is not undone. */
    async setStatus(deviceId: string, from: ParameterizationStatus, to: ParameterizationStatus, at: number) {
      await db
        .updateTable('devices')
        .set({ parametersStatus: to, parametersStatusAt: at })
        .where('id', '=', deviceId)
        .where('parametersStatus', '=', from)
        .execute();
    },

    /** Forgets counters older than the duplicate window: they can no longer make an uplink a duplicate. */
    async pruneCounters(before: number) {
      await db.deleteFrom('uplinkCounters').where('receivedAt', '<', before).execute();
    },

    /** Devices whose parameters have waited (for a request, or for confirmation) since before `before` and whose
     * timeout event has not been recorded yet. */
    async overdueParameterizations(status: ParameterizationStatus, event: CommissioningEventKind, before: number) {
      return db
        .selectFrom('devices')
        .select(['id', 'businessId', 'businessPath'])
        .where('parametersStatus', '=', status)
        .where('parametersStatusAt', '<', before)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('commissioningEvents')
                .select(sql`1`.as('one'))
                .whereRef('commissioningEvents.deviceId', '=', 'devices.id')
                .where('commissioningEvents.event', '=', event)
                .whereRef('commissioningEvents.date', '>=', 'devices.parametersStatusAt'),
            ),
          ),
        )
        .limit(1000)
        .execute();
    },
  };
}
