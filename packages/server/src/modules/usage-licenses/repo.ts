import { idsOnPath, type Role } from '@iot/shared';
import { type Insertable, type Selectable, sql, type Transaction, type Updateable } from 'kysely';
import type { Database, DatabaseSchema, UsageLicensesTable } from '../../db/schema.js';
import { type Caller, reachOf, scopeOf, scopeSql } from '../businesses/repo.js';

type Executor = Database | Transaction<DatabaseSchema>;

export type UsageLicenseRow = Selectable<UsageLicensesTable>;
/** A license as it is presented: its business's description, and the caller's role on that business. */
export type ListedUsageLicenseRow = UsageLicenseRow & { businessDescription: string; role: Role };

/** Where a page starts: the sort key and id of the last row of the previous page. */
export type PageCursor = [string, string];

/** What narrows a listing of licenses. */
export interface UsageLicenseQuery {
  search?: string;
  businessId?: string;
  /** The licenses a device of the level at this path may name: those of the level and of its ancestors. */
  forPath?: string;
  /** Licenses ending in `[from, to]`: not yet ended at `from`, ending by `to`. */
  ending?: { after: number; by: number };
}

/** A device naming a license, as the page of a license's devices shows it. */
export interface UsageLicenseDeviceRow {
  id: string;
  description: string;
  businessId: string;
  businessDescription: string;
  sortKey: string;
}

const count = (value: bigint | number | string | null | undefined) => Number(value ?? 0);

/** `%` and `_` match themselves in a search. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * Whether `licenseId` names a license a device at the level at `path` may name: one of that level or of a level above
 * it. Read in the caller's transaction (a device's creation or edit).
 */
export async function licenseOnPath(trx: Executor, licenseId: string, path: string): Promise<boolean> {
  const found = await trx
    .selectFrom('usageLicenses')
    .select('id')
    .where('id', '=', licenseId)
    .where('businessId', 'in', idsOnPath(path))
    .executeTakeFirst();
  return found !== undefined;
}

/**
 * Takes their license from the devices moved to the level at `path` whose license is no longer of that level or one
 * above it, in the move's transaction.
 */
export async function dropLicensesOffPath(trx: Executor, deviceIds: readonly string[], path: string): Promise<void> {
  if (deviceIds.length === 0) return;
  await trx
    .updateTable('devices')
    .set({ usageLicenseId: null })
    .where('id', 'in', [...deviceIds])
    .where('usageLicenseId', 'is not', null)
    .where((eb) =>
      eb(
        'usageLicenseId',
        'not in',
        eb
          .selectFrom('usageLicenses')
          .select('usageLicenses.id')
          .where('usageLicenses.businessId', 'in', idsOnPath(path)),
      ),
    )
    .execute();
}

/** The licenses devices name, by id: what a device shows of its own (one query for a page's distinct licenses). */
export async function licensesNamed(
  trx: Executor,
  ids: readonly string[],
): Promise<Map<string, Pick<UsageLicenseRow, 'id' | 'licenseId' | 'endsAt'>>> {
  if (ids.length === 0) return new Map();
  const rows = await trx
    .selectFrom('usageLicenses')
    .select(['id', 'licenseId', 'endsAt'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, { ...row, endsAt: row.endsAt === null ? null : Number(row.endsAt) }]));
}

/** Usage licenses, scoped to the caller's reach in SQL by their business's path. SQL only. */
export function createUsageLicensesRepo(db: Database) {
  /**
   * The licenses the caller sees, with the caller's role on each one's business: those of the levels the caller
   * reaches and of the levels above them, which the caller's devices may name (there the role is `none`). Provider
   * staff see every one.
   */
  async function scoped(caller: Caller, trx: Executor) {
    const { role, reach, above } = await reachOf(caller, trx, 'businesses.path');
    const query = trx
      .selectFrom('usageLicenses')
      .innerJoin('businesses', 'businesses.id', 'usageLicenses.businessId')
      .selectAll('usageLicenses')
      .select(['businesses.description as businessDescription', role.as('role')]);
    return reach && above ? query.where(sql<boolean>`(${reach} or ${above})`) : query;
  }

  return {
    /** One license the caller sees. */
    async findReachable(caller: Caller, id: string, trx: Executor = db): Promise<ListedUsageLicenseRow | undefined> {
      return (await scoped(caller, trx)).where('usageLicenses.id', '=', id).executeTakeFirst();
    },

    /** Whether the caller sees the licenses of a level: it exists and the caller reaches it or a level below it. */
    async seesLevel(caller: Caller, businessId: string, trx: Executor = db): Promise<boolean> {
      const { reach, above } = await reachOf(caller, trx, 'businesses.path');
      let query = trx.selectFrom('businesses').select('businesses.id').where('businesses.id', '=', businessId);
      if (reach && above) query = query.where(sql<boolean>`(${reach} or ${above})`);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /**
     * One page of the licenses the caller sees that match, by license id then id, after the cursor; `limit + 1` rows,
     * the last telling whether another page follows.
     */
    async page(
      caller: Caller,
      query: UsageLicenseQuery,
      page: { limit: number; after: PageCursor | undefined },
      trx: Executor = db,
    ): Promise<ListedUsageLicenseRow[]> {
      let listed = await scoped(caller, trx);
      if (query.search) {
        const pattern = likePattern(query.search);
        listed = listed.where(
          sql<boolean>`(lower(${sql.ref('usageLicenses.licenseId')}) like ${pattern} escape '\\'
            or lower(${sql.ref('usageLicenses.corporateName')}) like ${pattern} escape '\\')`,
        );
      }
      if (query.businessId) listed = listed.where('usageLicenses.businessId', '=', query.businessId);
      if (query.forPath) listed = listed.where('usageLicenses.businessId', 'in', idsOnPath(query.forPath));
      if (query.ending)
        listed = listed
          .where('usageLicenses.endsAt', '>', query.ending.after)
          .where('usageLicenses.endsAt', '<=', query.ending.by);
      if (page.after) {
        const [key, id] = page.after;
        listed = listed.where(
          sql<boolean>`(${sql.ref('usageLicenses.licenseId')}, ${sql.ref('usageLicenses.id')}) > (${key}, ${id})`,
        );
      }
      return listed
        .orderBy('usageLicenses.licenseId')
        .orderBy('usageLicenses.id')
        .limit(page.limit + 1)
        .execute();
    },

    /**
     * How many devices the caller reaches name each license, by license id, in one grouped query over the index
     * `devices_usage_license`.
     */
    async devicesNaming(
      caller: Caller,
      licenseIds: readonly string[],
      trx: Executor = db,
    ): Promise<Map<string, number>> {
      if (licenseIds.length === 0) return new Map();
      const { reach } = scopeSql(await scopeOf(caller, trx), 'devices.businessPath');
      let query = trx
        .selectFrom('devices')
        .select(['devices.usageLicenseId', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('devices.usageLicenseId', 'in', [...new Set(licenseIds)])
        .groupBy('devices.usageLicenseId');
      if (reach) query = query.where(reach);
      const rows = await query.execute();
      return new Map(rows.map((row) => [row.usageLicenseId ?? '', count(row.n)]));
    },

    /** How many devices name the license, whoever reaches them: a license named by any is kept. */
    async devicesNamingAny(licenseId: string, trx: Executor = db): Promise<number> {
      const row = await trx
        .selectFrom('devices')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('devices.usageLicenseId', '=', licenseId)
        .executeTakeFirstOrThrow();
      return count(row.n);
    },

    /**
     * One page of the devices the caller reaches that name the license, by lower(description) then id, after the
     * cursor; `limit + 1` rows.
     */
    async devicesOf(
      caller: Caller,
      licenseId: string,
      page: { limit: number; after: PageCursor | undefined },
      trx: Executor = db,
    ): Promise<UsageLicenseDeviceRow[]> {
      const { reach } = scopeSql(await scopeOf(caller, trx), 'devices.businessPath');
      const sortKey = sql<string>`lower(${sql.ref('devices.description')})`;
      let query = trx
        .selectFrom('devices')
        .innerJoin('businesses', 'businesses.id', 'devices.businessId')
        .select([
          'devices.id',
          'devices.description',
          'devices.businessId',
          'businesses.description as businessDescription',
          sortKey.as('sortKey'),
        ])
        .where('devices.usageLicenseId', '=', licenseId);
      if (reach) query = query.where(reach);
      if (page.after) {
        const [key, id] = page.after;
        query = query.where(sql<boolean>`(${sortKey}, ${sql.ref('devices.id')}) > (${key}, ${id})`);
      }
      return query
        .orderBy(sortKey)
        .orderBy('devices.id')
        .limit(page.limit + 1)
        .execute();
    },

    /** The license of a level with this license id, other than `exceptId`: license ids are unique in a level. */
    async holderOfLicenseId(
      businessId: string,
      licenseId: string,
      exceptId: string | null,
      trx: Executor = db,
    ): Promise<boolean> {
      let query = trx
        .selectFrom('usageLicenses')
        .select('id')
        .where('businessId', '=', businessId)
        .where('licenseId', '=', licenseId);
      if (exceptId) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async insert(license: Insertable<UsageLicensesTable>, trx: Executor = db): Promise<void> {
      await trx.insertInto('usageLicenses').values(license).execute();
    },

    async updateIfVersion(
      id: string,
      version: number,
      changes: Updateable<UsageLicensesTable>,
      trx: Executor = db,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('usageLicenses')
        .set({ ...changes, version: version + 1 })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return count(result.numUpdatedRows) === 1;
    },

    async deleteIfVersion(id: string, version: number, trx: Executor = db): Promise<boolean> {
      const result = await trx
        .deleteFrom('usageLicenses')
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return count(result.numDeletedRows) === 1;
    },
  };
}

export type UsageLicensesRepo = ReturnType<typeof createUsageLicensesRepo>;
