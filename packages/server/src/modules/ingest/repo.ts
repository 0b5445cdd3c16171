import type { CommissioningEventKind, ParameterizationStatus } from '@iot/shared';
import { type Selectable, sql, type Transaction } from 'kysely';
import type { Database, DatabaseSchema, DevicesTable } from '../../db/schema.js';

type Executor = Database | Transaction<DatabaseSchema>;

/** How a transport names a device: by uuid (MQTT, HTTP), Sigfox id or LoRa DevEUI (as the devices table writes them). */
export type DeviceKey = { id: string } | { sigfoxId: string } | { loraEui: string };

export const INGEST_COLUMNS = [
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

    async insertCommissioningEvents(
      rows: { deviceId: string; event: CommissioningEventKind; detail: string | null; date: number }[],
      trx: Executor,
    ) {
      if (rows.length > 0) await trx.insertInto('commissioningEvents').values(rows).execute();
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
