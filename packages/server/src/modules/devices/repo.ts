import type { DeviceFilter, DeviceSort, Language, Role, SignalValueCondition } from '@iot/shared';
import {
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  PostgresAdapter,
  type RawBuilder,
  type Selectable,
  type SelectQueryBuilder,
  sql,
  type Transaction,
  type Updateable,
} from 'kysely';
import { coalescedReads } from '../../db/coalesced-reads.js';
import { DEVICE_COLUMNS } from '../../db/columns.js';
import { queryPerShape, readOffThread, reusableQuery } from '../../db/reusable-query.js';
import type { BatteryChangesTable, Database, DatabaseSchema, DevicesTable } from '../../db/schema.js';
import {
  type Caller,
  inRange,
  inSubtree,
  isProviderStaff,
  isReaching,
  roleAt,
  type Scope,
  scopeOf,
  scopeSql,
  subtreeRange,
  tenantPathOf,
} from '../businesses/repo.js';
import { dropLicensesOffPath, licensesNamed } from '../usage-licenses/repo.js';
import {
  type Cursor,
  type DevicePageAnswer,
  devicePageAnswer,
  type ListedAsset,
  type ListedDeviceRow,
  type PackedListedRow,
  packedListing,
  presentedColumns,
  SORT_KEYS,
} from './device-page.js';

type Executor = Database | Transaction<DatabaseSchema>;

export type DeviceRow = Selectable<DevicesTable>;
/** A device as one caller sees it: the caller's role on its business, and the business's description. */
export type ScopedDeviceRow = DeviceRow & { role: Role; businessDescription: string };

/** The network id columns, each unique within its network. */
export const NETWORK_ID_COLUMNS = ['loraEui', 'mac', 'sigfoxId', 'imei'] as const;
export type NetworkIdColumn = (typeof NETWORK_ID_COLUMNS)[number];

/** What narrows a listing: the filters of `POST /devices/filter` and the subtree of a business. */
export type DeviceQuery = Omit<DeviceFilter, 'businessId' | 'sort' | 'limit' | 'cursor'> & {
  subtreePath?: string;
  /** Devices added at or after this time (epoch ms). */
  createdFrom?: number;
  /** Only devices linked to no asset. */
  freeOnly?: boolean;
};

const count = (value: bigint | number | string | undefined) => Number(value ?? 0);

const HOUR_MS = 3_600_000;

/** `%` and `_` match themselves in a search. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const OPERATORS: Record<SignalValueCondition['op'], string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
};

/**
 * A condition on the latest value of a signal, read from the JSON column (`{ key: { value, date } }`): numbers compare
 * as numbers (a device whose value is not a number does not match), booleans and texts as they are written.
 * The signal key is a bound parameter on both databases; the schema allows only letters, digits and `_` in it.
 * Here as the values its SQL binds: `at` is the key on PostgreSQL, its JSON path on SQLite; `json` the value as
 * JSON text; for a boolean on SQLite, `value` is its JSON type and `equal` whether it must be that type.
 */
interface SignalTest {
  kind: 'number' | 'boolean' | 'text';
  op: SignalValueCondition['op'];
  at: string;
  value: number | string;
  json: string;
  equal: 0 | 1;
}

function signalTest(condition: SignalValueCondition, postgres: boolean): SignalTest {
  const { op, value } = condition;
  const kind = typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'text';
  return {
    kind,
    op,
    at: postgres ? condition.signal : `$.${condition.signal}.value`,
    value: typeof value === 'boolean' ? JSON.stringify(value) : value,
    json: JSON.stringify(value),
    equal: op === 'eq' ? 1 : 0,
  };
}

function signalCondition(test: SignalTest, postgres: boolean) {
  const operator = sql.raw(OPERATORS[test.op]);
  const column = sql.ref('devices.signalValues');
  if (postgres) {
    const reading = sql`(${column}::jsonb -> ${test.at} -> 'value')`;
    if (test.kind === 'number')
      return sql<boolean>`(jsonb_typeof(${reading}) = 'number' and (${reading})::text::float8 ${operator} ${test.value})`;
    return sql<boolean>`(${reading}) ${operator} ${test.json}::jsonb`;
  }
  const reading = sql`json_extract(${column}, ${test.at})`;
  const type = sql`json_type(${column}, ${test.at})`;
  if (test.kind === 'number')
    return sql<boolean>`(${type} in ('integer', 'real') and ${reading} ${operator} ${test.value})`;
  if (test.kind === 'boolean') return sql<boolean>`(${type} = ${test.value}) = ${test.equal}`;
  return sql<boolean>`(${type} = 'text' and ${reading} ${operator} ${test.value})`;
}

/**
 * The filters of a listing as the values its SQL binds (time bounds and search patterns computed): `matching` writes
 * the SQL from these alone, so that a page's query is built once per shape with stand-ins for them (`queryPerShape`).
 */
interface DeviceConditions {
  tenantPath?: string;
  subtree?: { lower: string; upper: string };
  deviceTypes?: string[];
  communicationTypes?: string[];
  parametersStatuses?: string[];
  locationStates?: string[];
  seenSince?: number;
  silentBefore?: number;
  createdFrom?: number;
  neverSeen?: boolean;
  free?: boolean;
  signalValues?: SignalTest[];
  search?: { pattern: string; idPrefix: string; networkIdPrefix: string };
}

/** Whether the caller reaches a linked asset's business, as 1 or 0 (provider staff reach every one). */
function ownedAsset(scope: Scope | null) {
  const { reach } = scopeSql(scope, 'assets.businessPath');
  return (reach ? sql<number>`case when ${reach} then 1 else 0 end` : sql<number>`1`).as('assetOwned');
}

/**
 * Devices with the asset each is linked to (`ListedAsset`), by the unique index on `assets.device_id`: one lookup a
 * listed device.
 */
function withListedAsset<Row>(
  query: SelectQueryBuilder<DatabaseSchema, 'devices' | 'businesses', Row>,
  scope: Scope | null,
) {
  return query
    .leftJoin('assets', 'assets.deviceId', 'devices.id')
    .select(['assets.id as assetId', 'assets.description as assetDescription', ownedAsset(scope)]);
}

/**
 * The name of the place the device is at, as a subquery by the place's primary key: a device at no place looks
 * nothing up.
 */
function placeNameOf(eb: ExpressionBuilder<DatabaseSchema, 'devices'>) {
  return eb
    .selectFrom('places')
    .select('places.name')
    .whereRef('places.id', '=', 'devices.locationPlaceId')
    .$asScalar()
    .as('placeName');
}

/** The keys of a page's arguments whose values its SQL is written with, not bound (see `queryPerShape`). */
const PAGE_STRUCTURE = ['role', 'kind', 'op', 'by', 'order', 'limit'];

/** Devices, scoped to the caller's reach in SQL like the business tree. SQL only. */
export function createDevicesRepo(db: Database) {
  // The permission check of every call on one device. The business's description is a subquery: SQLite answers a
  // single device four times faster this way than through a join (measured: 19 against 80 microseconds).
  const roleAndDescription = (
    eb: ExpressionBuilder<DatabaseSchema, 'devices'>,
    userId: string | Expression<string>,
  ) => [
    eb
      .selectFrom('businesses')
      .select('businesses.description')
      .whereRef('businesses.id', '=', 'devices.businessId')
      .$asScalar()
      .$notNull()
      .as('businessDescription'),
    roleAt(userId, 'devices.businessPath').as('role'),
    placeNameOf(eb),
  ];
  const deviceWithRole = reusableQuery<
    { id: string; userId: string },
    DeviceRow & { role: Role | null; businessDescription: string }
  >((argument) =>
    db
      .selectFrom('devices')
      .select(DEVICE_COLUMNS.map((column) => `devices.${column}` as const))
      .select((eb) => roleAndDescription(eb, argument('userId')))
      .where('devices.id', '=', argument('id')),
  );
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // A single device as it is shown (its presented columns alone: a third less of the database's time than all) with
  // its caller's role: the devices asked for in one turn are read by one query (`coalescedReads`).
  type ListedWithCaller = Omit<ListedDeviceRow, 'role' | 'assetOwned'> & {
    role: Role | null;
    callerId: string;
    assetRole: Role | null;
  };
  type Asked = { id: string; userId: string };
  type AskedPair = { id: string; callerId: string };
  const withRoles = (asked: RawBuilder<AskedPair>) =>
    db
      .selectFrom(asked.as('asked'))
      .innerJoin('devices', 'devices.id', 'asked.id')
      .leftJoin('assets', 'assets.deviceId', 'devices.id')
      .select(presentedColumns)
      .select(['asked.callerId', 'assets.id as assetId', 'assets.description as assetDescription'])
      .select((eb) => [
        ...roleAndDescription(eb, sql.ref('asked.callerId')),
        roleAt(sql.ref('asked.callerId'), 'assets.businessPath').as('assetRole'),
      ]);
  let loadListed: (asked: readonly Asked[]) => Promise<ListedWithCaller[]>;
  if (postgres) {
    // The pairs as two arrays of the same length, which `unnest` reads side by side.
    const query = reusableQuery<{ ids: string[]; userIds: string[] }, ListedWithCaller>((argument) =>
      withRoles(
        sql<AskedPair>`(select unnest(${argument('ids')}::text[]) as id,
          unnest(${argument('userIds')}::text[]) as caller_id)`,
      ),
    );
    loadListed = (asked) => query(db, { ids: asked.map((key) => key.id), userIds: asked.map((key) => key.userId) });
  } else {
    // The pairs as one JSON array, read on the reader thread: the main thread neither runs the query nor waits for it
    // (measured, 100,000 devices under full load: one device's read took the main thread 24 microseconds, the most of
    // a GET's time, and the GET reached 10,500 requests/s against 21,900 on PostgreSQL, whose reads run elsewhere).
    const query = reusableQuery<{ pairs: string }, ListedWithCaller>(
      (argument) =>
        withRoles(
          sql<AskedPair>`(select value ->> 0 as id, value ->> 1 as caller_id from json_each(${argument('pairs')}))`,
        ),
      { offThread: true },
    );
    loadListed = (asked) => query(db, { pairs: JSON.stringify(asked.map((key) => [key.id, key.userId])) });
  }
  const listedCoalesced = coalescedReads({
    load: loadListed,
    keyOf: (key: Asked) => `${key.userId} ${key.id}`,
    rowKey: (row) => `${row.callerId} ${row.id}`,
  });

  /**
   * Every device the caller reaches, with the caller's role on its business and the business's description, as a
   * query callers narrow further and choose the device's columns of.
   */
  async function scoped(caller: Caller, trx: Executor) {
    return scopedBy(trx, await scopeOf(caller, trx));
  }

  function scopedBy(trx: Executor, scope: Scope | null) {
    const { role, reach } = scopeSql(scope, 'devices.businessPath');
    return inScope(trx, scope, reach)
      .innerJoin('businesses', 'businesses.id', 'devices.businessId')
      .select((eb) => ['businesses.description as businessDescription', role.as('role'), placeNameOf(eb)]);
  }

  /**
   * The devices in a scope alone, for counting them: the join with their businesses (for the description) cost SQLite
   * a lookup of each counted device's business, and made it scan the whole table for a tenant's devices of one type.
   */
  function inScope(trx: Executor, scope: Scope | null, reach = scopeSql(scope, 'devices.businessPath').reach) {
    const query = trx.selectFrom('devices');
    // A whole tenant is said as the tenant alone: the per-tenant indexes apply, and the planners estimate it right
    // (the same scope said twice, as a path range and as the tenant, reads to them as a hundred times narrower).
    if (scope?.wholeTenant) return query.where('devices.tenantPath', '=', scope.wholeTenant);
    return reach ? query.where(reach) : query;
  }

  /** Everything a device sent: readings, messages as received, counters, undecodable frames, commissioning. */
  async function deleteTelemetry(device: Pick<DeviceRow, 'id' | 'key'>, trx: Executor = db): Promise<void> {
    for (const table of ['readings', 'receivedMessages', 'uplinkCounters'] as const) {
      await trx.deleteFrom(table).where('deviceKey', '=', device.key).execute();
    }
    for (const table of ['undecodedFrames', 'commissioningEvents'] as const) {
      await trx.deleteFrom(table).where('deviceId', '=', device.id).execute();
    }
  }

  function conditionsOf(query: DeviceQuery, now: number): DeviceConditions {
    const conditions: DeviceConditions = {};
    // A top business's subtree is its tenant, said as such for the per-tenant indexes.
    if (query.subtreePath && query.subtreePath === tenantPathOf(query.subtreePath))
      conditions.tenantPath = query.subtreePath;
    else if (query.subtreePath) conditions.subtree = subtreeRange(query.subtreePath);
    if (query.deviceTypes?.length) conditions.deviceTypes = query.deviceTypes;
    if (query.communicationTypes?.length) conditions.communicationTypes = query.communicationTypes;
    if (query.parameterizationStatuses?.length) conditions.parametersStatuses = query.parameterizationStatuses;
    if (query.locationStates?.length) conditions.locationStates = query.locationStates;
    if (query.seenWithinHours !== undefined) conditions.seenSince = now - query.seenWithinHours * HOUR_MS;
    if (query.notSeenForHours !== undefined) conditions.silentBefore = now - query.notSeenForHours * HOUR_MS;
    if (query.createdFrom !== undefined) conditions.createdFrom = query.createdFrom;
    if (query.neverSeen) conditions.neverSeen = true;
    if (query.freeOnly) conditions.free = true;
    if (query.signalValues?.length)
      conditions.signalValues = query.signalValues.map((condition) => signalTest(condition, postgres));
    if (query.search) {
      conditions.search = {
        pattern: likePattern(query.search),
        idPrefix: `${query.search.toLowerCase()}%`,
        networkIdPrefix: `${query.search
          .replace(/[\s:-]/g, '')
          .toUpperCase()
          .replace(/[\\%_]/g, (char) => `\\${char}`)}%`,
      };
    }
    return conditions;
  }

  /** The filters as one condition over `devices`. */
  function matching(conditions: DeviceConditions) {
    const all: Expression<boolean>[] = [];
    if (conditions.tenantPath) all.push(sql<boolean>`${sql.ref('devices.tenantPath')} = ${conditions.tenantPath}`);
    if (conditions.subtree) all.push(inRange(conditions.subtree, 'devices.businessPath'));
    if (conditions.deviceTypes)
      all.push(sql<boolean>`${sql.ref('devices.deviceType')} in (${sql.join(conditions.deviceTypes)})`);
    if (conditions.communicationTypes)
      all.push(sql<boolean>`${sql.ref('devices.communication')} in (${sql.join(conditions.communicationTypes)})`);
    if (conditions.parametersStatuses)
      all.push(sql<boolean>`${sql.ref('devices.parametersStatus')} in (${sql.join(conditions.parametersStatuses)})`);
    // With the tenant, by the index `devices_tenant_location_state`, in description order within one state.
    if (conditions.locationStates)
      all.push(sql<boolean>`${sql.ref('devices.locationState')} in (${sql.join(conditions.locationStates)})`);
    const lastSeenAt = sql.ref('devices.lastSeenAt');
    if (conditions.seenSince !== undefined) all.push(sql<boolean>`${lastSeenAt} >= ${conditions.seenSince}`);
    // Never heard from counts as silent. The column is compared bare (no coalesce) so its index answers both halves.
    if (conditions.silentBefore !== undefined)
      all.push(sql<boolean>`(${lastSeenAt} < ${conditions.silentBefore} or ${lastSeenAt} is null)`);
    if (conditions.createdFrom !== undefined)
      all.push(sql<boolean>`${sql.ref('devices.createdAt')} >= ${conditions.createdFrom}`);
    if (conditions.neverSeen) all.push(sql<boolean>`${lastSeenAt} is null`);
    // By the unique index on `assets.device_id`: one lookup a device.
    if (conditions.free)
      all.push(sql<boolean>`not exists (select 1 from assets where assets.device_id = ${sql.ref('devices.id')})`);
    for (const test of conditions.signalValues ?? []) all.push(signalCondition(test, postgres));
    if (conditions.search) {
      const { pattern, idPrefix, networkIdPrefix } = conditions.search;
      all.push(
        sql<boolean>`(lower(${sql.ref('devices.description')}) like ${pattern} escape '\\'
          or lower(coalesce(${sql.ref('devices.serialNumber')}, '')) like ${pattern} escape '\\'
          or ${sql.ref('devices.id')} like ${idPrefix}
          or ${sql.join(
            NETWORK_ID_COLUMNS.map(
              (column) => sql`${sql.ref(`devices.${column}`)} like ${networkIdPrefix} escape '\\'`,
            ),
            sql` or `,
          )})`,
      );
    }
    return all.length === 0 ? sql<boolean>`1 = 1` : sql<boolean>`(${sql.join(all, sql` and `)})`;
  }

  /**
   * One page of devices in a scope that match, in `sort` order with the id breaking ties, after the cursor; `limit + 1`
   * rows. Built once per shape: PostgreSQL planned the page again on every request, more of its time than reading the
   * page, and building and compiling it took a seventh of a page request's time on SQLite. The limit is written in
   * the text: as a parameter, the plan made for any limit is costed as reading a tenth of the matching rows, and
   * PostgreSQL keeps planning each execution for its value instead (measured: 0.2 ms a page). Read with its answer
   * made where it is read (`devicePageAnswer`): on SQLite, the reader's thread (`db/sqlite-reader.ts`).
   */
  const pageQuery = queryPerShape<
    { scope: Scope | null; conditions: DeviceConditions; sort: DeviceSort; limit: number; after: Cursor | null },
    PackedListedRow
  >(({ scope, conditions, sort, limit, after }) => {
    const key = SORT_KEYS[sort.by];
    const direction = sort.order === 'asc' ? sql.raw('asc') : sql.raw('desc');
    let narrowed = withListedAsset(scopedBy(db, scope), scope).where(matching(conditions));
    if (after) {
      const comparison = sort.order === 'asc' ? sql.raw('>') : sql.raw('<');
      narrowed = narrowed.where(
        sql<boolean>`(${key.sql}, ${sql.ref('devices.id')}) ${comparison} (${after[0]}, ${after[1]})`,
      );
    }
    const ordered = narrowed
      .orderBy(sql`${key.sql} ${direction}`)
      .orderBy(sql`${sql.ref('devices.id')} ${direction}`)
      .limit(sql.lit(limit + 1));
    return ordered.select(packedListing.selection(postgres));
  }, PAGE_STRUCTURE);

  return {
    /** One device with the caller's role on its business, in one round trip (the check of every device call). */
    async findReachable(caller: Caller, id: string, trx: Executor = db): Promise<ScopedDeviceRow | undefined> {
      if (isProviderStaff(caller))
        return (await scoped(caller, trx)).selectAll('devices').where('devices.id', '=', id).executeTakeFirst();
      const [row] = await deviceWithRole(trx, { id, userId: caller.id });
      return row && isReaching(row.role) ? { ...row, role: row.role } : undefined;
    },

    /** One device as a listing holds it, when the caller reaches it (a single-device GET). */
    async findListed(caller: Caller, id: string): Promise<ListedDeviceRow | undefined> {
      if (isProviderStaff(caller))
        return withListedAsset(await scoped(caller, db), null)
          .select(presentedColumns)
          .where('devices.id', '=', id)
          .executeTakeFirst();
      const row = await listedCoalesced({ id, userId: caller.id });
      if (!row || !isReaching(row.role)) return undefined;
      const { assetRole, callerId: _callerId, ...listed } = row;
      return { ...listed, role: row.role, assetOwned: isReaching(assetRole) ? 1 : 0 };
    },

    /**
     * The assets the devices are linked to, by device id, each with whether the caller reaches the asset's business
     * (a device may sit below its asset's level): one query for a page of devices, by the unique index on
     * `assets.device_id`.
     */
    async assetsOf(caller: Caller, ids: string[], trx: Executor = db): Promise<Map<string, ListedAsset>> {
      if (ids.length === 0) return new Map();
      const rows = await trx
        .selectFrom('assets')
        .select(['assets.deviceId', 'assets.id', 'assets.description', ownedAsset(await scopeOf(caller, trx))])
        .where('assets.deviceId', 'in', ids)
        .execute();
      return new Map(
        rows.map((row) => [
          row.deviceId ?? '',
          { assetId: row.id, assetDescription: row.description, assetOwned: Number(row.assetOwned) },
        ]),
      );
    },

    /** The usage licenses devices name, by id: one query for a page's distinct licenses. */
    usageLicensesNamed: (ids: readonly string[], trx: Executor = db) => licensesNamed(trx, ids),

    /** Those of the devices linked to an asset: a move of theirs is the asset's to make (SPEC 5). */
    async linkedToAssets(ids: string[], trx: Executor = db): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await trx.selectFrom('assets').select('deviceId').where('deviceId', 'in', ids).execute();
      return new Set(rows.map((row) => row.deviceId ?? ''));
    },

    /** A reachable device by its uuid, serial number or one of its network ids (as a CSV line names it). */
    async findReachableByAnyId(caller: Caller, deviceId: string, trx: Executor = db) {
      const networkId = deviceId.replace(/[\s:-]/g, '').toUpperCase();
      return (await scoped(caller, trx))
        .selectAll('devices')
        .where((eb) =>
          eb.or([
            eb('devices.id', '=', deviceId),
            eb('devices.serialNumber', '=', deviceId),
            ...NETWORK_ID_COLUMNS.map((column) => eb(`devices.${column}`, '=', networkId)),
          ]),
        )
        .orderBy('devices.id')
        .executeTakeFirst();
    },

    async findManyReachable(caller: Caller, ids: string[], trx: Executor = db): Promise<ScopedDeviceRow[]> {
      if (ids.length === 0) return [];
      return (await scoped(caller, trx)).selectAll('devices').where('devices.id', 'in', ids).execute();
    },

    /**
     * One page of the caller's devices that match, in `sort` order with the id breaking ties, starting after
     * `after`, answered presented in `language` (`devicePageAnswer`); `limit + 1` rows are read so that the answer
     * says whether another page follows.
     */
    async page(
      caller: Caller,
      query: DeviceQuery,
      page: { sort: DeviceSort; limit: number; after: Cursor | undefined; language: Language },
      now: number,
    ): Promise<DevicePageAnswer> {
      const { sort, limit, after, language } = page;
      return pageQuery.finished(
        db,
        { scope: await scopeOf(caller, db), conditions: conditionsOf(query, now), sort, limit, after: after ?? null },
        devicePageAnswer,
        { sortBy: sort.by, limit, language },
      );
    },

    async count(caller: Caller, query: DeviceQuery, now: number): Promise<number> {
      const [row] = await readOffThread(
        db,
        inScope(db, await scopeOf(caller, db))
          .where(matching(conditionsOf(query, now)))
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .compile(),
      );
      return count(row?.n ?? 0);
    },

    /**
     * How the matching devices split by type, network, parameterization status and when they were last heard from
     * (within `recentSince` or before), as one grouped query.
     */
    async split(caller: Caller, query: DeviceQuery, now: number, recentSince: number) {
      const rows = await readOffThread(
        db,
        db
          .selectFrom(
            inScope(db, await scopeOf(caller, db))
              .select(['devices.deviceType', 'devices.communication', 'devices.parametersStatus', 'devices.lastSeenAt'])
              .where(matching(conditionsOf(query, now)))
              .as('matching'),
          )
          .select((eb) => [
            'matching.deviceType',
            'matching.communication',
            'matching.parametersStatus',
            sql<string>`case when ${sql.ref('matching.lastSeenAt')} is null then 'never'
              when ${sql.ref('matching.lastSeenAt')} >= ${recentSince} then 'recent' else 'stale' end`.as('seen'),
            eb.fn.countAll<number | string>().as('n'),
          ])
          // The fourth column, `seen`, by its position: both databases group by a select-list ordinal.
          .groupBy(['matching.deviceType', 'matching.communication', 'matching.parametersStatus', sql`4`])
          .compile(),
      );
      return rows.map((row) => ({ ...row, n: count(row.n) }));
    },

    /** Devices in the subtree at `path`, whoever reaches them (plan limits count every device of the contract). */
    async countInSubtree(path: string, trx: Executor = db): Promise<number> {
      const row = await trx
        .selectFrom('devices')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where(inSubtree(path, 'devices.businessPath'))
        .executeTakeFirstOrThrow();
      return count(row.n);
    },

    /** The device already holding one of these network ids, other than `exceptId`. */
    async holderOfNetworkId(
      ids: Partial<Record<NetworkIdColumn, string | null>>,
      exceptId: string | null,
      trx: Executor = db,
    ): Promise<{ column: NetworkIdColumn; value: string } | undefined> {
      for (const column of NETWORK_ID_COLUMNS) {
        const value = ids[column];
        if (!value) continue;
        let query = trx.selectFrom('devices').select('id').where(column, '=', value);
        if (exceptId) query = query.where('id', '!=', exceptId);
        if (await query.executeTakeFirst()) return { column, value };
      }
      return undefined;
    },

    async insert(device: Insertable<DevicesTable>, trx: Executor = db): Promise<void> {
      await trx.insertInto('devices').values(device).execute();
      await adjustDeviceCount(trx, device.businessId, 1);
    },

    /**
     * Holds a device's row until the transaction ends, with the lock an ingest batch takes on its devices (PostgreSQL;
     * SQLite has one writer): a batch then waits for the transaction, or the transaction reads what the batch wrote.
     */
    async lockForIngest(id: string, trx: Transaction<DatabaseSchema>): Promise<void> {
      if (postgres) await trx.selectFrom('devices').select('id').where('id', '=', id).forNoKeyUpdate().execute();
    },

    async updateIfVersion(
      id: string,
      version: number,
      changes: Updateable<DevicesTable>,
      trx: Executor = db,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('devices')
        .set({ ...changes, version: version + 1 })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return count(result.numUpdatedRows) === 1;
    },

    /**
     * Deletes a device and its telemetry (no foreign key takes it on PostgreSQL, migration 0018). The device goes
     * first: its deletion waits for an ingest batch that holds the device, and batches after it no longer find it, so
     * nothing is written for it once its telemetry is deleted.
     */
    async delete(device: Pick<DeviceRow, 'id' | 'key' | 'businessId'>, trx: Executor = db): Promise<void> {
      // Its journeys are its trips: they go with it (their history and track by cascade). The device is held first,
      // in the order an ingest batch takes them (the device, then its journey).
      if (postgres) await trx.selectFrom('devices').select('id').where('id', '=', device.id).forNoKeyUpdate().execute();
      await trx.deleteFrom('journeys').where('deviceId', '=', device.id).execute();
      await trx.deleteFrom('devices').where('id', '=', device.id).execute();
      await deleteTelemetry(device, trx);
      await adjustDeviceCount(trx, device.businessId, -1);
    },

    deleteTelemetry,

    /** A device's battery changes, newest first, with who recorded each. */
    async batteryChanges(deviceId: string, trx: Executor = db) {
      const rows = await trx
        .selectFrom('batteryChanges')
        .leftJoin('users', 'users.id', 'batteryChanges.userId')
        .select(['batteryChanges.id', 'batteryChanges.date', 'batteryChanges.comment', 'users.email'])
        .where('batteryChanges.deviceId', '=', deviceId)
        .orderBy('batteryChanges.date', 'desc')
        .orderBy('batteryChanges.createdAt', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        date: new Date(Number(row.date)).toISOString(),
        user: row.email,
        comment: row.comment,
      }));
    },

    async insertBatteryChange(change: Insertable<BatteryChangesTable>, trx: Executor = db): Promise<void> {
      await trx.insertInto('batteryChanges').values(change).execute();
    },

    /**
     * Moves a device to a business (its path given), keeping the businesses' device counts. A usage license of a level
     * no longer on its path (its own or an ancestor's) is taken from it.
     */
    async move(
      device: Pick<DeviceRow, 'id' | 'businessId'>,
      business: { id: string; path: string },
      trx: Executor = db,
    ): Promise<void> {
      await trx
        .updateTable('devices')
        .set((eb) => ({ businessId: business.id, businessPath: business.path, version: eb('version', '+', 1) }))
        .where('id', '=', device.id)
        .execute();
      await dropLicensesOffPath(trx, [device.id], business.path);
      await adjustDeviceCount(trx, device.businessId, -1);
      await adjustDeviceCount(trx, business.id, 1);
    },
  };
}

function adjustDeviceCount(trx: Executor, businessId: string, by: number) {
  return trx
    .updateTable('businessNodes')
    .set((eb) => ({ deviceCount: eb('deviceCount', '+', by) }))
    .where('id', '=', businessId)
    .execute();
}

export type DevicesRepo = ReturnType<typeof createDevicesRepo>;
