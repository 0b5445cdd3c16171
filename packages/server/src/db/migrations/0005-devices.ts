import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Forward only: devices. `business_path` repeats the owning business's materialised path so that a subtree's devices
 * are one indexed range, like the businesses themselves; a move of a subtree rewrites it in the same statement run.
 * Each network id is unique within its network (several nulls are allowed on both databases). `communication` is
 * derived from the network ids (SPEC section 4) when the device is written, so lists filter on a column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Devices directly on each node, kept with every device write, so a listing of thousands of nodes rolls subtree
  // counts up in memory instead of counting devices.
  await db.schema
    .alterTable('businesses')
    .addColumn('device_count', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  // Binary order on PostgreSQL as on SQLite, so the path range holds exactly the subtree (as for businesses).
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? sql`collate "C"` : sql``;
  await db.schema
    .createTable('devices')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('business_id', 'text', (column) => column.notNull().references('businesses.id'))
    .addColumn('business_path', 'text', (column) => column.notNull().modifyEnd(binary))
    .addColumn('description', 'text', (column) => column.notNull())
    .addColumn('serial_number', 'text')
    .addColumn('device_type', 'text', (column) => column.notNull())
    .addColumn('fw_version', 'text')
    .addColumn('lora_eui', 'text')
    .addColumn('mac', 'text')
    .addColumn('sigfox_id', 'text')
    .addColumn('imei', 'text')
    .addColumn('communication', 'text', (column) => column.notNull())
    .addColumn('usage_license_id', 'text')
    .addColumn('signal_values', 'text', (column) => column.notNull().defaultTo('{}'))
    .addColumn('parameters', 'text', (column) => column.notNull().defaultTo('{}'))
    .addColumn('parameters_status', 'text')
    .addColumn('route_destination', 'text')
    .addColumn('last_seen_at', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('version', 'integer', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('devices_business_path').on('devices').column('business_path').execute();
  await db.schema.createIndex('devices_business').on('devices').column('business_id').execute();
  await db.schema.createIndex('devices_description').on('devices').expression(sql`lower(description), id`).execute();
  await db.schema.createIndex('devices_last_seen').on('devices').columns(['last_seen_at', 'id']).execute();
  await db.schema.createIndex('devices_created').on('devices').columns(['created_at', 'id']).execute();
  for (const column of ['lora_eui', 'mac', 'sigfox_id', 'imei']) {
    await db.schema.createIndex(`devices_${column}`).on('devices').column(column).unique().execute();
  }
}
