import type { Role } from '@iot/shared';
import { type Insertable, PostgresAdapter, type Selectable, sql, type Transaction, type Updateable } from 'kysely';
import type { AssetsTable, Database, DatabaseSchema } from '../../db/schema.js';
import { type Caller, inSubtree, inSubtreeReached, reachOf, type Scope, scopeOf } from '../businesses/repo.js';

type Executor = Database | Transaction<DatabaseSchema>;

export type AssetRow = Selectable<AssetsTable>;

/** An asset as it is presented: its business's description, its type's name and field definitions (JSON). */
export type ListedAssetRow = Omit<AssetRow, 'tenantPath'> & {
  businessDescription: string;
  assetTypeName: string;
  assetTypeFields: string;
  /** `lower(description)` as the database computes it: the page's sort key. */
  sortKey: string;
};
/** An asset as one caller sees it, with the caller's role on its business. */
export type ScopedAssetRow = ListedAssetRow & { role: Role };

/** What a list row shows of an asset's linked device, with its alarms not yet acknowledged. */
export interface LinkedDeviceRow {
  id: string;
  description: string;
  deviceType: string;
  lastSeenAt: number | null;
  signalValues: string;
  openAlarms: number;
}

/** What narrows a listing: the subtree of a business and the filters of `AssetListQuery`. */
export interface AssetQuery {
  subtreePath: string;
  search?: string;
  assetTypeId?: string;
  orphan?: boolean;
}

/** Where a page starts: the sort key and id of the last asset of the previous page. */
export type AssetCursor = [string, string];

/** Who changed a link, and when (epoch ms). */
export interface LinkChange {
  userId: string | null;
  at: number;
}

const count = (value: bigint | number | string | null | undefined) => Number(value ?? 0);

/** `%` and `_` match themselves in a search. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const ASSET_COLUMNS = [
  'id',
  'businessId',
  'businessPath',
  'description',
  'assetTypeId',
  'fieldValues',
  'deviceId',
  'linkedAt',
  'createdAt',
  'updatedAt',
  'version',
] as const satisfies readonly (keyof AssetRow)[];

/** The assets with what presenting them needs, as a query callers narrow further. */
function listed(trx: Executor) {
  return trx
    .selectFrom('assets')
    .innerJoin('businesses', 'businesses.id', 'assets.businessId')
    .innerJoin('assetTypes', 'assetTypes.id', 'assets.assetTypeId')
    .select(ASSET_COLUMNS.map((column) => `assets.${column}` as const))
    .select([
      'businesses.description as businessDescription',
      'assetTypes.name as assetTypeName',
      'assetTypes.fields as assetTypeFields',
      sql<string>`lower(${sql.ref('assets.description')})`.as('sortKey'),
    ]);
}

/**
 * The assets of a subtree that the scope reaches and that match, as one condition. The tenant is always said: the
 * page walks the index `assets_tenant_description` (tenant, lower(description), id) in order; a subtree below the top
 * is then a range of its paths.
 */
function matching(scope: Scope | null, query: AssetQuery) {
  const all = inSubtreeReached('assets', scope, query.subtreePath);
  if (query.search)
    all.push(sql<boolean>`lower(${sql.ref('assets.description')}) like ${likePattern(query.search)} escape '\\'`);
  if (query.assetTypeId) all.push(sql<boolean>`${sql.ref('assets.assetTypeId')} = ${query.assetTypeId}`);
  if (query.orphan) all.push(sql<boolean>`${sql.ref('assets.deviceId')} is null`);
  return sql<boolean>`(${sql.join(all, sql` and `)})`;
}

/**
 * Links a device to an asset from `change.at`: the asset carries it (`device_id`, `linked_at`) and an open row of
 * `asset_links` records it. The caller has checked that both are free. A link opened in the same millisecond as the
 * asset's previous one starts a millisecond later, so each of its links keeps its own row. Answers when it starts.
 */
export async function linkDevice(trx: Executor, assetId: string, deviceId: string, change: LinkChange) {
  const latest = await trx
    .selectFrom('assetLinks')
    .select((eb) => eb.fn.max<number | string | null>('assetLinks.linkedAt').as('at'))
    .where('assetLinks.assetId', '=', assetId)
    .executeTakeFirst();
  const linkedAt = Math.max(change.at, latest?.at === null || latest?.at === undefined ? 0 : count(latest.at) + 1);
  await trx.updateTable('assets').set({ deviceId, linkedAt }).where('id', '=', assetId).execute();
  await trx
    .insertInto('assetLinks')
    .values({ assetId, deviceId, linkedAt, unlinkedAt: null, linkedBy: change.userId, unlinkedBy: null })
    .execute();
  return linkedAt;
}

/**
 * Unlinks whatever device an asset has: its open row of `asset_links` is closed at `change.at` and the asset carries
 * no device. Answers the device that was unlinked, null when there was none.
 */
export async function unlinkAsset(trx: Executor, assetId: string, change: LinkChange): Promise<string | null> {
  const asset = await trx.selectFrom('assets').select('deviceId').where('id', '=', assetId).executeTakeFirst();
  await trx
    .updateTable('assetLinks')
    .set((eb) => ({
      unlinkedAt: sql<number>`case when ${eb.ref('linkedAt')} > ${change.at} then ${eb.ref('linkedAt')} else ${change.at} end`,
      unlinkedBy: change.userId,
    }))
    .where('assetId', '=', assetId)
    .where('unlinkedAt', 'is', null)
    .execute();
  await trx.updateTable('assets').set({ deviceId: null, linkedAt: null }).where('id', '=', assetId).execute();
  return asset?.deviceId ?? null;
}

/**
 * Frees a device from the asset it is linked to, if any (the device is deleted, say): the link is closed as
 * `unlinkAsset` closes it and the asset's version moves, since it changed without an edit of its own. Answers the
 * asset that held it, so the caller can write that asset's business's activity log.
 */
export async function unlinkDevice(
  trx: Executor,
  deviceId: string,
  change: LinkChange,
): Promise<Pick<AssetRow, 'id' | 'businessId' | 'description'> | undefined> {
  const asset = await trx
    .selectFrom('assets')
    .select(['id', 'businessId', 'description'])
    .where('deviceId', '=', deviceId)
    .executeTakeFirst();
  if (!asset) return undefined;
  await unlinkAsset(trx, asset.id, change);
  await trx
    .updateTable('assets')
    .set((eb) => ({ version: eb('version', '+', 1), updatedAt: change.at }))
    .where('id', '=', asset.id)
    .execute();
  return asset;
}

/** The asset each of these devices is linked to now, by device id (devices linked to none are left out). */
export async function assetsLinkedTo(
  trx: Executor,
  deviceIds: readonly string[],
): Promise<Map<string, Pick<AssetRow, 'id' | 'description' | 'businessId' | 'businessPath'>>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('assets')
    .select(['id', 'description', 'businessId', 'businessPath', 'deviceId'])
    .where('deviceId', 'in', [...new Set(deviceIds)])
    .execute();
  return new Map(rows.flatMap(({ deviceId, ...asset }) => (deviceId ? [[deviceId, asset] as const] : [])));
}

/** Assets, scoped to the caller's reach in SQL by their business's path. SQL only. */
export function createAssetsRepo(db: Database) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    linkDevice,
    unlinkAsset,
    unlinkDevice,
    assetsLinkedTo,

    /** One asset with the caller's role on its business, when the caller reaches it. */
    async findReachable(caller: Caller, id: string, trx: Executor = db): Promise<ScopedAssetRow | undefined> {
      const { role, reach } = await reachOf(caller, trx, 'assets.businessPath');
      let query = listed(trx).select(role.as('role')).where('assets.id', '=', id);
      if (reach) query = query.where(reach);
      return query.executeTakeFirst();
    },

    /** The assets among `ids` in the subtree at `path` that the caller reaches, with the caller's role on each. */
    async findManyInSubtree(
      caller: Caller,
      ids: readonly string[],
      path: string,
      trx: Executor = db,
    ): Promise<ScopedAssetRow[]> {
      if (ids.length === 0) return [];
      const { role, reach } = await reachOf(caller, trx, 'assets.businessPath');
      let query = listed(trx)
        .select(role.as('role'))
        .where('assets.id', 'in', [...new Set(ids)])
        .where(inSubtree(path, 'assets.businessPath'));
      if (reach) query = query.where(reach);
      return query.execute();
    },

    /**
     * One page of the subtree's assets that the caller reaches and that match, by lower(description) then id, after
     * the cursor; `limit + 1` rows, the last telling whether another page follows.
     */
    async page(
      caller: Caller,
      query: AssetQuery,
      page: { limit: number; after: AssetCursor | undefined },
      trx: Executor = db,
    ): Promise<ListedAssetRow[]> {
      let narrowed = listed(trx).where(matching(await scopeOf(caller, trx), query));
      if (page.after) {
        const [key, id] = page.after;
        narrowed = narrowed.where(
          sql<boolean>`(lower(${sql.ref('assets.description')}), ${sql.ref('assets.id')}) > (${key}, ${id})`,
        );
      }
      return narrowed
        .orderBy(sql`lower(${sql.ref('assets.description')})`)
        .orderBy('assets.id')
        .limit(page.limit + 1)
        .execute();
    },

    async count(caller: Caller, query: AssetQuery, trx: Executor = db): Promise<number> {
      const row = await trx
        .selectFrom('assets')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where(matching(await scopeOf(caller, trx), query))
        .executeTakeFirstOrThrow();
      return count(row.n);
    },

    /**
     * The devices of a page's assets as a list row shows them, with each one's alarms not yet acknowledged counted by
     * one grouped query (not one per asset).
     */
    async linkedDevices(deviceIds: readonly string[], trx: Executor = db): Promise<Map<string, LinkedDeviceRow>> {
      if (deviceIds.length === 0) return new Map();
      const ids = [...new Set(deviceIds)];
      const open = trx
        .selectFrom('alarms')
        .select(['alarms.deviceId', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('alarms.deviceId', 'in', ids)
        .where('alarms.status', '!=', 'acknowledged')
        .groupBy('alarms.deviceId')
        .as('open');
      const rows = await trx
        .selectFrom('devices')
        .leftJoin(open, 'open.deviceId', 'devices.id')
        .select([
          'devices.id',
          'devices.description',
          'devices.deviceType',
          'devices.lastSeenAt',
          'devices.signalValues',
          'open.n',
        ])
        .where('devices.id', 'in', ids)
        .execute();
      return new Map(
        rows.map(({ n, lastSeenAt, ...device }) => [
          device.id,
          { ...device, lastSeenAt: lastSeenAt === null ? null : count(lastSeenAt), openAlarms: count(n) },
        ]),
      );
    },

    /**
     * A device the caller reaches in the subtree at `path`, by its uuid, with the asset linked to it now (if any):
     * what linking it to an asset of that subtree checks. Within a transaction, the device stays held until it ends.
     */
    async deviceToLink(caller: Caller, uuid: string, path: string, trx: Executor = db) {
      // Two links of one device at once: the second waits here for the first, then reads its asset (PostgreSQL; SQLite
      // has one writer), instead of failing on the unique index.
      if (postgres) await trx.selectFrom('devices').select('id').where('id', '=', uuid).forNoKeyUpdate().execute();
      const { reach } = await reachOf(caller, trx, 'devices.businessPath');
      let query = trx
        .selectFrom('devices')
        .leftJoin('assets', 'assets.deviceId', 'devices.id')
        .select(['devices.id', 'devices.description', 'assets.id as assetId'])
        .where('devices.id', '=', uuid)
        .where(inSubtree(path, 'devices.businessPath'));
      if (reach) query = query.where(reach);
      return query.executeTakeFirst();
    },

    /** A device's description; empty for a device that no longer exists. */
    async deviceDescription(id: string, trx: Executor = db): Promise<string> {
      const device = await trx.selectFrom('devices').select('description').where('id', '=', id).executeTakeFirst();
      return device?.description ?? '';
    },

    /** An asset's links, newest first, with each device's description (empty for a device deleted since). */
    async links(assetId: string, trx: Executor = db) {
      const rows = await trx
        .selectFrom('assetLinks')
        .leftJoin('devices', 'devices.id', 'assetLinks.deviceId')
        .select([
          'assetLinks.deviceId',
          'assetLinks.linkedAt',
          'assetLinks.unlinkedAt',
          'devices.description as deviceDescription',
        ])
        .where('assetLinks.assetId', '=', assetId)
        .orderBy('assetLinks.linkedAt', 'desc')
        .execute();
      return rows.map((row) => ({
        deviceId: row.deviceId,
        deviceDescription: row.deviceDescription ?? '',
        linkedAt: count(row.linkedAt),
        unlinkedAt: row.unlinkedAt === null ? null : count(row.unlinkedAt),
      }));
    },

    async insert(asset: Insertable<AssetsTable>, trx: Executor = db): Promise<void> {
      await trx.insertInto('assets').values(asset).execute();
    },

    async updateIfVersion(
      id: string,
      version: number,
      changes: Updateable<AssetsTable>,
      trx: Executor = db,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('assets')
        .set({ ...changes, version: version + 1 })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return count(result.numUpdatedRows) === 1;
    },

    /** Deletes assets with their link history; their devices and the devices' readings stay. */
    async delete(ids: readonly string[], trx: Executor = db): Promise<void> {
      if (ids.length === 0) return;
      await trx
        .deleteFrom('assetLinks')
        .where('assetId', 'in', [...ids])
        .execute();
      await trx
        .deleteFrom('assets')
        .where('id', 'in', [...ids])
        .execute();
    },
  };
}

export type AssetsRepo = ReturnType<typeof createAssetsRepo>;
