import { type JourneyState, OPEN_JOURNEY_STATES, type Role } from '@iot/shared';
import {
  type Expression,
  type Insertable,
  PostgresAdapter,
  type Selectable,
  sql,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { Database, DatabaseSchema, JourneyHistoryTable, JourneysTable } from '../../db/schema.js';
import {
  type Caller,
  inRange,
  inSubtree,
  reachOf,
  scopeOf,
  scopeSql,
  subtreeRange,
  tenantPathOf,
} from '../businesses/repo.js';

type Executor = Database | Transaction<DatabaseSchema>;

export type JourneyRow = Omit<Selectable<JourneysTable>, 'tenantPath'>;

/** A journey as it is presented: its business's and device's descriptions. */
export type ListedJourneyRow = JourneyRow & { businessDescription: string; deviceDescription: string };
/** A journey as one caller sees it, with the caller's role on its business. */
export type ScopedJourneyRow = ListedJourneyRow & { role: Role };

/** What narrows a listing: a level's subtree or a device, and the states of `JourneyListQuery`. */
export interface JourneyQuery {
  subtreePath?: string;
  deviceId?: string;
  states?: JourneyState[];
}

/** Where a page starts: the creation time and id of the last journey of the previous page. */
export type JourneyCursor = [number, string];

const JOURNEY_COLUMNS = [
  'id',
  'businessId',
  'businessPath',
  'deviceId',
  'description',
  'comment',
  'state',
  'summary',
  'createdAt',
  'updatedAt',
  'endedAt',
  'version',
] as const satisfies readonly (keyof JourneyRow)[];

const count = (value: bigint | number | string | null | undefined) => Number(value ?? 0);

/** Numbers a driver may answer as text (PostgreSQL's bigint) read as numbers. */
const numeric = <Row extends JourneyRow>(row: Row): Row => ({
  ...row,
  createdAt: count(row.createdAt),
  updatedAt: count(row.updatedAt),
  endedAt: row.endedAt === null ? null : count(row.endedAt),
});

function listed(trx: Executor) {
  return trx
    .selectFrom('journeys')
    .innerJoin('businesses', 'businesses.id', 'journeys.businessId')
    .innerJoin('devices', 'devices.id', 'journeys.deviceId')
    .select(JOURNEY_COLUMNS.map((column) => `journeys.${column}` as const))
    .select(['businesses.description as businessDescription', 'devices.description as deviceDescription']);
}

/** Whether a failed insert broke a unique index (on a journey: `journeys_open_device`, the device already in one). */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Journeys, their history and track. SQL only; every write takes the caller's transaction. */
export function createJourneysRepo(db: Database) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  /** The journeys the caller reaches (by their level) that match, with the caller's role on each. */
  async function scoped(caller: Caller, query: JourneyQuery, trx: Executor) {
    const scope = await scopeOf(caller, trx);
    const { role, reach } = scopeSql(scope, 'journeys.businessPath');
    const conditions: Expression<boolean>[] = [];
    if (query.subtreePath !== undefined) {
      // The tenant said, a level's page walks `journeys_tenant_created` newest first within that tenant alone.
      conditions.push(sql<boolean>`${sql.ref('journeys.tenantPath')} = ${tenantPathOf(query.subtreePath)}`);
      if (query.subtreePath !== tenantPathOf(query.subtreePath))
        conditions.push(inRange(subtreeRange(query.subtreePath), 'journeys.businessPath'));
    }
    if (query.deviceId !== undefined)
      conditions.push(sql<boolean>`${sql.ref('journeys.deviceId')} = ${query.deviceId}`);
    if (query.states?.length)
      conditions.push(sql<boolean>`${sql.ref('journeys.state')} in (${sql.join(query.states)})`);
    if (reach) conditions.push(reach);
    let selected = listed(trx).select(role.as('role'));
    if (conditions.length > 0) selected = selected.where(sql<boolean>`${sql.join(conditions, sql` and `)}`);
    return selected;
  }

  return {
    /** A keyset page of the journeys the caller reaches, newest first, after `after`, and whether more follow. */
    async page(caller: Caller, query: JourneyQuery, after: JourneyCursor | undefined, limit: number) {
      let selected = await scoped(caller, query, db);
      if (after)
        selected = selected.where(
          sql<boolean>`(${sql.ref('journeys.createdAt')}, ${sql.ref('journeys.id')}) < (${after[0]}, ${after[1]})`,
        );
      const rows = await selected
        .orderBy('journeys.createdAt', 'desc')
        .orderBy('journeys.id', 'desc')
        .limit(limit + 1)
        .execute();
      return { rows: rows.slice(0, limit).map(numeric), hasNext: rows.length > limit };
    },

    /** One journey the caller reaches, with their role on its level; undefined otherwise (answered as 404). */
    async findReachable(caller: Caller, id: string, trx: Executor = db): Promise<ScopedJourneyRow | undefined> {
      const row = await (await scoped(caller, {}, trx)).where('journeys.id', '=', id).executeTakeFirst();
      return row && numeric(row);
    },

    /**
     * Locks the journey's device, then the journey, for an action on it, and reads it again as it is now. The device
     * first: the ingest pipeline locks a device's row before it advances its journey, so both take them in one order.
     */
    async lockForAction(id: string, deviceId: string, trx: Executor): Promise<JourneyRow | undefined> {
      if (postgres) {
        await trx.selectFrom('devices').select('id').where('id', '=', deviceId).forNoKeyUpdate().execute();
        await trx.selectFrom('journeys').select('id').where('id', '=', id).forUpdate().execute();
      }
      const row = await trx
        .selectFrom('journeys')
        .select(JOURNEY_COLUMNS.map((column) => `journeys.${column}` as const))
        .where('id', '=', id)
        .executeTakeFirst();
      return row && numeric(row);
    },

    /**
     * A device of the subtree at `path` that the caller reaches, locked until the transaction ends: two journeys
     * created for one device at once then take turns (PostgreSQL; SQLite has one writer), the second seeing the first.
     */
    async deviceForJourney(caller: Caller, uuid: string, path: string, trx: Executor) {
      if (postgres) await trx.selectFrom('devices').select('id').where('id', '=', uuid).forNoKeyUpdate().execute();
      const { reach } = await reachOf(caller, trx, 'devices.businessPath');
      let query = trx
        .selectFrom('devices')
        .select(['devices.id', 'devices.description'])
        .where('devices.id', '=', uuid)
        .where(inSubtree(path, 'devices.businessPath'));
      if (reach) query = query.where(reach);
      return query.executeTakeFirst();
    },

    /** The running or paused journeys of these devices, locked for finishing them (an asset's move). */
    async openOfDevices(deviceIds: readonly string[], trx: Executor): Promise<ListedJourneyRow[]> {
      if (deviceIds.length === 0) return [];
      // The devices first, in id order, as an ingest batch holds them before it advances their journeys.
      if (postgres)
        await trx
          .selectFrom('devices')
          .select('id')
          .where('id', 'in', [...new Set(deviceIds)])
          .orderBy('id')
          .forNoKeyUpdate()
          .execute();
      const query = listed(trx)
        .where('journeys.deviceId', 'in', [...new Set(deviceIds)])
        .where('journeys.state', 'in', [...OPEN_JOURNEY_STATES])
        .orderBy('journeys.createdAt');
      const rows = await (postgres ? query.forUpdate('journeys') : query).execute();
      return rows.map(numeric);
    },

    async insert(journey: Insertable<JourneysTable>, trx: Executor): Promise<void> {
      await trx.insertInto('journeys').values(journey).execute();
    },

    /** Writes the changes when the journey is still at `version`, moving it on; false when it changed meanwhile. */
    async updateIfVersion(
      id: string,
      version: number,
      changes: Updateable<JourneysTable>,
      trx: Executor,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('journeys')
        .set({ ...changes, version: version + 1 })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The device's running journey, the one its positions advance; null when none runs. */
    async setDeviceJourney(deviceId: string, journeyId: string | null, trx: Executor): Promise<void> {
      await trx.updateTable('devices').set({ journeyId }).where('id', '=', deviceId).execute();
    },

    /** Appends to the journey's history after its last entry. */
    async appendHistory(entry: Omit<Insertable<JourneyHistoryTable>, 'seq'>, trx: Executor): Promise<void> {
      const last = await trx
        .selectFrom('journeyHistory')
        .select((eb) => eb.fn.max<number | string | null>('seq').as('seq'))
        .where('journeyId', '=', entry.journeyId)
        .executeTakeFirst();
      const seq = last?.seq === null || last?.seq === undefined ? 0 : count(last.seq) + 1;
      await trx
        .insertInto('journeyHistory')
        .values({ ...entry, seq })
        .execute();
    },

    /** A journey's history, oldest first, with who did each step. */
    async history(journeyId: string, trx: Executor = db) {
      const rows = await trx
        .selectFrom('journeyHistory')
        .leftJoin('users', 'users.id', 'journeyHistory.userId')
        .select([
          'journeyHistory.transition',
          'journeyHistory.comment',
          'journeyHistory.date',
          'users.email as userEmail',
        ])
        .where('journeyHistory.journeyId', '=', journeyId)
        .orderBy('journeyHistory.seq')
        .execute();
      return rows.map((row) => ({ ...row, date: count(row.date) }));
    },

    /** A journey's track, oldest first. */
    async points(journeyId: string, trx: Executor = db) {
      const rows = await trx
        .selectFrom('journeyPoints')
        .select(['date', 'lat', 'lon', 'speedKmh'])
        .where('journeyId', '=', journeyId)
        .orderBy('date')
        .execute();
      return rows.map((row) => ({
        date: count(row.date),
        lat: Number(row.lat),
        lon: Number(row.lon),
        speedKmh: row.speedKmh === null ? null : Number(row.speedKmh),
      }));
    },

    /** How many running or paused journeys these devices are in (an asset move's warning). */
    async countOpen(deviceIds: readonly string[], trx: Executor = db): Promise<number> {
      if (deviceIds.length === 0) return 0;
      const row = await trx
        .selectFrom('journeys')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('deviceId', 'in', [...new Set(deviceIds)])
        .where('state', 'in', [...OPEN_JOURNEY_STATES])
        .executeTakeFirst();
      return count(row?.n);
    },
  };
}

export type JourneysRepo = ReturnType<typeof createJourneysRepo>;
