import type { Kysely } from 'kysely';

/**
 * Forward only: every message a device sent, as it arrived (a frame's bytes as hex with its port, or a JSON message's
 * values), so its data can be decoded again later with the device's type and calibration as they are then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('received_messages')
    .addColumn('device_id', 'text', (column) => column.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('date', 'bigint', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('data', 'text', (column) => column.notNull())
    .addColumn('port', 'integer')
    .execute();
  await db.schema
    .createIndex('received_messages_device_date')
    .on('received_messages')
    .columns(['device_id', 'date'])
    .execute();
}
