import type { Kysely } from 'kysely';

/**
 * Forward only: what a device's own screens edit, as JSON columns on the device (they share the device's `version`,
 * so every save of a device is checked against the same version), and the battery changes recorded on it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('devices')
    .addColumn('outputs', 'text', (column) => column.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('devices')
    .addColumn('alarms_config', 'text', (column) => column.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .alterTable('devices')
    .addColumn('user_data', 'text', (column) => column.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .alterTable('devices')
    .addColumn('calibration', 'text', (column) => column.notNull().defaultTo('{}'))
    .execute();
  await db.schema.alterTable('devices').addColumn('downlink_data', 'text').execute();
  await db.schema.alterTable('devices').addColumn('downlink_port', 'integer').execute();
  await db.schema
    .createTable('battery_changes')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('device_id', 'text', (column) => column.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('date', 'bigint', (column) => column.notNull())
    .addColumn('user_id', 'text', (column) => column.references('users.id').onDelete('set null'))
    .addColumn('comment', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('battery_changes_device').on('battery_changes').columns(['device_id', 'date']).execute();
}
