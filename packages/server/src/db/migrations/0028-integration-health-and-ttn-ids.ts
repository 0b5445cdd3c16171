import { type Kysely, sql } from 'kysely';

/**
 * Forward only, for the LoRa integrations:
 * - The Things Stack's application id and webhook id become two settings. The one text kept before was meant as
 *   "app/webhook" (so the form said) and split so; a text without a slash was used whole as the webhook id, which it
 *   stays, the application id then being the one each uplink names.
 * - The way back to each LoRa device (`lora_device_routes`): the integration it was last heard through and, on The Things
 *   Stack, its application and device ids, so that parameters are queued as soon as they are set, and a TTN message
 *   naming a device only by its ids finds it.
 * - Integration health: calls counted per hour (`integration_counts`), the last call and the last error.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('integrations').addColumn('webhook_id', 'text').execute();
  const ttn = await sql<{ id: string; application: string | null }>`
    select id, application from integrations where network = 'ttn' and application is not null`.execute(db);
  for (const { id, application } of ttn.rows) {
    const slash = (application as string).indexOf('/');
    const applicationId = slash < 0 ? null : (application as string).slice(0, slash).trim() || null;
    const webhookId = (slash < 0 ? (application as string) : (application as string).slice(slash + 1)).trim() || null;
    await sql`update integrations set application = ${applicationId}, webhook_id = ${webhookId} where id = ${id}`.execute(
      db,
    );
  }

  await db.schema
    .createTable('lora_device_routes')
    .addColumn('device_id', 'text', (column) => column.primaryKey().references('devices.id').onDelete('cascade'))
    .addColumn('integration_id', 'text', (column) => column.notNull().references('integrations.id').onDelete('cascade'))
    .addColumn('ttn_application_id', 'text')
    .addColumn('ttn_device_id', 'text')
    .execute();
  await db.schema
    .createIndex('lora_device_routes_ttn')
    .on('lora_device_routes')
    .columns(['integration_id', 'ttn_device_id'])
    .execute();

  await db.schema
    .createTable('integration_counts')
    .addColumn('integration_id', 'text', (column) => column.notNull().references('integrations.id').onDelete('cascade'))
    .addColumn('hour', 'bigint', (column) => column.notNull())
    .addColumn('stored', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('duplicates', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('refused', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('unknown_devices', 'integer', (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('integration_counts_pk', ['integration_id', 'hour'])
    .execute();

  await db.schema
    .createTable('integration_health')
    .addColumn('integration_id', 'text', (column) =>
      column.primaryKey().references('integrations.id').onDelete('cascade'),
    )
    .addColumn('last_call_at', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('last_error_at', 'bigint')
    .execute();
}
