import { randomUUID } from 'node:crypto';
import {
  type Asset,
  type AssetCount,
  type AssetDetail,
  type AssetExportQuery,
  type AssetFieldDefinition,
  type AssetFieldValue,
  type AssetListQuery,
  type AssetPage,
  assetValueIssues,
  type BusinessLogAction,
  type BusinessRole,
  type CreateAssetRequest,
  hasRank,
  isMessageCode,
  type Message,
  messageOf,
  normalisedAssetValue,
  type Role,
  type UpdateAssetRequest,
} from '@iot/shared';
import type { Transaction } from 'kysely';
import type { Database, DatabaseSchema } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { decodeCursor, encodeCursor, textKeyAndId } from '../../http/page-cursor.js';
import type { AssetTypesRepo } from '../asset-types/repo.js';
import type { BusinessesRepo, BusinessRow } from '../businesses/repo.js';
import type { PlansService } from '../plans/service.js';
import type { UserRow } from '../users/present.js';
import { type AssetCsvLine, assetCsv, parseAssetCsv } from './csv.js';
import { fieldsOf, presentAsset, presentAssetDetail } from './present.js';
import type { AssetCursor, AssetQuery, AssetsRepo, ListedAssetRow } from './repo.js';

type Trx = Transaction<DatabaseSchema>;

/** Viewers and users read assets; admins of an asset's level create, edit, link and delete them. */
const MANAGE_ROLE: BusinessRole = 'admin';

/** How many assets an export reads at a time. */
const EXPORT_BATCH = 1_000;

function assertRole(role: Role, needed: BusinessRole) {
  if (!hasRank(role, needed)) throw new AppError('forbidden');
}

/**
 * The values of an asset checked against its type's fields (`assetValueIssues`) and stored as `normalisedAssetValue`
 * makes them; each value at fault is named `<prefix>.<field>` with its message.
 */
function checkedValues(
  fields: readonly AssetFieldDefinition[],
  values: Readonly<Record<string, AssetFieldValue | null | undefined>>,
  prefix: string,
): { stored: Record<string, AssetFieldValue>; issues: Record<string, Message> } {
  const issues: Record<string, Message> = {};
  for (const issue of assetValueIssues(fields, values))
    issues[`${prefix}.${issue.field}`] ??= messageOf(issue.code, { field: issue.field });
  const stored: Record<string, AssetFieldValue> = {};
  for (const field of fields) {
    const value = normalisedAssetValue(field, values[field.name]);
    if (value !== null) stored[field.name] = value;
  }
  return { stored, issues };
}

/**
 * Assets (SPEC sections 3, 5, 7): everything is scoped to the caller's reach in SQL, so another tenant's asset, or a
 * level out of reach, is `not_found`; the plan feature `assetSupport` gates every call; a device is linked to at most
 * one asset and every link is kept with its dates; every change goes to the activity log of the asset's business.
 */
export function createAssetsService({
  db,
  assetsRepo,
  assetTypesRepo,
  businessesRepo,
  plans,
  now = Date.now,
}: {
  db: Database;
  assetsRepo: AssetsRepo;
  assetTypesRepo: AssetTypesRepo;
  businessesRepo: BusinessesRepo;
  plans: PlansService;
  now?: () => number;
}) {
  /** A level the caller reaches whose plan has assets: every call starts here. */
  async function assetLevel(user: UserRow, businessId: string, trx?: Trx) {
    const business = await businessesRepo.findReachable(user, businessId, trx);
    if (!business) throw new AppError('not_found');
    await assertPlan(business, trx);
    return business;
  }

  async function assertPlan(node: Pick<BusinessRow, 'path'>, trx?: Trx) {
    if (!(await plans.planOf(node, trx)).features.assetSupport) throw new AppError('plan.unavailable');
  }

  async function assetTypeOf(id: string, trx?: Trx) {
    const assetType = await assetTypesRepo.find(id, trx);
    if (!assetType) throw new AppError('validation.failed', {}, { assetType: 'validation.invalid' });
    return { ...assetType, fieldList: fieldsOf(assetType.fields) };
  }

  /** The assets presented, their devices read together (one grouped query for their open alarms). */
  async function presented(rows: ListedAssetRow[], trx?: Trx): Promise<Asset[]> {
    const devices = await assetsRepo.linkedDevices(
      rows.flatMap((row) => (row.deviceId ? [row.deviceId] : [])),
      trx,
    );
    return rows.map((row) => presentAsset(row, row.deviceId ? devices.get(row.deviceId) : undefined));
  }

  /**
   * A device to link to an asset of the subtree at `path`: the caller must reach it there (`asset.device_not_found`)
   * and it must be linked to no other asset (`asset.device_taken`).
   */
  async function deviceToLink(user: UserRow, uuid: string, path: string, assetId: string | null, trx: Trx) {
    const device = await assetsRepo.deviceToLink(user, uuid, path, trx);
    if (!device) throw new AppError('asset.device_not_found', { device: uuid });
    if (device.assetId && device.assetId !== assetId)
      throw new AppError('asset.device_taken', { device: device.description });
    return device;
  }

  function log(
    trx: Trx,
    user: UserRow,
    asset: { id: string; businessId: string; description: string },
    action: BusinessLogAction,
    details: object = {},
  ) {
    return businessesRepo.insertLog(
      {
        businessId: asset.businessId,
        userId: user.id,
        action,
        details: { assetId: asset.id, description: asset.description, ...details },
      },
      now(),
      trx,
    );
  }

  async function link(
    trx: Trx,
    user: UserRow,
    asset: { id: string; businessId: string; description: string },
    device: { id: string; description: string },
  ) {
    await assetsRepo.linkDevice(trx, asset.id, device.id, { userId: user.id, at: now() });
    await log(trx, user, asset, 'asset_linked', { deviceId: device.id, device: device.description });
  }

  async function unlink(trx: Trx, user: UserRow, asset: { id: string; businessId: string; description: string }) {
    const deviceId = await assetsRepo.unlinkAsset(trx, asset.id, { userId: user.id, at: now() });
    if (!deviceId) return;
    const device = await assetsRepo.deviceDescription(deviceId, trx);
    await log(trx, user, asset, 'asset_unlinked', { deviceId, device });
  }

  async function reachableAsset(user: UserRow, id: string, trx?: Trx) {
    const asset = await assetsRepo.findReachable(user, id, trx);
    if (!asset) throw new AppError('not_found');
    return asset;
  }

  /** The subtree's assets that match, from `after` on, `limit` of them and whether more follow. */
  async function pageOf(user: UserRow, query: AssetQuery, limit: number, after: AssetCursor | undefined) {
    const rows = await assetsRepo.page(user, query, { limit, after });
    const last = rows.length > limit ? rows[limit - 1] : undefined;
    return { rows: rows.slice(0, limit), next: last ? ([last.sortKey, last.id] as AssetCursor) : null };
  }

  const queryOf = (path: string, filters: Pick<AssetListQuery, 'search' | 'assetType' | 'orphan'>): AssetQuery => ({
    subtreePath: path,
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.assetType ? { assetTypeId: filters.assetType } : {}),
    ...(filters.orphan ? { orphan: true } : {}),
  });

  return {
    /** A page of a level subtree's assets by description, filtered. */
    async list(user: UserRow, businessId: string, request: AssetListQuery): Promise<AssetPage> {
      const business = await assetLevel(user, businessId);
      const { rows, next } = await pageOf(
        user,
        queryOf(business.path, request),
        request.limit,
        decodeCursor(request.cursor, textKeyAndId),
      );
      return { items: await presented(rows), nextCursor: next ? encodeCursor(next) : null };
    },

    /** How many of a level subtree's assets match the filters. */
    async count(user: UserRow, businessId: string, request: AssetListQuery): Promise<AssetCount> {
      const business = await assetLevel(user, businessId);
      return { count: await assetsRepo.count(user, queryOf(business.path, request)) };
    },

    /** One reachable asset with its link history, newest first. */
    async get(user: UserRow, assetId: string): Promise<AssetDetail> {
      const asset = await reachableAsset(user, assetId);
      await assertPlan({ path: asset.businessPath });
      const [devices, links] = await Promise.all([
        assetsRepo.linkedDevices(asset.deviceId ? [asset.deviceId] : []),
        assetsRepo.links(asset.id),
      ]);
      return presentAssetDetail(asset, asset.deviceId ? devices.get(asset.deviceId) : undefined, links);
    },

    /** A new asset in a level the caller administers, its values checked, optionally linked to a free device. */
    async create(user: UserRow, businessId: string, request: CreateAssetRequest): Promise<Asset> {
      const { assetData } = request;
      const id = await db.transaction().execute(async (trx) => {
        const business = await assetLevel(user, businessId, trx);
        assertRole(business.role, MANAGE_ROLE);
        const assetType = await assetTypeOf(assetData.assetType, trx);
        const { stored, issues } = checkedValues(assetType.fieldList, assetData.values, 'values');
        if (Object.keys(issues).length > 0) throw new AppError('validation.failed', {}, issues);
        const device = assetData.deviceUUID
          ? await deviceToLink(user, assetData.deviceUUID, business.path, null, trx)
          : undefined;
        const asset = { id: randomUUID(), businessId: business.id, description: assetData.description };
        const time = now();
        await assetsRepo.insert(
          {
            ...asset,
            businessPath: business.path,
            assetTypeId: assetType.id,
            fieldValues: JSON.stringify(stored),
            deviceId: null,
            linkedAt: null,
            createdAt: time,
            updatedAt: time,
            version: 1,
          },
          trx,
        );
        await log(trx, user, asset, 'asset_created', { assetType: assetType.name });
        if (device) await link(trx, user, asset, device);
        return asset.id;
      });
      return (await presented([await reachableAsset(user, id)]))[0] as Asset;
    },

    /**
     * Edits an asset of the level's subtree over the `version` read (409 when stale): description, values (checked,
     * replacing them all), and its device: a uuid links that free device (unlinking the one before), null unlinks.
     */
    async update(user: UserRow, businessId: string, request: UpdateAssetRequest): Promise<Asset> {
      const { assetData } = request;
      await db.transaction().execute(async (trx) => {
        const business = await assetLevel(user, businessId, trx);
        const [asset] = await assetsRepo.findManyInSubtree(user, [assetData._id], business.path, trx);
        if (!asset) throw new AppError('not_found');
        assertRole(asset.role, MANAGE_ROLE);
        let fieldValues: string | undefined;
        if (assetData.values !== undefined) {
          const { stored, issues } = checkedValues(fieldsOf(asset.assetTypeFields), assetData.values, 'values');
          if (Object.keys(issues).length > 0) throw new AppError('validation.failed', {}, issues);
          fieldValues = JSON.stringify(stored);
        }
        const updated = await assetsRepo.updateIfVersion(
          asset.id,
          assetData.version,
          {
            ...(assetData.description !== undefined ? { description: assetData.description } : {}),
            ...(fieldValues !== undefined ? { fieldValues } : {}),
            updatedAt: now(),
          },
          trx,
        );
        if (!updated) throw new AppError('conflict');
        const device =
          assetData.deviceUUID && assetData.deviceUUID !== asset.deviceId
            ? await deviceToLink(user, assetData.deviceUUID, asset.businessPath, asset.id, trx)
            : undefined;
        const changed = [
          ...(assetData.description !== undefined && assetData.description !== asset.description
            ? ['description']
            : []),
          ...(fieldValues !== undefined && fieldValues !== asset.fieldValues ? ['values'] : []),
        ];
        const current = { ...asset, description: assetData.description ?? asset.description };
        if (changed.length > 0)
          await log(trx, user, current, 'asset_updated', {
            changed,
            ...(changed.includes('description') ? { from: asset.description } : {}),
          });
        if (assetData.deviceUUID === null || device) await unlink(trx, user, current);
        if (device) await link(trx, user, current, device);
      });
      return (await presented([await reachableAsset(user, assetData._id)]))[0] as Asset;
    },

    /**
     * Deletes assets of the level's subtree, all or none: one out of reach is `not_found`, one on a level the caller
     * does not administer `forbidden`. Their devices become free and keep their readings.
     */
    async delete(user: UserRow, businessId: string, ids: string[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const business = await assetLevel(user, businessId, trx);
        const assets = await assetsRepo.findManyInSubtree(user, ids, business.path, trx);
        if (assets.length !== new Set(ids).size) throw new AppError('not_found');
        for (const asset of assets) assertRole(asset.role, MANAGE_ROLE);
        for (const asset of assets) {
          await unlink(trx, user, asset);
          await log(trx, user, asset, 'asset_deleted', { assetType: asset.assetTypeName });
        }
        await assetsRepo.delete(
          assets.map((asset) => asset.id),
          trx,
        );
      });
    },

    /** The level subtree's assets that match, as CSV (`assetCsv`), read in batches. */
    async exportCsv(user: UserRow, businessId: string, filters: AssetExportQuery): Promise<string> {
      const business = await assetLevel(user, businessId);
      const query = queryOf(business.path, filters);
      const assets: Asset[] = [];
      let after: AssetCursor | undefined;
      do {
        const page = await pageOf(user, query, EXPORT_BATCH, after);
        assets.push(...(await presented(page.rows)));
        after = page.next ?? undefined;
      } while (after);
      return assetCsv(assets);
    },

    /**
     * An asset import (`parseAssetCsv`) into a level the caller administers, all or nothing: every line is checked
     * first (its description, its values as a create checks them, its device free and reachable in the subtree and
     * named once in the file), each issue named `lines.<line>.<column>`; then every asset is created.
     */
    async importCsv(user: UserRow, businessId: string, assetTypeId: string, file: string): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const business = await assetLevel(user, businessId, trx);
        assertRole(business.role, MANAGE_ROLE);
        const assetType = await assetTypeOf(assetTypeId, trx);
        const lines = parseAssetCsv(
          file,
          assetType.fieldList.map((field) => field.name),
        );
        const issues: Record<string, Message> = {};
        const devices = new Map<AssetCsvLine, { id: string; description: string }>();
        const linked = new Set<string>();
        const checked = [];
        for (const line of lines) {
          const prefix = `lines.${line.line}`;
          if (!line.description) issues[`${prefix}.description`] = 'validation.required';
          else if (line.description.length > 200) issues[`${prefix}.description`] = 'validation.too_long';
          const { stored, issues: valueIssues } = checkedValues(assetType.fieldList, line.values, `${prefix}.values`);
          Object.assign(issues, valueIssues);
          if (line.device) {
            try {
              const device = await deviceToLink(user, line.device, business.path, null, trx);
              if (linked.has(device.id)) throw new AppError('asset.device_taken', { device: device.description });
              linked.add(device.id);
              devices.set(line, device);
            } catch (error) {
              if (!(error instanceof AppError) || !isMessageCode(error.code)) throw error;
              issues[`${prefix}.device`] = messageOf(error.code, error.params);
            }
          }
          checked.push({ line, stored });
        }
        if (Object.keys(issues).length > 0) throw new AppError('validation.failed', {}, issues);
        const time = now();
        for (const { line, stored } of checked) {
          const asset = { id: randomUUID(), businessId: business.id, description: line.description };
          await assetsRepo.insert(
            {
              ...asset,
              businessPath: business.path,
              assetTypeId: assetType.id,
              fieldValues: JSON.stringify(stored),
              deviceId: null,
              linkedAt: null,
              createdAt: time,
              updatedAt: time,
              version: 1,
            },
            trx,
          );
          const device = devices.get(line);
          if (device) await assetsRepo.linkDevice(trx, asset.id, device.id, { userId: user.id, at: time });
        }
        if (checked.length > 0)
          await businessesRepo.insertLog(
            {
              businessId: business.id,
              userId: user.id,
              action: 'assets_imported',
              details: { count: checked.length, assetType: assetType.name },
            },
            time,
            trx,
          );
        return checked.length;
      });
    },
  };
}

export type AssetsService = ReturnType<typeof createAssetsService>;
