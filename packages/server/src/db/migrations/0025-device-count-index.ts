import { type Kysely, sql } from 'kysely';

/**
 * Forward only: devices by tenant and type, for counting a tenant's devices of a type (the list's most used filter).
 * The page index (`0024`) orders by description first, and neither database counted through it: measured with 100,000
 * devices in one tenant, 25,000 of the type, SQLite read every device row of the tenant (150 ms, against 2 ms with this
 * index), and a count request on PostgreSQL took 30-48 ms against 10-14.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('devices_tenant_type').on('devices').expression(sql`tenant_path, device_type`).execute();
}
