import type { Kysely } from 'kysely';

/**
 * Forward only: threshold alarm rules per device type. Every device of the type has them on top of its own
 * (`devices.alarms_config.rules`); a type without a row has none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('device_type_alarms')
    // A device type id of the codec registry (not a table: the types live in code).
    .addColumn('device_type', 'text', (column) => column.primaryKey())
    // JSON: the rules, an array of `{ signal, condition, threshold, hysteresis }`.
    .addColumn('rules', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addColumn('version', 'integer', (column) => column.notNull())
    .execute();
}
