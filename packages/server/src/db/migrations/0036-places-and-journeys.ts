import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Forward only: points of interest and their groups, where every device is now (its location state, SPEC section 4,
 * kept on its row as positions arrive, with every change in `device_location_states`), and journeys with their
 * history and track.
 *
 * - `places`, `place_groups`: like devices and assets, each carries its business's path and tenant. A place's area is
 *   JSON (a circle or a polygon) with its bounding box in columns, from which the ingest pipeline builds its spatial
 *   index; `place_revision` (one row) is bumped in the same transaction as every change to places or groups, so each
 *   process rebuilds its index only when something changed.
 * - `devices.location_*`: the state now, the place it is at (at POI / at forbidden POI), since when, and the
 *   pipeline's working memory (`location_track`: last position, the place being entered and since when), so that a
 *   batch needs nothing but the device's row. `devices_location_place` answers "devices at this place now" by index.
 * - `devices.journey_id`: the device's running journey, so the pipeline knows which positions extend a journey from
 *   the row it reads anyway. At most one running or paused journey per device (`journeys_open_device`, partial).
 * - `journeys.summary`: legs, stops, distance and times, advanced as positions arrive; a finished journey's summary
 *   and its `journey_points` are read as stored, never recomputed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const binary = postgres ? sql`collate "C"` : sql``;
  const tenantPath = postgres
    ? sql`substr(business_path, 1, strpos(substr(business_path, 2), '/') + 1)`
    : sql`substr(business_path, 1, instr(substr(business_path, 2), '/') + 1)`;

  await db.schema
    .createTable('place_groups')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('business_id', 'text', (column) => column.notNull().references('business_nodes.id'))
    .addColumn('business_path', 'text', (column) => column.notNull().modifyEnd(binary))
    .addColumn('tenant_path', 'text', (column) => column.modifyEnd(binary).generatedAlwaysAs(tenantPath).stored())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('forbidden', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('enter_after_ms', 'bigint', (column) => column.notNull())
    .addColumn('lost_after_ms', 'bigint', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addColumn('version', 'integer', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('place_groups_tenant_name')
    .on('place_groups')
    .expression(sql`tenant_path, lower(name), id`)
    .execute();
  await db.schema.createIndex('place_groups_business_path').on('place_groups').column('business_path').execute();

  await db.schema
    .createTable('places')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('business_id', 'text', (column) => column.notNull().references('business_nodes.id'))
    .addColumn('business_path', 'text', (column) => column.notNull().modifyEnd(binary))
    .addColumn('tenant_path', 'text', (column) => column.modifyEnd(binary).generatedAlwaysAs(tenantPath).stored())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('group_id', 'text', (column) => column.references('place_groups.id'))
    .addColumn('area', 'text', (column) => column.notNull())
    .addColumn('min_lat', 'double precision', (column) => column.notNull())
    .addColumn('min_lon', 'double precision', (column) => column.notNull())
    .addColumn('max_lat', 'double precision', (column) => column.notNull())
    .addColumn('max_lon', 'double precision', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addColumn('version', 'integer', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('places_tenant_name')
    .on('places')
    .expression(sql`tenant_path, lower(name), id`)
    .execute();
  await db.schema.createIndex('places_business_path').on('places').column('business_path').execute();
  await db.schema.createIndex('places_group').on('places').column('group_id').execute();

  await db.schema
    .createTable('place_revision')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('revision', 'bigint', (column) => column.notNull())
    .execute();
  await sql`insert into place_revision (id, revision) values (1, 0)`.execute(db);

  await sql`alter table devices add column location_state text not null default 'unavailable'`.execute(db);
  await sql`alter table devices add column location_place_id text`.execute(db);
  await sql`alter table devices add column location_since bigint`.execute(db);
  await sql`alter table devices add column location_track text`.execute(db);
  await sql`alter table devices add column journey_id text`.execute(db);
  await db.schema
    .createIndex('devices_location_place')
    .on('devices')
    .expression(sql`location_place_id, lower(description), id`)
    .where(sql.ref('location_place_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('devices_tenant_location_state')
    .on('devices')
    .expression(sql`tenant_path, location_state, lower(description), id`)
    .execute();

  await db.schema
    .createTable('device_location_states')
    .addColumn('device_id', 'text', (column) => column.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('entered_at', 'bigint', (column) => column.notNull())
    .addColumn('left_at', 'bigint')
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('place_id', 'text')
    .addColumn('place_name', 'text')
    .addColumn('lat', 'double precision')
    .addColumn('lon', 'double precision')
    .addPrimaryKeyConstraint('device_location_states_pk', ['device_id', 'entered_at'])
    .execute();

  await db.schema
    .createTable('journeys')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('business_id', 'text', (column) => column.notNull().references('business_nodes.id'))
    .addColumn('business_path', 'text', (column) => column.notNull().modifyEnd(binary))
    .addColumn('tenant_path', 'text', (column) => column.modifyEnd(binary).generatedAlwaysAs(tenantPath).stored())
    .addColumn('device_id', 'text', (column) => column.notNull().references('devices.id'))
    .addColumn('description', 'text', (column) => column.notNull())
    .addColumn('comment', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('summary', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addColumn('ended_at', 'bigint')
    .addColumn('version', 'integer', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('journeys_tenant_created')
    .on('journeys')
    .columns(['tenant_path', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('journeys_business_path').on('journeys').column('business_path').execute();
  await db.schema.createIndex('journeys_device').on('journeys').columns(['device_id', 'created_at']).execute();
  await db.schema
    .createIndex('journeys_open_device')
    .on('journeys')
    .column('device_id')
    .unique()
    .where(sql.ref('state'), 'in', sql`('running', 'paused')`)
    .execute();

  await db.schema
    .createTable('journey_history')
    .addColumn('journey_id', 'text', (column) => column.notNull().references('journeys.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (column) => column.notNull())
    .addColumn('transition', 'text', (column) => column.notNull())
    .addColumn('user_id', 'text')
    .addColumn('comment', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('date', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('journey_history_pk', ['journey_id', 'seq'])
    .execute();

  await db.schema
    .createTable('journey_points')
    .addColumn('journey_id', 'text', (column) => column.notNull().references('journeys.id').onDelete('cascade'))
    .addColumn('date', 'bigint', (column) => column.notNull())
    .addColumn('lat', 'double precision', (column) => column.notNull())
    .addColumn('lon', 'double precision', (column) => column.notNull())
    .addColumn('speed_kmh', 'double precision')
    .addPrimaryKeyConstraint('journey_points_pk', ['journey_id', 'date'])
    .execute();
}
