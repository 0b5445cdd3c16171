import type { CommissioningEventKind, ParameterizationStatus } from '@iot/shared';
import { PostgresAdapter, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, DatabaseSchema, DevicesTable } from '../../db/schema.js';
import { parseOutputs } from '../devices/outputs.js';

type Executor = Database | Transaction<DatabaseSchema>;

/** How a transport names a device: by uuid (MQTT, HTTP), Sigfox id or LoRa DevEUI (as the devices table writes them). */
export type DeviceKey = { id: string } | { sigfoxId: string } | { loraEui: string };

export const INGEST_COLUMNS = [
  'id',
  'key',
  'businessId',
  'businessPath',
  'deviceType',
  'communication',
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
  'outputs',
  'locationState',
  'locationPlaceId',
  'locationSince',
  'locationTrack',
  'journeyId',
] as const satisfies readonly (keyof DevicesTable)[];
export type IngestDeviceRow = Pick<Selectable<DevicesTable>, (typeof INGEST_COLUMNS)[number]>;

export function createIngestRepo(db: Database) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
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

    /**
     * Records the network server's reference of the LoRa downlink just queued for the device's parameters; null when
     * it named none, so any word on a downlink of the device counts.
     */
    async setDownlinkRef(deviceId: string, ref: string | null) {
      await db.updateTable('devices').set({ downlinkRef: ref }).where('id', '=', deviceId).execute();
    },

    async downlinkRefOf(deviceId: string) {
      const row = await db.selectFrom('devices').select('downlinkRef').where('id', '=', deviceId).executeTakeFirst();
      return row?.downlinkRef ?? null;
    },

    /**
     * Takes back the sent mark (and any confirmation since) of outputs sent at `sentAt` whose downlink was not
     * delivered, so they go with the next uplink; an output changed or sent again since keeps what it has. Locked as
     * an ingest batch locks the device (SQLite has one writer).
     */
    async unsendOutputs(deviceId: string, keys: readonly string[], sentAt: number) {
      await db.transaction().execute(async (trx) => {
        const device = await trx
          .selectFrom('devices')
          .select('outputs')
          .where('id', '=', deviceId)
          .$if(postgres, (query) => query.forNoKeyUpdate())
          .executeTakeFirst();
        const outputs = parseOutputs(device?.outputs ?? '[]');
        const unsent = outputs.filter((output) => keys.includes(output.key) && output.lastSent === sentAt);
        if (unsent.length === 0) return;
        for (const output of unsent) {
          output.lastSent = null;
          output.lastConfirmed = null;
        }
        await trx
          .updateTable('devices')
          .set({ outputs: JSON.stringify(outputs) })
          .where('id', '=', deviceId)
          .execute();
      });
    },

    /**
     * Forgets counters older than the duplicate window: they can no longer make an uplink a duplicate. Found by age
     * (migration 0027), so this reads only them: on SQLite it holds the main thread about 0.7 µs per counter (a
     * minute of 15,000 uplinks/s, 600 ms). Deleting them in chunks instead cost six times as much in all: each chunk
     * rewrote the same pages of the counters' key, rows of every device being forgotten together.
     */
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
