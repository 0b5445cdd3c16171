import type { AlarmStatus } from '@iot/shared';
import type { SelectQueryBuilder } from 'kysely';
import type { Database, DatabaseSchema } from '../../db/schema.js';
import { type AlarmWithDeviceRow, withDevice } from '../alarms/repo.js';
import { type Caller, scopeOf, scopeSql } from '../businesses/repo.js';

/** The statuses of an open alarm: every one but acknowledged. */
export const OPEN_ALARM_STATUSES = ['active', 'latched', 'snoozed'] as const satisfies readonly AlarmStatus[];
export type OpenAlarmStatus = (typeof OPEN_ALARM_STATUSES)[number];

const count = (value: bigint | number | string | undefined) => Number(value ?? 0);

/** The open alarms of the caller's reachable tree, for the overview. SQL only. */
export function createOverviewRepo(db: Database) {
  /**
   * The open alarms the caller reaches, with what an alarm's presentation needs of its device. The open ones are read
   * through the alarms' status index (acknowledged alarms, the bulk of the table, are never touched), each checked
   * against the caller's reach by its device's path.
   */
  async function openAlarms<O>(caller: Caller, query: SelectQueryBuilder<DatabaseSchema, 'alarms' | 'devices', O>) {
    const scope = await scopeOf(caller, db);
    const open = query.where('alarms.status', 'in', OPEN_ALARM_STATUSES);
    // A whole tenant is said as the tenant alone, as the device list says it.
    if (scope?.wholeTenant) return open.where('devices.tenantPath', '=', scope.wholeTenant);
    const { reach } = scopeSql(scope, 'devices.businessPath');
    return reach ? open.where(reach) : open;
  }

  return {
    /** How many open alarms the caller reaches, by status. */
    async openAlarmCounts(caller: Caller): Promise<Record<OpenAlarmStatus, number>> {
      const plain = db.selectFrom('alarms').innerJoin('devices', 'devices.id', 'alarms.deviceId');
      const rows = await (await openAlarms(caller, plain))
        .select((eb) => ['alarms.status', eb.fn.countAll<number | string>().as('n')])
        .groupBy('alarms.status')
        .execute();
      const counts: Record<OpenAlarmStatus, number> = { active: 0, latched: 0, snoozed: 0 };
      for (const row of rows) counts[row.status as OpenAlarmStatus] = count(row.n);
      return counts;
    },

    /** The newest open alarms the caller reaches, newest raised first. */
    async latestOpenAlarms(caller: Caller, limit: number): Promise<AlarmWithDeviceRow[]> {
      return (await openAlarms(caller, withDevice(db)))
        .orderBy('alarms.raisedAt', 'desc')
        .orderBy('alarms.id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type OverviewRepo = ReturnType<typeof createOverviewRepo>;
