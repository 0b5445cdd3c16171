import type { Role } from '@iot/shared';
import { type Insertable, PostgresAdapter, type Selectable, sql, type Transaction, type Updateable } from 'kysely';
import { queryPerShape, reusableQuery } from '../../db/reusable-query.js';
import type { Database, DatabaseSchema, PlaceGroupsTable, PlacesTable } from '../../db/schema.js';
import {
  type Caller,
  inSubtreeReached,
  isProviderStaff,
  isReaching,
  reachOf,
  reachTest,
  roleAt,
  type Scope,
  scopeOf,
  scopeSql,
} from '../businesses/repo.js';
import {
  type PackedPlaceDeviceRow,
  type PageCursor,
  type PlaceDevicePageAnswer,
  packedPlaceDevices,
  placeDevicePageAnswer,
} from './place-device-page.js';

export type { PageCursor };

type Executor = Database | Transaction<DatabaseSchema>;

export type PlaceRow = Selectable<PlacesTable>;
export type PlaceGroupRow = Selectable<PlaceGroupsTable>;

/** A place as it is presented: its business's description and its group's name and whether it is forbidden. */
export type ListedPlaceRow = Omit<PlaceRow, 'tenantPath'> & {
  businessDescription: string;
  groupName: string | null;
  groupForbidden: number | null;
  /** `lower(name)` as the database computes it: the page's sort key. */
  sortKey: string;
};
export type ScopedPlaceRow = ListedPlaceRow & { role: Role };

export type ListedGroupRow = Omit<PlaceGroupRow, 'tenantPath'> & { businessDescription: string };
export type ScopedGroupRow = ListedGroupRow & { role: Role };

/** What narrows a listing of places: the subtree of a business, a search on the name, a group. */
export interface PlaceQuery {
  subtreePath: string;
  search?: string;
  groupId?: string;
}

const count = (value: bigint | number | string | null | undefined) => Number(value ?? 0);

/** `%` and `_` match themselves in a search. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const PLACE_COLUMNS = [
  'id',
  'businessId',
  'businessPath',
  'name',
  'groupId',
  'area',
  'minLat',
  'minLon',
  'maxLat',
  'maxLon',
  'createdAt',
  'updatedAt',
  'version',
] as const satisfies readonly (keyof PlaceRow)[];

const GROUP_COLUMNS = [
  'id',
  'businessId',
  'businessPath',
  'name',
  'forbidden',
  'enterAfterMs',
  'lostAfterMs',
  'createdAt',
  'updatedAt',
  'version',
] as const satisfies readonly (keyof PlaceGroupRow)[];

function listedPlaces(trx: Executor) {
  return trx
    .selectFrom('places')
    .innerJoin('businesses', 'businesses.id', 'places.businessId')
    .leftJoin('placeGroups', 'placeGroups.id', 'places.groupId')
    .select(PLACE_COLUMNS.map((column) => `places.${column}` as const))
    .select([
      'businesses.description as businessDescription',
      'placeGroups.name as groupName',
      'placeGroups.forbidden as groupForbidden',
      sql<string>`lower(${sql.ref('places.name')})`.as('sortKey'),
    ]);
}

function listedGroups(trx: Executor) {
  return trx
    .selectFrom('placeGroups')
    .innerJoin('businesses', 'businesses.id', 'placeGroups.businessId')
    .select(GROUP_COLUMNS.map((column) => `placeGroups.${column}` as const))
    .select('businesses.description as businessDescription');
}

/** The paths of the levels above the one at `path` (`/a/b/c/` → `/a/`, `/a/b/`). */
function pathsAbove(path: string): string[] {
  const ids = path.split('/').filter(Boolean);
  return ids.slice(0, -1).map((_, index) => `/${ids.slice(0, index + 1).join('/')}/`);
}

/** Places and their groups, scoped to the caller's reach in SQL by their business's path. SQL only. */
export function createPlacesRepo(db: Database) {
  // The check of every call on one place (the page of its devices is read a thousand times a second): built once, the
  // caller's role a subquery over their entries, as a device's check is.
  const placeWithRole = reusableQuery<{ id: string; userId: string }, { businessPath: string; role: Role | null }>(
    (argument) =>
      db
        .selectFrom('places')
        .select('places.businessPath')
        .select(roleAt(argument('userId'), 'places.businessPath').as('role'))
        .where('places.id', '=', argument('id')),
  );

  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  /**
   * One page of the devices at a place that the scope reaches, built once per shape (`queryPerShape`, as the device
   * page is) with the limit written in the text; read with its answer made where it is read (on SQLite, the reader's
   * thread). A scope of a whole tenant (or every tenant) says no reach: a device is only ever at a place of its own
   * tenant, and the page walks the index `devices_location_place` alone. The place's name and level are subqueries by
   * its primary key, its reach is tested on its level in memory (`reachesPath`): joined with the place, and the
   * place's reach said here, SQLite read the same page four times slower (0.40 against 0.10 ms, 100,000 devices,
   * 20,000 at the place).
   */
  const devicesAtQuery = queryPerShape<
    { scope: Scope | null; placeId: string; limit: number; after: PageCursor | null },
    PackedPlaceDeviceRow
  >(
    ({ scope, placeId, limit, after }) => {
      let query = db
        .selectFrom('devices')
        .select([
          packedPlaceDevices.selection(postgres),
          sql<string>`lower(${sql.ref('devices.description')})`.as('sortKey'),
          (eb) =>
            eb
              .selectFrom('places')
              .select('places.name')
              .whereRef('places.id', '=', 'devices.locationPlaceId')
              .$asScalar()
              .$notNull()
              .as('placeName'),
          (eb) =>
            eb
              .selectFrom('places')
              .select('places.businessPath')
              .whereRef('places.id', '=', 'devices.locationPlaceId')
              .$asScalar()
              .$notNull()
              .as('placePath'),
          // A subquery by primary key: the page's rows alone look their business up.
          (eb) =>
            eb
              .selectFrom('businesses')
              .select('businesses.description')
              .whereRef('businesses.id', '=', 'devices.businessId')
              .$asScalar()
              .$notNull()
              .as('businessDescription'),
        ])
        .where('devices.locationPlaceId', '=', placeId);
      if (scope && !scope.wholeTenant) {
        const { reach } = scopeSql(scope, 'devices.businessPath');
        if (reach) query = query.where(reach);
      }
      if (after)
        query = query.where(
          sql<boolean>`(lower(${sql.ref('devices.description')}), ${sql.ref('devices.id')}) > (${after[0]}, ${after[1]})`,
        );
      return query
        .orderBy(sql`lower(${sql.ref('devices.description')})`)
        .orderBy('devices.id')
        .limit(sql.lit(limit + 1));
    },
    ['role', 'limit'],
  );

  return {
    /** One place with the caller's role on its business, when the caller reaches it. */
    async findReachable(caller: Caller, id: string, trx: Executor = db): Promise<ScopedPlaceRow | undefined> {
      const { role, reach } = await reachOf(caller, trx, 'places.businessPath');
      let query = listedPlaces(trx).select(role.as('role')).where('places.id', '=', id);
      if (reach) query = query.where(reach);
      return query.executeTakeFirst();
    },

    /** Whether the caller reaches the level at `path`, tested in memory on their entries (kept by `keepGrants`). */
    async reachesPath(caller: Caller, path: string): Promise<boolean> {
      return (await reachTest(caller, db))(path);
    },

    /** The path of a place's level, when the caller reaches it: the check of the page of its devices. */
    async reachablePath(caller: Caller, id: string): Promise<string | undefined> {
      if (isProviderStaff(caller))
        return (await db.selectFrom('places').select('businessPath').where('id', '=', id).executeTakeFirst())
          ?.businessPath;
      const [row] = await placeWithRole(db, { id, userId: caller.id });
      return row && isReaching(row.role) ? row.businessPath : undefined;
    },

    /** One place of the subtree at `path` that the caller reaches, with the caller's role on its business. */
    async findInSubtree(
      caller: Caller,
      id: string,
      path: string,
      trx: Executor = db,
    ): Promise<ScopedPlaceRow | undefined> {
      const scope = await scopeOf(caller, trx);
      const { role } = scopeSql(scope, 'places.businessPath');
      return listedPlaces(trx)
        .select(role.as('role'))
        .where('places.id', '=', id)
        .where(sql<boolean>`(${sql.join(inSubtreeReached('places', scope, path), sql` and `)})`)
        .executeTakeFirst();
    },

    /**
     * One page of the subtree's places that the caller reaches and that match, by lower(name) then id, after the
     * cursor; `limit + 1` rows, the last telling whether another page follows.
     */
    async page(
      caller: Caller,
      query: PlaceQuery,
      page: { limit: number; after: PageCursor | undefined },
      trx: Executor = db,
    ): Promise<ListedPlaceRow[]> {
      const all = inSubtreeReached('places', await scopeOf(caller, trx), query.subtreePath);
      if (query.search)
        all.push(sql<boolean>`lower(${sql.ref('places.name')}) like ${likePattern(query.search)} escape '\\'`);
      if (query.groupId) all.push(sql<boolean>`${sql.ref('places.groupId')} = ${query.groupId}`);
      if (page.after) {
        const [key, id] = page.after;
        all.push(sql<boolean>`(lower(${sql.ref('places.name')}), ${sql.ref('places.id')}) > (${key}, ${id})`);
      }
      return listedPlaces(trx)
        .where(sql<boolean>`(${sql.join(all, sql` and `)})`)
        .orderBy(sql`lower(${sql.ref('places.name')})`)
        .orderBy('places.id')
        .limit(page.limit + 1)
        .execute();
    },

    /**
     * How many devices the caller reaches are at each of the places now, by place id, in one grouped query over the
     * index `devices_location_place`. A caller reaching a whole tenant (or every tenant) counts from the index alone.
     */
    async devicesNow(caller: Caller, placeIds: readonly string[], trx: Executor = db): Promise<Map<string, number>> {
      if (placeIds.length === 0) return new Map();
      const scope = await scopeOf(caller, trx);
      let query = trx
        .selectFrom('devices')
        .select(['devices.locationPlaceId', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('devices.locationPlaceId', 'in', [...new Set(placeIds)])
        .groupBy('devices.locationPlaceId');
      // A device is only ever at a place of its own tenant, so a whole tenant's reach holds every one of them.
      if (scope && !scope.wholeTenant) {
        const { reach } = scopeSql(scope, 'devices.businessPath');
        if (reach) query = query.where(reach);
      }
      const rows = await query.execute();
      return new Map(rows.map((row) => [row.locationPlaceId ?? '', count(row.n)]));
    },

    /**
     * One page of the devices the caller reaches that are at the place now, by lower(description) then id, after the
     * cursor, walking the index `devices_location_place` in order, answered presented (`placeDevicePageAnswer`);
     * `limit + 1` rows are read so that the answer says whether another page follows, and the place's level when
     * it has any. Whether the caller may see the place is for the caller to test on that level (`reachesPath`), or,
     * for an empty page, `reachablePath`'s to say.
     */
    async devicesAt(
      caller: Caller,
      placeId: string,
      page: { limit: number; after: PageCursor | undefined },
    ): Promise<PlaceDevicePageAnswer> {
      return devicesAtQuery.finished(
        db,
        { scope: await scopeOf(caller, db), placeId, limit: page.limit, after: page.after ?? null },
        placeDevicePageAnswer,
        { limit: page.limit },
      );
    },

    async insertPlace(place: Insertable<PlacesTable>, trx: Executor = db): Promise<void> {
      await trx.insertInto('places').values(place).execute();
    },

    async updatePlaceIfVersion(
      id: string,
      version: number,
      changes: Updateable<PlacesTable>,
      trx: Executor = db,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('places')
        .set({ ...changes, version: version + 1 })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return count(result.numUpdatedRows) === 1;
    },

    /**
     * Deletes a place over its version. The devices at it keep their history of states (which names the place), but
     * are no longer at it: their place is cleared and they are at an unknown location from `at` (see the service).
     */
    async deletePlaceIfVersion(id: string, version: number, at: number, trx: Executor = db): Promise<boolean> {
      const result = await trx
        .deleteFrom('places')
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      if (count(result.numDeletedRows) !== 1) return false;
      await trx
        .updateTable('devices')
        .set({ locationPlaceId: null, locationState: 'atUnknownLocation', locationSince: at })
        .where('locationPlaceId', '=', id)
        .execute();
      return true;
    },

    /** One group with the caller's role on its business, when the caller reaches it. */
    async findGroupReachable(caller: Caller, id: string, trx: Executor = db): Promise<ScopedGroupRow | undefined> {
      const { role, reach } = await reachOf(caller, trx, 'placeGroups.businessPath');
      let query = listedGroups(trx).select(role.as('role')).where('placeGroups.id', '=', id);
      if (reach) query = query.where(reach);
      return query.executeTakeFirst();
    },

    /** One group of the subtree at `path` that the caller reaches, with the caller's role on its business. */
    async findGroupInSubtree(
      caller: Caller,
      id: string,
      path: string,
      trx: Executor = db,
    ): Promise<ScopedGroupRow | undefined> {
      const scope = await scopeOf(caller, trx);
      const { role } = scopeSql(scope, 'placeGroups.businessPath');
      return listedGroups(trx)
        .select(role.as('role'))
        .where('placeGroups.id', '=', id)
        .where(sql<boolean>`(${sql.join(inSubtreeReached('placeGroups', scope, path), sql` and `)})`)
        .executeTakeFirst();
    },

    /** A group by id whoever reaches it: a place's group is checked against the place's level, not the caller. */
    async findGroup(id: string, trx: Executor = db): Promise<PlaceGroupRow | undefined> {
      return trx.selectFrom('placeGroups').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * The subtree's groups that the caller reaches, and those of the levels above it, which its places may be in
     * (the caller need not reach those levels, as a place's group need not be reached), by lower(name) then id (few a
     * level: one page).
     */
    async groups(caller: Caller, subtreePath: string, trx: Executor = db): Promise<ListedGroupRow[]> {
      const all = inSubtreeReached('placeGroups', await scopeOf(caller, trx), subtreePath);
      const above = pathsAbove(subtreePath);
      const inSubtree = sql<boolean>`(${sql.join(all, sql` and `)})`;
      return listedGroups(trx)
        .where((eb) =>
          above.length === 0 ? inSubtree : eb.or([inSubtree, eb('placeGroups.businessPath', 'in', above)]),
        )
        .orderBy(sql`lower(${sql.ref('placeGroups.name')})`)
        .orderBy('placeGroups.id')
        .execute();
    },

    /** How many places each of the groups has, by group id, in one grouped query (index `places_group`). */
    async placesIn(groupIds: readonly string[], trx: Executor = db): Promise<Map<string, number>> {
      if (groupIds.length === 0) return new Map();
      const rows = await trx
        .selectFrom('places')
        .select(['places.groupId', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('places.groupId', 'in', [...new Set(groupIds)])
        .groupBy('places.groupId')
        .execute();
      return new Map(rows.map((row) => [row.groupId ?? '', count(row.n)]));
    },

    async insertGroup(group: Insertable<PlaceGroupsTable>, trx: Executor = db): Promise<void> {
      await trx.insertInto('placeGroups').values(group).execute();
    },

    async updateGroupIfVersion(
      id: string,
      version: number,
      changes: Updateable<PlaceGroupsTable>,
      trx: Executor = db,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('placeGroups')
        .set({ ...changes, version: version + 1 })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return count(result.numUpdatedRows) === 1;
    },

    async deleteGroupIfVersion(id: string, version: number, trx: Executor = db): Promise<boolean> {
      const result = await trx
        .deleteFrom('placeGroups')
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return count(result.numDeletedRows) === 1;
    },

    /**
     * Says that places or groups changed, in the transaction that changes them: each process's ingest pipeline
     * rebuilds its spatial index when it sees the revision move. On PostgreSQL the row's lock also orders concurrent
     * changes of places, so a pipeline never reads a revision whose changes it cannot see yet.
     */
    async bumpRevision(trx: Executor): Promise<void> {
      await sql`update place_revision set revision = revision + 1 where id = 1`.execute(trx);
    },
  };
}

export type PlacesRepo = ReturnType<typeof createPlacesRepo>;
