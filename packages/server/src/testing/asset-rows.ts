import type { Database } from '../db/schema.js';

/** An asset type with no fields, for tests that need assets but not their values. */
export async function insertAssetType(db: Database, id = 'test-asset-type'): Promise<string> {
  await db
    .insertInto('assetTypes')
    .values({ id, name: id, description: '', fields: '[]', createdAt: 0, updatedAt: 0, version: 1 })
    .execute();
  return id;
}

/**
 * An asset written straight into the tables, as the asset calls store one: in `businessId`'s level, linked to each
 * device of `links` in turn (the last one open unless it has `until`), its link history kept in `asset_links`.
 */
export async function insertAsset(
  db: Database,
  asset: {
    id: string;
    businessId: string;
    description?: string;
    assetType?: string;
    links?: { deviceId: string; from: number; until?: number }[];
  },
): Promise<void> {
  const { path } = await db
    .selectFrom('businessPaths')
    .select('path')
    .where('id', '=', asset.businessId)
    .executeTakeFirstOrThrow();
  const links = asset.links ?? [];
  const open = links.at(-1)?.until === undefined ? links.at(-1) : undefined;
  await db
    .insertInto('assets')
    .values({
      id: asset.id,
      businessId: asset.businessId,
      businessPath: path,
      description: asset.description ?? asset.id,
      assetTypeId: asset.assetType ?? 'test-asset-type',
      deviceId: open?.deviceId ?? null,
      linkedAt: open?.from ?? null,
      createdAt: 0,
      updatedAt: 0,
      version: 1,
    })
    .execute();
  for (const link of links) {
    await db
      .insertInto('assetLinks')
      .values({
        assetId: asset.id,
        deviceId: link.deviceId,
        linkedAt: link.from,
        unlinkedAt: link.until ?? null,
        linkedBy: null,
        unlinkedBy: null,
      })
      .execute();
  }
}
