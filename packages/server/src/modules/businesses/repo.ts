import { randomUUID } from 'node:crypto';
import {
  type BusinessLogAction,
  type BusinessRole,
  effectiveRole,
  idsOnPath,
  ROLE_RANKS,
  type Role,
} from '@iot/shared';
import type { FastifyBaseLogger } from 'fastify';
import { type Expression, PostgresAdapter, type Selectable, sql, type Transaction, type Updateable } from 'kysely';
import { BUSINESS_COLUMNS } from '../../db/columns.js';
import type { DatabaseHandle } from '../../db/database.js';
import { createKeptReads, type KeptReads } from '../../db/kept-reads.js';
import { orderedId } from '../../db/ordered-id.js';
import { reusableQuery } from '../../db/reusable-query.js';
import type { BusinessesTable, BusinessLogsTable, Database, DatabaseSchema } from '../../db/schema.js';

type Executor = Database | Transaction<DatabaseSchema>;

export type BusinessRow = Selectable<BusinessesTable>;
export type BusinessLogRow = Selectable<BusinessLogsTable> & { userEmail: string | null };
/** A node as one caller sees it, with the caller's role there. */
export type ScopedBusinessRow = BusinessRow & { role: Role };

/** The columns of a node that its presentation shows. */
const LISTED_COLUMNS = [
  'id',
  'parentId',
  'slug',
  'description',
  'status',
  'logo',
  'theme',
  'cfgLocked',
  'mergedLocked',
  'deviceCount',
  'version',
] as const satisfies readonly (keyof BusinessRow)[];
/** A node as a listing of the caller's tree holds it. */
export type ListedBusinessRow = Pick<BusinessRow, (typeof LISTED_COLUMNS)[number]> & { role: Role };

/** Who is asking: provider staff reach every node; anyone else what their business entries give them. */
export interface Caller {
  id: string;
  role: string;
}

const count = (value: bigint | number | string | undefined) => Number(value ?? 0);

/**
 * Entry roles that give reach. The nearest entry on a node's path decides (a deeper entry overrides a shallower one);
 * when the nearest entry is below `viewer` (`none`), the node and the subtree below it, down to the next deeper
 * entry, are out of reach.
 */
const REACHING_ROLES = (Object.keys(ROLE_RANKS) as Role[]).filter((role) => ROLE_RANKS[role] >= ROLE_RANKS.viewer);

/** The advisory lock key of the business tree (a constant no other module uses). */
const TREE_LOCK_KEY = 4_001;

export const isProviderStaff = (caller: Caller) => caller.role === 'product';

/**
 * The subtree at `path` (the node included) as a range of the indexed `path` column: every path that starts with
 * `/.../id/` sorts between it and the same text ending in `0` instead of `/` ('0' follows '/'), in binary order (the
 * column is binary-collated on both databases), so a subtree is one index range scan.
 */
export function inSubtree(path: string, column = 'businesses.path') {
  return inRange(subtreeRange(path), column);
}

/** A subtree as the range of paths `inSubtree` compares with. */
export const subtreeRange = (path: string) => ({ lower: path, upper: `${path.slice(0, -1)}0` });

/** Whether the path in `column` lies in a subtree's range, which the SQL takes as two bound values. */
export function inRange(range: { lower: string; upper: string }, column: string) {
  return sql<boolean>`(${sql.ref(column)} >= ${range.lower} and ${sql.ref(column)} < ${range.upper})`;
}

/** The top business of a path (`/<id>/`): the tenant its subtree belongs to. */
export const tenantPathOf = (path: string) => path.slice(0, path.indexOf('/', 1) + 1);

/**
 * The role of the user `userId` (a value, or a column of the query) on the node at the path in `column`, as a
 * subquery over the user's entries (a handful, by the user index): the role of the deepest entry whose subtree holds
 * the path; null when none does.
 * A cross join, because SQLite then reads the user's entries first whatever its statistics say: left to choose, it may
 * walk the path index over every node before the path instead (seen on a small tree: 8.9 against 7.7 microseconds a
 * device; on a large one the walk grows with the tree). PostgreSQL plans a cross join as any other.
 */
export function roleAt(userId: string | Expression<string>, column: string) {
  const path = sql.ref(column);
  return sql<Role | null>`(select bu.role from business_users bu cross join business_paths granted
    where granted.id = bu.business_id and bu.user_id = ${userId} and ${path} >= granted.path
      and ${path} < substr(granted.path, 1, length(granted.path) - 1) || '0'
    order by granted.depth desc limit 1)`;
}

/** Whether a role found by `roleAt` gives reach (a `none` entry, or no entry, does not). */
export const isReaching = (role: Role | null | undefined): role is Role =>
  role !== null && role !== undefined && REACHING_ROLES.includes(role);

export type Grant = { path: string; depth: number; role: Role };
type GrantsQuery = (executor: Executor, args: { userId: string }) => Promise<Grant[]>;
/** The grants query of each dialect (PostgreSQL or not), built with the first executor of that dialect to run it. */
const grantsQueries = new Map<boolean, GrantsQuery>();

/**
 * Reads the tree revision (migration 0013: moved by the database on every change to the tree), prepared once: the
 * kept entries read it up to once a millisecond.
 */
function treeRevisionReader(db: Database) {
  const query = reusableQuery<Record<string, never>, { revision: number | string }>(() =>
    db.selectFrom('treeRevision').select('revision').where('id', '=', 1),
  );
  return async (trx: Executor = db): Promise<number> => {
    const [row] = await query(trx, {});
    if (!row) throw new Error('the tree revision is missing');
    return Number(row.revision);
  };
}

/** The callers' entries kept between requests, by the root database they were read from (`keepGrants`). */
const keptGrants = new WeakMap<object, KeptReads<Grant[]>>();
/** Callers whose entries are kept at most; past it, those kept longest ago go first. */
const MAX_KEPT_GRANTS = 10_000;
/** Entries are read again after this long even when no change was heard (a notification lost in transit). */
const GRANTS_MAX_AGE_MS = 60_000;

/**
 * Keeps each caller's entries in memory between the requests that read them on `db` (the root database; a transaction
 * always reads its own): read before every scoped query, they were one of a device page's two round trips on
 * PostgreSQL (measured at 1,000 pages a second: 870-960 answered a second and p99 770-820 ms with them read, 1,000 and
 * 170-340 ms kept). They are forgotten whenever the tree revision moves (migration 0013: a change to the nodes, to who
 * holds which role where, to a user's e-mail or staff role; migration 0026 announces it on PostgreSQL, see
 * `db/kept-reads.ts`), and by the businesses service as soon as one of its transactions ends (`forgetAll`).
 */
export async function keepGrants(options: {
  database: DatabaseHandle;
  databaseUrl: string | undefined;
  log: FastifyBaseLogger;
}): Promise<KeptReads<Grant[]>> {
  const { db } = options.database;
  const revision = treeRevisionReader(db);
  const kept = await createKeptReads<Grant[]>({
    ...options,
    channel: 'tree_changes',
    revision: () => revision(),
    maxEntries: MAX_KEPT_GRANTS,
    maxAgeMs: GRANTS_MAX_AGE_MS,
  });
  keptGrants.set(db, kept);
  return kept;
}

/**
 * The caller's entries with where they sit (their nodes' places alone), deepest first. Read before every scoped
 * query, so built once and prepared (on PostgreSQL it was planned again on every call).
 */
async function grantsOf(caller: Caller, trx: Executor): Promise<Grant[]> {
  const kept = keptGrants.get(trx);
  return kept ? ((await kept.read(caller.id, () => readGrants(caller, trx))) ?? []) : readGrants(caller, trx);
}

function readGrants(caller: Caller, trx: Executor) {
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  let query = grantsQueries.get(postgres);
  if (!query) {
    query = reusableQuery<{ userId: string }, Grant>((argument) =>
      trx
        .selectFrom('businessUsers')
        .innerJoin('businessPaths', 'businessPaths.id', 'businessUsers.businessId')
        .select(['businessPaths.path', 'businessPaths.depth', 'businessUsers.role'])
        .where('businessUsers.userId', '=', argument('userId'))
        .orderBy('businessPaths.depth', 'desc'),
    );
    grantsQueries.set(postgres, query);
  }
  return query(trx, { userId: caller.id });
}

/**
 * Whether the caller reaches a node, as a test on its path in memory (for streams of events about many nodes): the
 * deepest entry whose subtree holds the path decides, as `reachOf` decides in SQL.
 */
export async function reachTest(caller: Caller, trx: Executor): Promise<(path: string) => boolean> {
  if (isProviderStaff(caller)) return () => true;
  const grants = await grantsOf(caller, trx);
  return (path) => {
    const nearest = grants.find((grant) => path.startsWith(grant.path));
    return nearest !== undefined && REACHING_ROLES.includes(nearest.role);
  };
}

/** The condition no node meets: the reach of a caller whose entries give none. */
const NOWHERE = sql<boolean>`1 = 0`;

/** Where a caller who is not provider staff reaches, as values: their entries, deepest first, as subtree ranges. */
export interface Scope {
  grants: { lower: string; upper: string; role: Role }[];
  /** The tenant's path when the reach is exactly one whole tenant (one entry, on a top business), else null. */
  wholeTenant: string | null;
}

/** The caller's scope, read from their entries (a handful); null for provider staff, who reach every node. */
export async function scopeOf(caller: Caller, trx: Executor): Promise<Scope | null> {
  if (isProviderStaff(caller)) return null;
  const grants = await grantsOf(caller, trx);
  const [only] = grants;
  return {
    grants: grants.map((grant) => ({ ...subtreeRange(grant.path), role: grant.role })),
    wholeTenant:
      grants.length === 1 && only && isReaching(only.role) && only.path === tenantPathOf(only.path) ? only.path : null,
  };
}

/**
 * The caller's role on the node whose path is in `column`, and whether they reach it, as SQL over a scope: each entry
 * is a constant subtree range, and the role on a node is the one of the deepest entry whose range holds it. `reach`
 * is null for provider staff (every node). Built from the scope's values alone, with its roles deciding the shape, so
 * that `queryPerShape` builds it once with stand-ins for the ranges.
 */
export function scopeSql(scope: Scope | null, column: string) {
  if (!scope) return { role: sql<Role>`'product'`, reach: null };
  const reaching = scope.grants.filter((grant) => isReaching(grant.role));
  if (reaching.length === 0) return { role: sql<Role>`'none'`, reach: NOWHERE };
  const role = sql<Role>`case ${sql.join(
    scope.grants.map((grant) => sql`when ${inRange(grant, column)} then ${grant.role}`),
    sql` `,
  )} else 'none' end`;
  const inReach = sql<boolean>`(${sql.join(
    reaching.map((grant) => inRange(grant, column)),
    sql` or `,
  )})`;
  return { role, reach: sql<boolean>`(${inReach} and ${role} in (${sql.join(REACHING_ROLES)}))` };
}

/**
 * The rows of the subtree at `subtreePath` that the scope reaches, as conditions over a table carrying `business_path`
 * and `tenant_path` (devices' kin: assets, places, place groups). The tenant is always said, so that a listing walks
 * the table's (tenant, …) index in order within that tenant alone; a subtree below the top is then a range of its
 * paths; a scope of exactly this tenant is said by the tenant condition already.
 */
export function inSubtreeReached(table: string, scope: Scope | null, subtreePath: string): Expression<boolean>[] {
  const tenant = tenantPathOf(subtreePath);
  const all: Expression<boolean>[] = [sql<boolean>`${sql.ref(`${table}.tenantPath`)} = ${tenant}`];
  if (subtreePath !== tenant) all.push(inRange(subtreeRange(subtreePath), `${table}.businessPath`));
  if (scope?.wholeTenant !== tenant) {
    const { reach } = scopeSql(scope, `${table}.businessPath`);
    if (reach) all.push(reach);
  }
  return all;
}

/**
 * Where the caller reaches and with which role, as SQL over a path column (`businesses.path`, or the business path
 * a row of another table carries), by `scopeSql`. `reach` and `above` are null for provider staff (every node).
 */
export async function reachOf(caller: Caller, trx: Executor, column = 'businesses.path') {
  const scope = await scopeOf(caller, trx);
  if (!scope) return { role: sql<Role>`'product'`, reach: null, above: null };
  const { role, reach } = scopeSql(scope, column);
  const abovePaths = new Set<string>();
  for (const grant of scope.grants) {
    if (!isReaching(grant.role)) continue;
    const ids = idsOnPath(grant.lower);
    for (let depth = 1; depth < ids.length; depth++) abovePaths.add(`/${ids.slice(0, depth).join('/')}/`);
  }
  return {
    role,
    reach,
    /**
     * The nodes above the reach (ancestors of the nodes the caller holds a reaching role on): what a level shares with
     * the levels below it (its parameter presets) is seen from there.
     */
    above: abovePaths.size === 0 ? NOWHERE : sql<boolean>`${sql.ref(column)} in (${sql.join([...abovePaths])})`,
  };
}

/** The business tree: nodes, who holds which role where, the activity log. SQL only. */
export function createBusinessesRepo(db: Database) {
  // The permission check of every call on a business.
  const nodeWithRole = reusableQuery<{ id: string; userId: string }, BusinessRow & { role: Role | null }>((argument) =>
    db
      .selectFrom('businesses')
      .select(BUSINESS_COLUMNS.map((column) => `businesses.${column}` as const))
      .select(roleAt(argument('userId'), 'businesses.path').as('role'))
      .where('businesses.id', '=', argument('id')),
  );

  /** Every node the caller reaches, with the caller's role there, as a query that callers narrow further. */
  async function scoped(caller: Caller, trx: Executor = db) {
    const { role, reach } = await reachOf(caller, trx);
    const query = trx.selectFrom('businesses').selectAll('businesses').select(role.as('role'));
    return reach ? query.where(reach) : query;
  }

  return {
    /**
     * The caller's whole reachable tree, sorted case-insensitively by description, with only what a listed node shows:
     * paths and per-role views are most of a row's bytes, and a listing may hold many thousands of nodes.
     */
    async listReachable(caller: Caller, trx: Executor = db): Promise<ListedBusinessRow[]> {
      const { role, reach } = await reachOf(caller, trx);
      const query = trx
        .selectFrom('businesses')
        .select(LISTED_COLUMNS.map((column) => `businesses.${column}` as const))
        .select(role.as('role'));
      return (reach ? query.where(reach) : query)
        .orderBy(sql`lower(${sql.ref('businesses.description')})`)
        .orderBy('businesses.id')
        .execute();
    },

    /** The revision of what a tree listing shows (moved by the database on every change to it). */
    treeRevision: treeRevisionReader(db),

    async countReachable(caller: Caller, trx: Executor = db): Promise<number> {
      const row = await trx
        .selectFrom((await scoped(caller, trx)).as('reachable'))
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return count(row.n);
    },

    /** One node if the caller reaches it, with the caller's role there; undefined otherwise (answered as 404). */
    async findReachable(caller: Caller, id: string, trx: Executor = db): Promise<ScopedBusinessRow | undefined> {
      if (isProviderStaff(caller))
        return (await scoped(caller, trx)).where('businesses.id', '=', id).executeTakeFirst();
      const [row] = await nodeWithRole(trx, { id, userId: caller.id });
      return row && isReaching(row.role) ? { ...row, role: row.role } : undefined;
    },

    /** A node the caller reaches by its id or its slug. */
    async findReachableByIdOrSlug(
      caller: Caller,
      idOrSlug: string,
      trx: Executor = db,
    ): Promise<ScopedBusinessRow | undefined> {
      return (await scoped(caller, trx))
        .where((eb) => eb.or([eb('businesses.id', '=', idOrSlug), eb('businesses.slug', '=', idOrSlug)]))
        .executeTakeFirst();
    },

    /** Ids of the given nodes' children that the caller reaches, by parent. */
    async reachableChildrenOf(caller: Caller, ids: string[], trx: Executor = db) {
      if (ids.length === 0) return [];
      return trx
        .selectFrom((await scoped(caller, trx)).as('reachable'))
        .select(['reachable.id', 'reachable.parentId'])
        .where('reachable.parentId', 'in', ids)
        .orderBy('reachable.id')
        .execute();
    },

    /**
     * The users with an entry on the nodes the caller reaches, in two queries however large the tree (the caller's
     * entries, then the entries within their subtrees). A superset: entries below a `none` entry of the caller come
     * too, so callers keep only those on the nodes they list.
     */
    async entriesOfReachable(caller: Caller, trx: Executor = db) {
      let query = trx
        .selectFrom('businessUsers')
        .innerJoin('users', 'users.id', 'businessUsers.userId')
        .innerJoin('businesses', 'businesses.id', 'businessUsers.businessId')
        .select(['businessUsers.businessId', 'users.email', 'businessUsers.role']);
      if (!isProviderStaff(caller)) {
        const reaching = (await grantsOf(caller, trx)).filter((grant) => REACHING_ROLES.includes(grant.role));
        if (reaching.length === 0) return [];
        query = query.where(
          sql<boolean>`(${sql.join(
            reaching.map((grant) => inSubtree(grant.path)),
            sql` or `,
          )})`,
        );
      }
      return query.orderBy('users.email').execute();
    },

    /**
     * Devices in each given node's subtree, by node id, from the nodes' own device counts: in memory over `tree` when
     * it holds the nodes' whole reachable subtrees (a listing), else one query summing each node's subtree.
     */
    async countDevicesInSubtrees(
      nodes: Pick<ListedBusinessRow, 'id'>[],
      tree?: Pick<ListedBusinessRow, 'id' | 'parentId' | 'deviceCount'>[],
      trx: Executor = db,
    ): Promise<Map<string, number>> {
      if (tree) {
        const parentOf = new Map(tree.map((row) => [row.id, row.parentId]));
        const counts = new Map<string, number>();
        for (const row of tree) {
          if (row.deviceCount === 0) continue;
          const seen = new Set<string>();
          for (let id: string | null | undefined = row.id; id && !seen.has(id); id = parentOf.get(id)) {
            seen.add(id);
            counts.set(id, (counts.get(id) ?? 0) + row.deviceCount);
          }
        }
        return counts;
      }
      if (nodes.length === 0) return new Map();
      const rows = await trx
        .selectFrom('businesses')
        .select((eb) => [
          'businesses.id',
          eb
            .selectFrom('businesses as below')
            .select((inner) => inner.fn.sum<number | string | null>('below.deviceCount').as('n'))
            .where(sql<boolean>`${sql.ref('below.path')} >= ${sql.ref('businesses.path')}`)
            .where(
              sql<boolean>`${sql.ref('below.path')} < substr(${sql.ref('businesses.path')}, 1, length(${sql.ref('businesses.path')}) - 1) || '0'`,
            )
            .as('n'),
        ])
        .where(
          'businesses.id',
          'in',
          nodes.map((node) => node.id),
        )
        .execute();
      return new Map(rows.map((row) => [row.id, count(row.n ?? 0)]));
    },

    async slugsOf(ids: string[], trx: Executor = db): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await trx.selectFrom('businesses').select(['id', 'slug']).where('id', 'in', ids).execute();
      return new Map(rows.map((row) => [row.id, row.slug]));
    },

    /** The users with an entry on each of the given nodes. */
    async entriesOf(ids: string[], trx: Executor = db) {
      if (ids.length === 0) return [];
      return trx
        .selectFrom('businessUsers')
        .innerJoin('users', 'users.id', 'businessUsers.userId')
        .select(['businessUsers.businessId', 'users.email', 'businessUsers.role'])
        .where('businessUsers.businessId', 'in', ids)
        .orderBy('users.email')
        .execute();
    },

    /** The nodes among `ids` that the caller reaches, with the caller's role there. */
    async reachableAmong(caller: Caller, ids: string[], trx: Executor = db): Promise<ScopedBusinessRow[]> {
      if (ids.length === 0) return [];
      return (await scoped(caller, trx)).where('businesses.id', 'in', ids).execute();
    },

    /** The entries on the given nodes with who holds them. */
    async usersOf(ids: string[], trx: Executor = db) {
      if (ids.length === 0) return [];
      return trx
        .selectFrom('businessUsers')
        .innerJoin('users', 'users.id', 'businessUsers.userId')
        .select([
          'businessUsers.businessId',
          'businessUsers.role',
          'users.id as userId',
          'users.email',
          'users.firstName',
          'users.lastName',
        ])
        .where('businessUsers.businessId', 'in', ids)
        .orderBy('users.email')
        .execute();
    },

    async findEntry(businessId: string, userId: string, trx: Executor = db) {
      return trx
        .selectFrom('businessUsers')
        .select(['role'])
        .where('businessId', '=', businessId)
        .where('userId', '=', userId)
        .executeTakeFirst();
    },

    /**
     * The effective role (SPEC 6) of each of the users that exist among `userIds` on a node: `product` for provider
     * staff, else the role of the nearest entry on the node's path (own or inherited), else `none`.
     */
    async effectiveRolesAt(
      businessId: string,
      userIds: string[],
      trx: Executor = db,
    ): Promise<{ id: string; role: Role }[]> {
      if (userIds.length === 0) return [];
      const rows = await trx
        .selectFrom('users')
        .innerJoin('businesses', (join) => join.on('businesses.id', '=', businessId))
        .select(['users.id', 'users.role as userRole'])
        .select(roleAt(sql.ref<string>('users.id'), 'businesses.path').as('entryRole'))
        .where('users.id', 'in', userIds)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        role: effectiveRole({ userRole: row.userRole, businessEntryRole: row.entryRole ?? undefined }),
      }));
    },

    async deleteEntry(businessId: string, userId: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('businessUsers').where('businessId', '=', businessId).where('userId', '=', userId).execute();
    },

    /** How many nodes lie below a node (the node itself excluded). */
    async countDescendants(node: Pick<BusinessRow, 'id' | 'path'>, trx: Executor = db): Promise<number> {
      const row = await trx
        .selectFrom('businessPaths')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where(inSubtree(node.path, 'businessPaths.path'))
        .where('id', '<>', node.id)
        .executeTakeFirstOrThrow();
      return count(row.n);
    },

    async countChildren(id: string, trx: Executor = db): Promise<number> {
      const row = await trx
        .selectFrom('businesses')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('parentId', '=', id)
        .executeTakeFirstOrThrow();
      return count(row.n);
    },

    /** Devices in the subtree at `path`. */
    async countDevicesInSubtree(path: string, trx: Executor = db): Promise<number> {
      const row = await trx
        .selectFrom('devices')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where(inSubtree(path, 'devices.businessPath'))
        .executeTakeFirstOrThrow();
      return count(row.n);
    },

    /** Assets in the subtree at `path`. */
    async countAssetsInSubtree(path: string, trx: Executor = db): Promise<number> {
      const row = await trx
        .selectFrom('assets')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where(inSubtree(path, 'assets.businessPath'))
        .executeTakeFirstOrThrow();
      return count(row.n);
    },

    /** Places and place groups in the subtree at `path`. */
    async countPlacesInSubtree(path: string, trx: Executor = db): Promise<number> {
      const places = await trx
        .selectFrom('places')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where(inSubtree(path, 'places.businessPath'))
        .executeTakeFirstOrThrow();
      const groups = await trx
        .selectFrom('placeGroups')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where(inSubtree(path, 'placeGroups.businessPath'))
        .executeTakeFirstOrThrow();
      return count(places.n) + count(groups.n);
    },

    /** Usage licenses of the levels of the subtree at `path`. */
    async countUsageLicensesInSubtree(path: string, trx: Executor = db): Promise<number> {
      const row = await trx
        .selectFrom('usageLicenses')
        .innerJoin('businessPaths', 'businessPaths.id', 'usageLicenses.businessId')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where(inSubtree(path, 'businessPaths.path'))
        .executeTakeFirstOrThrow();
      return count(row.n);
    },

    /** Contracts held by the levels of the subtree at `path`. */
    async countContractsInSubtree(path: string, trx: Executor = db): Promise<number> {
      const row = await trx
        .selectFrom('contracts')
        .innerJoin('businessPaths', 'businessPaths.id', 'contracts.businessId')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where(inSubtree(path, 'businessPaths.path'))
        .executeTakeFirstOrThrow();
      return count(row.n);
    },

    async insert(
      business: { description: string; status: number; parent: Pick<BusinessRow, 'path' | 'depth' | 'id'> | null },
      now: number,
      trx: Executor = db,
    ): Promise<BusinessRow> {
      const id = randomUUID();
      const { parent } = business;
      const node = {
        id,
        slug: slugOf(business.description, id),
        description: business.description,
        parentId: parent?.id ?? null,
        status: business.status,
        logo: null,
        theme: null,
        cfgLocked: 0,
        mergedLocked: 0,
        viewPermissions: null,
        createdAt: now,
        version: 1,
      };
      const place = { id, path: `${parent?.path ?? '/'}${id}/`, depth: (parent?.depth ?? 0) + 1 };
      await trx.insertInto('businessNodes').values(node).execute();
      await trx.insertInto('businessPaths').values(place).execute();
      return { ...node, ...place, deviceCount: 0 };
    },

    /**
     * Saves editable fields of a node (description, parent, configuration) over `expectedVersion`; false on a stale
     * version.
     */
    async updateIfVersion(
      id: string,
      expectedVersion: number,
      changes: Pick<Updateable<BusinessesTable>, 'description' | 'parentId' | 'theme' | 'logo' | 'viewPermissions'>,
      trx: Executor = db,
    ): Promise<boolean> {
      const updated = await trx
        .updateTable('businessNodes')
        .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', expectedVersion)
        .returning('id')
        .executeTakeFirst();
      return updated !== undefined;
    },

    /**
     * Re-roots the subtree at `node` under `target` in one statement: every path that starts with the node's path
     * gets the target's path in place of the node's old parent path, and every depth moves by the same amount.
     */
    async moveSubtree(
      node: Pick<BusinessRow, 'id' | 'path' | 'depth'>,
      target: Pick<BusinessRow, 'path' | 'depth'>,
      trx: Executor = db,
    ): Promise<number> {
      const oldParentPath = node.path.slice(0, node.path.length - node.id.length - 1);
      const result = await trx
        .updateTable('businessPaths')
        .set((eb) => ({
          path: sql<string>`${target.path} || substr(${sql.ref('path')}, ${oldParentPath.length + 1})`,
          depth: eb('depth', '+', target.depth + 1 - node.depth),
        }))
        .where(inSubtree(node.path, 'businessPaths.path'))
        .executeTakeFirst();
      await trx
        .updateTable('devices')
        .set({
          businessPath: sql<string>`${target.path} || substr(${sql.ref('business_path')}, ${oldParentPath.length + 1})`,
        })
        .where(inSubtree(node.path, 'devices.businessPath'))
        .execute();
      await trx
        .updateTable('assets')
        .set({
          businessPath: sql<string>`${target.path} || substr(${sql.ref('business_path')}, ${oldParentPath.length + 1})`,
        })
        .where(inSubtree(node.path, 'assets.businessPath'))
        .execute();
      for (const table of ['parameterPresets', 'places', 'placeGroups', 'journeys'] as const) {
        await trx
          .updateTable(table)
          .set({
            businessPath: sql<string>`${target.path} || substr(${sql.ref('business_path')}, ${oldParentPath.length + 1})`,
          })
          .where(inSubtree(node.path, `${table}.businessPath`))
          .execute();
      }
      // The ingest pipeline's spatial index matches places to devices by path: it must rebuild.
      await trx
        .updateTable('placeRevision')
        .set((eb) => ({ revision: eb('revision', '+', 1) }))
        .where('id', '=', 1)
        .execute();
      return count(result.numUpdatedRows);
    },

    /**
     * Serialises the changes that read a path and write paths from it (adding a child, moving) until the transaction
     * ends. PostgreSQL: a transaction-scoped advisory lock; SQLite runs one write transaction at a time already.
     */
    async lockTree(trx: Transaction<DatabaseSchema>): Promise<void> {
      if (trx.getExecutor().adapter instanceof PostgresAdapter) {
        await sql`select pg_advisory_xact_lock(${TREE_LOCK_KEY})`.execute(trx);
      }
    },

    async setStatus(id: string, status: number, trx: Executor = db): Promise<boolean> {
      const updated = await trx
        .updateTable('businessNodes')
        .set((eb) => ({ status, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst();
      return updated !== undefined;
    },

    /** The configuration of a node and of its ancestors, nearest first (the node itself first). */
    async configsOnPath(path: string, trx: Executor = db) {
      return trx
        .selectFrom('businesses')
        .select(['id', 'description', 'depth', 'theme', 'logo', 'viewPermissions'])
        .where('id', 'in', idsOnPath(path))
        .orderBy('depth', 'desc')
        .execute();
    },

    /** Locks (1) or unlocks (0) a level's configuration and its lock alert together. */
    async setLocked(id: string, locked: boolean, trx: Executor = db): Promise<boolean> {
      const value = locked ? 1 : 0;
      const updated = await trx
        .updateTable('businessNodes')
        .set((eb) => ({ cfgLocked: value, mergedLocked: value, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst();
      return updated !== undefined;
    },

    async delete(id: string, trx: Executor = db): Promise<void> {
      // Its journeys are the history of devices no longer there (a level with devices is not deleted); a device that
      // left with its journey still running stops advancing it. History and track go by cascade.
      const journeys = trx.selectFrom('journeys').select('id').where('businessId', '=', id);
      await trx.updateTable('devices').set({ journeyId: null }).where('journeyId', 'in', journeys).execute();
      await trx.deleteFrom('journeys').where('businessId', '=', id).execute();
      // Its place in the tree goes with it (on delete cascade).
      await trx.deleteFrom('businessNodes').where('id', '=', id).execute();
    },

    /** Gives a user a role on a node (replacing the one they had there). */
    async setEntry(businessId: string, userId: string, role: BusinessRole, now: number, trx: Executor = db) {
      await trx
        .insertInto('businessUsers')
        .values({ businessId, userId, role, createdAt: now })
        .onConflict((conflict) => conflict.columns(['businessId', 'userId']).doUpdateSet({ role }))
        .execute();
    },

    async insertLog(
      log: { businessId: string; userId: string | null; action: BusinessLogAction; details: object },
      now: number,
      trx: Executor = db,
    ): Promise<void> {
      await trx
        .insertInto('businessLogs')
        .values({ id: orderedId(), ...log, details: JSON.stringify(log.details), createdAt: now })
        .execute();
    },

    /** One page of a node's activity log, oldest first unless `reverse`, from `fromDate` on. */
    async pageOfLogs(
      businessId: string,
      options: { from?: number; reverse: boolean; limit: number; offset: number },
      trx: Executor = db,
    ): Promise<{ rows: BusinessLogRow[]; total: number }> {
      let query = trx.selectFrom('businessLogs').where('businessLogs.businessId', '=', businessId);
      if (options.from !== undefined) query = query.where('businessLogs.createdAt', '>=', options.from);
      const direction = options.reverse ? 'desc' : 'asc';
      const [rows, total] = await Promise.all([
        query
          .leftJoin('users', 'users.id', 'businessLogs.userId')
          .selectAll('businessLogs')
          .select('users.email as userEmail')
          .orderBy('businessLogs.createdAt', direction)
          .orderBy('businessLogs.id', direction)
          .limit(options.limit)
          .offset(options.offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: count(total.n) };
    },
  };
}

/** A readable, unique slug: the description's words and the start of the id. */
function slugOf(description: string, id: string): string {
  const words = description
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${words || 'business'}-${id.slice(0, 8)}`;
}

export type BusinessesRepo = ReturnType<typeof createBusinessesRepo>;
