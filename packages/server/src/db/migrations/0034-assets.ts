import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Forward only: assets (what customers monitor: a cold room, a meter point, a van) and the history of which device
 * each was linked to. An asset has at most one device at a time and a device at most one asset (the unique index on
 * `assets.device_id`); every link is kept with its dates in `asset_links`, so an asset's readings over a period are
 * those of whichever device was linked then. Like devices, an asset carries its business's path and tenant, so a
 * subtree's assets are one index range and a tenant's page walks only its own assets.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const binary = postgres ? sql`collate "C"` : sql``;
  const tenantPath = postgres
    ? sql`substr(business_path, 1, strpos(substr(business_path, 2), '/') + 1)`
    : sql`substr(business_path, 1, instr(substr(business_path, 2), '/') + 1)`;
  await db.schema
    .createTable('assets')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('business_id', 'text', (column) => column.notNull().references('business_nodes.id'))
    .addColumn('business_path', 'text', (column) => column.notNull().modifyEnd(binary))
    .addColumn('tenant_path', 'text', (column) => column.modifyEnd(binary).generatedAlwaysAs(tenantPath).stored())
    .addColumn('description', 'text', (column) => column.notNull())
    .addColumn('asset_type_id', 'text', (column) => column.notNull().references('asset_types.id'))
    .addColumn('field_values', 'text', (column) => column.notNull().defaultTo('{}'))
    .addColumn('device_id', 'text')
    .addColumn('linked_at', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addColumn('version', 'integer', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('assets_tenant_description')
    .on('assets')
    .expression(sql`tenant_path, lower(description), id`)
    .execute();
  await db.schema.createIndex('assets_business_path').on('assets').column('business_path').execute();
  await db.schema.createIndex('assets_asset_type').on('assets').column('asset_type_id').execute();
  await db.schema.createIndex('assets_device').on('assets').column('device_id').unique().execute();

  await db.schema
    .createTable('asset_links')
    .addColumn('asset_id', 'text', (column) => column.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('device_id', 'text', (column) => column.notNull())
    .addColumn('linked_at', 'bigint', (column) => column.notNull())
    .addColumn('unlinked_at', 'bigint')
    .addColumn('linked_by', 'text')
    .addColumn('unlinked_by', 'text')
    .addPrimaryKeyConstraint('asset_links_pk', ['asset_id', 'linked_at'])
    .execute();
  await db.schema.createIndex('asset_links_device').on('asset_links').columns(['device_id', 'linked_at']).execute();
}
