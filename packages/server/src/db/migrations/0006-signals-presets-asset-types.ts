import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Forward only: the signal catalogue with its edit lock and change history, parameter presets and asset types.
 * A signal's `locked_by`/`locked_at` say which staff user edits it; its history keeps no foreign key to the signal, so
 * the entries of a deleted signal stay. `parameter_presets.business_path` repeats the owning business's path (as
 * `devices.business_path` does), so the presets in reach are one indexed range and a subtree move rewrites it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('signals')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('key', 'text', (column) => column.notNull().unique())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('unit', 'text')
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('show_in_list', 'integer', (column) => column.notNull())
    .addColumn('locked_by', 'text', (column) => column.references('users.id').onDelete('set null'))
    .addColumn('locked_at', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addColumn('version', 'integer', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('signal_history')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('signal_id', 'text', (column) => column.notNull())
    .addColumn('user_id', 'text', (column) => column.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('changes', 'text', (column) => column.notNull().defaultTo('{}'))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('signal_history_signal')
    .on('signal_history')
    .columns(['signal_id', 'created_at', 'id'])
    .execute();

  // Binary order on PostgreSQL as on SQLite, so the path range holds exactly the subtree (as for devices).
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? sql`collate "C"` : sql``;
  await db.schema
    .createTable('parameter_presets')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('business_id', 'text', (column) => column.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('business_path', 'text', (column) => column.notNull().modifyEnd(binary))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('description', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('model', 'text', (column) => column.notNull())
    .addColumn('profile', 'text', (column) => column.notNull().defaultTo('{}'))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addColumn('version', 'integer', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('parameter_presets_business_path')
    .on('parameter_presets')
    .column('business_path')
    .execute();
  await db.schema.createIndex('parameter_presets_business').on('parameter_presets').column('business_id').execute();

  await db.schema
    .createTable('asset_types')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('description', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('fields', 'text', (column) => column.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addColumn('version', 'integer', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('asset_types_name').on('asset_types').expression(sql`lower(name)`).unique().execute();
}
