import type { CommissioningEventKind, ParameterizationStatus } from '@iot/shared';
import { type Selectable, sql, type Transaction } from 'kysely';
import type { Database, DatabaseSchema, DevicesTable } from '../../db/schema.js';

type Executor = Database | Transaction<DatabaseSchema>;

/** How a transport names a device: by uuid (MQTT, HTTP), Sigfox id or LoRa DevEUI (as the devices table writes them). */
export type DeviceKey = { id: string } | { sigfoxId: string } | { loraEui: string };

export const INGEST_COLUMNS = [
  'id',
  'key',
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
  'alarmsConfig',
  'alarmConditions',
] as const satisfies readonly (keyof DevicesTable)[];
export type IngestDeviceRow = Pick<Selectable<DevicesTable>, (typeof INGEST_COLUMNS)[number]>;

export function createIngestRepo(db: Database) {
  return {
    findById(id: string) {
      return db.selectFrom('devices').select(INGEST_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    async insertCommissioningEvents(
      rows: { deviceId: string; event: CommissioningEventKind; detail: string | null; date: number }[],
      trx: Executor,
    ) {
      if (rows.length > 0) await trx.insertInto('commissioningEvents').values(rows).execute();
    },

    /**
     * Moves the parameterization status on only from one of `from`, so a concurrent change is not undone; answers the
     * device's business when it moved.
     */
    setStatus(
      deviceId: string,
      from: readonly ParameterizationStatus[],
      to: ParameterizationStatus,
      at: number,
      trx: Executor = db,
    ) {
      return trx
        .updateTable('devices')
        .set({ parametersStatus: to, parametersStatusAt: at })
        .where('id', '=', deviceId)
        .where('parametersStatus', 'in', [...from])
        .returning(['businessId', 'businessPath'])
        .executeTakeFirst();
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
