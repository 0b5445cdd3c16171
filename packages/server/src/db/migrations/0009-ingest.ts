import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Forward only: telemetry. Readings are append-only, one row per signal of an uplink, found by (device, signal, time).
 * `uplink_counters` remembers each device's recent message counters so that a resent uplink is stored once; a counter
 * seen again long after (a wrapped Sigfox sequence, a LoRa device that rejoined) counts as a new message.
 * Integrations hold the tokens networks authenticate with (only their hash) and how to reach a LoRa network server.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('readings')
    .addColumn('device_id', 'text', (column) => column.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('signal', 'text', (column) => column.notNull())
    .addColumn('date', 'bigint', (column) => column.notNull())
    .addColumn('value', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('readings_device_signal_date')
    .on('readings')
    .columns(['device_id', 'signal', 'date'])
    .execute();

  await db.schema
    .createTable('uplink_counters')
    .addColumn('device_id', 'text', (column) => column.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('counter', 'bigint', (column) => column.notNull())
    .addColumn('received_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('uplink_counters_pk', ['device_id', 'counter'])
    .execute();

  await db.schema
    .createTable('undecoded_frames')
    .addColumn('device_id', 'text', (column) => column.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('date', 'bigint', (column) => column.notNull())
    .addColumn('data', 'text', (column) => column.notNull())
    .addColumn('port', 'integer')
    .addColumn('error', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('undecoded_frames_device_date')
    .on('undecoded_frames')
    .columns(['device_id', 'date'])
    .execute();

  await db.schema
    .createTable('commissioning_events')
    .addColumn('device_id', 'text', (column) => column.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('event', 'text', (column) => column.notNull())
    .addColumn('detail', 'text')
    .addColumn('date', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('commissioning_events_device_date')
    .on('commissioning_events')
    .columns(['device_id', 'date'])
    .execute();

  await db.schema
    .createTable('integrations')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('business_id', 'text', (column) => column.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('network', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('token_hint', 'text', (column) => column.notNull())
    .addColumn('server_url', 'text')
    .addColumn('server_key', 'text')
    .addColumn('application', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('version', 'integer', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('integrations_business').on('integrations').column('business_id').execute();

  // The MQTT password's hash (a random 32-byte secret, so a fast hash is enough); when the parameterization status
  // last changed, for its timeouts; the link quality last computed, so only a change is a commissioning event.
  await db.schema.alterTable('devices').addColumn('mqtt_password_hash', 'text').execute();
  await db.schema.alterTable('devices').addColumn('parameters_status_at', 'bigint').execute();
  await db.schema.alterTable('devices').addColumn('link_quality', 'text').execute();
  // Room in each page for the new version of a row that telemetry updates, so PostgreSQL rewrites it in place (a HOT
  // update, no index touched) instead of elsewhere with every index updated.
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table devices set (fillfactor = 70)`.execute(db);
  }
}
