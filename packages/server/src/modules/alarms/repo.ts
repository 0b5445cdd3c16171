import { type AlarmStatus, type BusinessRole, hasRank, idsOnPath } from '@iot/shared';
import { type Expression, type Insertable, type Selectable, sql, type Transaction, type Updateable } from 'kysely';
import { orderedId } from '../../db/ordered-id.js';
import type { AlarmHistoryTable, AlarmsTable, Database, DatabaseSchema } from '../../db/schema.js';
import { type Caller, inSubtree, isReaching, scopeOf, scopeSql, tenantPathOf } from '../businesses/repo.js';

type Executor = Database | Transaction<DatabaseSchema>;

export type AlarmRow = Selectable<AlarmsTable>;

/** The asset an alarm's device was linked to when the alarm was raised. */
export interface AlarmAsset {
  id: string;
  description: string;
}

/** An alarm with what its presentation needs of its device (and of its asset, once read: `withAssets`). */
export type AlarmWithDeviceRow = AlarmRow & {
  deviceDescription: string;
  deviceType: string;
  businessId: string;
  businessPath: string;
  alarmsConfig: string;
  asset?: AlarmAsset | null;
};

export type AlarmHistoryRow = Selectable<AlarmHistoryTable> & {
  userFirstName: string | null;
  userLastName: string | null;
  userEmail: string | null;
};

/** What narrows a listing of alarms. */
export interface AlarmQuery {
  /** A business's subtree; every business when absent (the caller's reach still applies). */
  subtreePath?: string;
  deviceId?: string;
  /** The alarms of an asset: of the devices linked to it, raised while they were (its link history). */
  assetId?: string;
  statuses?: AlarmStatus[];
  raisedFrom?: number;
  raisedTo?: number;
}

const count = (value: bigint | number | string | undefined) => Number(value ?? 0);

/** Alarms with what their presentation needs of their device (`AlarmWithDeviceRow`). */
export const withDevice = (trx: Executor) =>
  trx
    .selectFrom('alarms')
    .innerJoin('devices', 'devices.id', 'alarms.deviceId')
    .selectAll('alarms')
    .select([
      'devices.description as deviceDescription',
      'devices.deviceType',
      'devices.businessId',
      'devices.businessPath',
      'devices.alarmsConfig',
    ]);

/** Alarms and their history. SQL only; every write takes the caller's transaction. */
export function createAlarmsRepo(db: Database) {
  function matching(query: AlarmQuery) {
    const conditions: Expression<boolean>[] = [];
    if (query.subtreePath !== undefined) conditions.push(inSubtree(query.subtreePath, 'devices.businessPath'));
    if (query.deviceId !== undefined) conditions.push(sql<boolean>`${sql.ref('alarms.deviceId')} = ${query.deviceId}`);
    if (query.assetId !== undefined)
      conditions.push(sql<boolean>`exists (select 1 from asset_links l where l.asset_id = ${query.assetId}
        and l.device_id = ${sql.ref('alarms.deviceId')} and l.linked_at <= ${sql.ref('alarms.raisedAt')}
        and (l.unlinked_at is null or l.unlinked_at > ${sql.ref('alarms.raisedAt')}))`);
    if (query.statuses?.length)
      conditions.push(sql<boolean>`${sql.ref('alarms.status')} in (${sql.join(query.statuses)})`);
    if (query.raisedFrom !== undefined)
      conditions.push(sql<boolean>`${sql.ref('alarms.raisedAt')} >= ${query.raisedFrom}`);
    if (query.raisedTo !== undefined) conditions.push(sql<boolean>`${sql.ref('alarms.raisedAt')} <= ${query.raisedTo}`);
    return conditions.length === 0 ? sql<boolean>`1 = 1` : sql<boolean>`(${sql.join(conditions, sql` and `)})`;
  }

  /**
   * The alarms of `query` the caller reaches, to order and page. Besides the reach (on the devices' paths), the
   * alarms are narrowed to the tenants it lies in by their own column: the `alarms_tenant_raised` index then reads
   * those tenants' alarms alone, newest first, never another tenant's (0035).
   */
  async function reachable(caller: Caller, query: AlarmQuery) {
    const scope = await scopeOf(caller, db);
    const { reach } = scopeSql(scope, 'devices.businessPath');
    let scoped = withDevice(db).where(matching(query));
    if (reach) scoped = scoped.where(reach);
    if (query.subtreePath !== undefined) {
      scoped = scoped.where('alarms.tenantPath', '=', tenantPathOf(query.subtreePath));
    } else if (scope) {
      const tenants = new Set(
        scope.grants.filter((grant) => isReaching(grant.role)).map((grant) => tenantPathOf(grant.lower)),
      );
      // No tenant: the reach is nowhere already.
      if (tenants.size > 0) scoped = scoped.where('alarms.tenantPath', 'in', [...tenants]);
    }
    return scoped;
  }

  return {
    /** Whether the edge was applied to an alarm of its condition already (it is the last one that alarm saw). */
    async applied(deviceId: string, conditionKey: string, eventId: string, trx: Executor): Promise<boolean> {
      const row = await trx
        .selectFrom('alarms')
        .select('id')
        .where('deviceId', '=', deviceId)
        .where('conditionKey', '=', conditionKey)
        .where('lastEventId', '=', eventId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The device's latest alarm on the condition that is not acknowledged: the one a new edge applies to. */
    async findOpen(deviceId: string, conditionKey: string, trx: Executor): Promise<AlarmWithDeviceRow | undefined> {
      return withDevice(trx)
        .where('alarms.deviceId', '=', deviceId)
        .where('alarms.conditionKey', '=', conditionKey)
        .where('alarms.status', '<>', 'acknowledged')
        .orderBy('alarms.sequenceId', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    async openOfDevice(deviceId: string, trx: Executor): Promise<AlarmWithDeviceRow[]> {
      return withDevice(trx)
        .where('alarms.deviceId', '=', deviceId)
        .where('alarms.status', '<>', 'acknowledged')
        .orderBy('alarms.sequenceId')
        .execute();
    },

    /** The device's next alarm number (its alarms count from 1). */
    async nextSequenceId(deviceId: string, trx: Executor): Promise<number> {
      const row = await trx
        .selectFrom('alarms')
        .select((eb) => eb.fn.max('sequenceId').as('last'))
        .where('deviceId', '=', deviceId)
        .executeTakeFirst();
      return count(row?.last ?? 0) + 1;
    },

    /** The tenant's next alarm number; the row it counts in stays locked until the transaction ends. */
    async nextNumber(tenantPath: string, trx: Executor): Promise<number> {
      const row = await trx
        .insertInto('alarmNumbers')
        .values({ tenantPath, last: 1 })
        .onConflict((conflict) =>
          conflict.column('tenantPath').doUpdateSet({ last: sql`${sql.ref('alarmNumbers.last')} + 1` }),
        )
        .returning('last')
        .executeTakeFirstOrThrow();
      return count(row.last);
    },

    async insert(alarm: Insertable<AlarmsTable>, trx: Executor): Promise<void> {
      await trx.insertInto('alarms').values(alarm).execute();
    },

    /** Writes the changes when the alarm is still at `version`; false when someone changed it meanwhile. */
    async updateIfVersion(
      id: string,
      version: number,
      changes: Updateable<AlarmsTable>,
      trx: Executor,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('alarms')
        .set({ ...changes, version: version + 1 })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async insertHistory(entry: Omit<Insertable<AlarmHistoryTable>, 'id'>, trx: Executor): Promise<void> {
      await trx
        .insertInto('alarmHistory')
        .values({ id: orderedId(), ...entry })
        .execute();
    },

    async findWithDevice(id: string, trx: Executor = db): Promise<AlarmWithDeviceRow | undefined> {
      return withDevice(trx).where('alarms.id', '=', id).executeTakeFirst();
    },

    async manyWithDevice(ids: string[], trx: Executor = db): Promise<AlarmWithDeviceRow[]> {
      if (ids.length === 0) return [];
      return withDevice(trx).where('alarms.id', 'in', ids).execute();
    },

    /**
     * The alarms with the asset each one's device was linked to when it was raised (its link history), read for a
     * page at once by the links' device index.
     */
    async withAssets<Row extends AlarmWithDeviceRow>(rows: Row[], trx: Executor = db): Promise<Row[]> {
      if (rows.length === 0) return rows;
      const links = await trx
        .selectFrom('assetLinks')
        .innerJoin('assets', 'assets.id', 'assetLinks.assetId')
        .select([
          'assetLinks.deviceId',
          'assetLinks.linkedAt',
          'assetLinks.unlinkedAt',
          'assets.id',
          'assets.description',
        ])
        .where('assetLinks.deviceId', 'in', [...new Set(rows.map((row) => row.deviceId))])
        .execute();
      return rows.map((row) => {
        const link = links.find(
          (candidate) =>
            candidate.deviceId === row.deviceId &&
            candidate.linkedAt <= row.raisedAt &&
            (candidate.unlinkedAt === null || candidate.unlinkedAt > row.raisedAt),
        );
        return { ...row, asset: link ? { id: link.id, description: link.description } : null };
      });
    },

    /** An alarm's history, oldest first, with who did each step. */
    async history(alarmId: string, trx: Executor = db): Promise<AlarmHistoryRow[]> {
      return trx
        .selectFrom('alarmHistory')
        .leftJoin('users', 'users.id', 'alarmHistory.userId')
        .selectAll('alarmHistory')
        .select(['users.firstName as userFirstName', 'users.lastName as userLastName', 'users.email as userEmail'])
        .where('alarmHistory.alarmId', '=', alarmId)
        .orderBy('alarmHistory.date')
        .orderBy('alarmHistory.id')
        .execute();
    },

    /**
     * One page of the alarms the caller reaches in a subtree, newest raised first, and how many match in all. The
     * caller's reach is part of the SQL: a `none` entry deeper in the subtree hides its devices' alarms too.
     */
    async page(caller: Caller, query: AlarmQuery, limit: number, offset: number) {
      const scoped = await reachable(caller, query);
      const [rows, total] = await Promise.all([
        scoped.orderBy('alarms.raisedAt', 'desc').orderBy('alarms.id', 'desc').limit(limit).offset(offset).execute(),
        db
          .selectFrom(scoped.as('matching'))
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: count(total.n) };
    },

    /**
     * A keyset page of the alarms the caller reaches (provider staff: all), newest raised first, after `after`: one
     * more row than `limit` is read to tell whether another page follows, and no count of all matches is made.
     */
    async keysetPage(
      caller: Caller,
      query: AlarmQuery,
      after: { raisedAt: number; id: string } | undefined,
      limit: number,
    ) {
      let scoped = await reachable(caller, query);
      if (after) {
        // As a row comparison, both databases seek the index to the cursor instead of reading every newer alarm.
        scoped = scoped.where(
          sql<boolean>`(${sql.ref('alarms.raisedAt')}, ${sql.ref('alarms.id')}) < (${after.raisedAt}, ${after.id})`,
        );
      }
      const rows = await scoped
        .orderBy('alarms.raisedAt', 'desc')
        .orderBy('alarms.id', 'desc')
        .limit(limit + 1)
        .execute();
      return { rows: rows.slice(0, limit), hasNext: rows.length > limit };
    },

    /** Snoozed alarms whose snooze has ended by `now`, the longest overdue first. */
    async snoozeEndedBy(now: number, limit: number, trx: Executor = db): Promise<AlarmWithDeviceRow[]> {
      return withDevice(trx)
        .where('alarms.snoozedUntil', 'is not', null)
        .where('alarms.snoozedUntil', '<=', now)
        .where('alarms.status', '=', 'snoozed')
        .orderBy('alarms.snoozedUntil')
        .limit(limit)
        .execute();
    },

    /** What an alarm needs of its device when it is raised. */
    async device(deviceId: string, trx: Executor) {
      return trx
        .selectFrom('devices')
        .select(['id', 'description', 'deviceType', 'businessId', 'businessPath', 'tenantPath', 'alarmsConfig'])
        .where('id', '=', deviceId)
        .executeTakeFirst();
    },

    /**
     * The users who see a device of the business at `businessPath`: for each user, the deepest of their entries on
     * the path (the node or an ancestor) decides, as everywhere in the tree; `none` there hides the device.
     */
    async usersSeeing(businessPath: string, trx: Executor): Promise<string[]> {
      const ids = idsOnPath(businessPath);
      const entries = await trx
        .selectFrom('businessUsers')
        .innerJoin('businesses', 'businesses.id', 'businessUsers.businessId')
        .select(['businessUsers.userId', 'businessUsers.role'])
        .where('businessUsers.businessId', 'in', ids)
        .orderBy('businesses.depth', 'desc')
        .execute();
      const nearest = new Map<string, BusinessRole>();
      for (const entry of entries) if (!nearest.has(entry.userId)) nearest.set(entry.userId, entry.role);
      return [...nearest].filter(([, role]) => hasRank(role, 'viewer')).map(([userId]) => userId);
    },
  };
}

export type AlarmsRepo = ReturnType<typeof createAlarmsRepo>;
