import { randomUUID } from 'node:crypto';
import type { AssetFieldDefinition } from '@iot/shared';
import type { Database } from './db/schema.js';
import { linkDevice } from './modules/assets/repo.js';
import type { BusinessesRepo } from './modules/businesses/repo.js';

interface DemoAssetType {
  name: string;
  description: string;
  fields: AssetFieldDefinition[];
}

/** The asset types a demo starts with, when the platform has none yet. */
export const DEMO_ASSET_TYPES: DemoAssetType[] = [
  {
    name: 'Cold room',
    description: 'A refrigerated room with a temperature sensor',
    fields: [
      { name: 'Target temperature (°C)', type: 'number', required: true },
      { name: 'Product', type: 'options', options: ['Dairy', 'Meat', 'Vegetables'] },
    ],
  },
  {
    name: 'Water meter point',
    description: 'Where a water meter is installed; the meter may be replaced, the point stays',
    fields: [
      { name: 'Address', type: 'text' },
      { name: 'Meter diameter (mm)', type: 'number' },
    ],
  },
  {
    name: 'Van',
    description: 'A vehicle with a GPS tracker',
    fields: [{ name: 'Plate', type: 'text', required: true }],
  },
];

interface DemoAsset {
  description: string;
  assetType: string;
  values: Record<string, number | string>;
  /** The description of the demo device of the same business it is linked to; none: an orphan asset. */
  device?: string;
}

/** Assets across the first tenant, by the description of their business: most linked to its devices, two orphans. */
export const DEMO_ASSETS: Record<string, DemoAsset[]> = {
  'Porto plant': [
    {
      description: 'Dairy cold room',
      assetType: 'Cold room',
      values: { 'Target temperature (°C)': 4, Product: 'Dairy' },
      device: 'Cold room 1',
    },
    {
      description: 'Meat cold room',
      assetType: 'Cold room',
      values: { 'Target temperature (°C)': 2, Product: 'Meat' },
      device: 'Cold room 2',
    },
    {
      description: 'Porto main supply',
      assetType: 'Water meter point',
      values: { Address: 'Rua do Freixo 1200, Porto', 'Meter diameter (mm)': 50 },
      device: 'Water meter 1',
    },
    {
      description: 'Porto canteen',
      assetType: 'Water meter point',
      values: { Address: 'Rua do Freixo 1200, Porto (canteen)', 'Meter diameter (mm)': 20 },
      device: 'Water meter 2',
    },
    { description: 'Vegetable cold room', assetType: 'Cold room', values: { 'Target temperature (°C)': 6 } },
  ],
  'Braga plant': [
    {
      description: 'Braga entrance',
      assetType: 'Water meter point',
      values: { Address: 'Avenida da Liberdade 300, Braga', 'Meter diameter (mm)': 25 },
      device: 'Water meter 4',
    },
    { description: 'Braga garden', assetType: 'Water meter point', values: { Address: 'Braga, east garden' } },
  ],
  'Lisbon plant': [
    { description: 'Delivery van AA-12-BC', assetType: 'Van', values: { Plate: 'AA-12-BC' }, device: 'Van 1' },
    { description: 'Service van 34-XY-56', assetType: 'Van', values: { Plate: '34-XY-56' }, device: 'Van 2' },
  ],
};

/** How long before the seed the demo assets were created and linked: longer than the simulator's history. */
const DEMO_ASSETS_AGE_MS = 7 * 24 * 3600_000;

/**
 * The demo asset types (when there are none) and the demo assets under the businesses of the demo tree (found by
 * description), linked to the demo devices named, each with its activity log entries by the provider-staff user.
 */
export async function insertDemoAssets(
  businessesRepo: BusinessesRepo,
  businesses: { id: string; path: string; description: string }[],
  context: { adminId: string; now: number; trx: Database },
): Promise<number> {
  const { adminId, trx } = context;
  // The demo's assets were set up and linked before the simulator's first day of readings (sent at first start), so
  // their status screens open on a history, as a fleet in use would.
  const now = context.now - DEMO_ASSETS_AGE_MS;
  if (!(await trx.selectFrom('assetTypes').select('id').executeTakeFirst())) {
    for (const assetType of DEMO_ASSET_TYPES)
      await trx
        .insertInto('assetTypes')
        .values({
          id: randomUUID(),
          ...assetType,
          fields: JSON.stringify(assetType.fields),
          createdAt: now,
          updatedAt: now,
          version: 1,
        })
        .execute();
  }
  const typeIds = new Map(
    (await trx.selectFrom('assetTypes').select(['id', 'name']).execute()).map((row) => [row.name, row.id]),
  );
  let count = 0;
  for (const business of businesses) {
    for (const demo of DEMO_ASSETS[business.description] ?? []) {
      const assetTypeId = typeIds.get(demo.assetType);
      if (!assetTypeId) continue;
      const asset = { id: randomUUID(), businessId: business.id, description: demo.description };
      await trx
        .insertInto('assets')
        .values({
          ...asset,
          businessPath: business.path,
          assetTypeId,
          fieldValues: JSON.stringify(demo.values),
          deviceId: null,
          linkedAt: null,
          createdAt: now,
          updatedAt: now,
          version: 1,
        })
        .execute();
      const log = (action: 'asset_created' | 'asset_linked', details: object) =>
        businessesRepo.insertLog(
          { businessId: business.id, userId: adminId, action, details: { assetId: asset.id, ...details } },
          now,
          trx,
        );
      await log('asset_created', { description: demo.description, assetType: demo.assetType });
      const device = demo.device
        ? await trx
            .selectFrom('devices')
            .select('id')
            .where('businessId', '=', business.id)
            .where('description', '=', demo.device)
            .executeTakeFirst()
        : undefined;
      if (device) {
        await linkDevice(trx, asset.id, device.id, { userId: adminId, at: now });
        await log('asset_linked', { description: demo.description, deviceId: device.id, device: demo.device });
      }
      count += 1;
    }
  }
  return count;
}
