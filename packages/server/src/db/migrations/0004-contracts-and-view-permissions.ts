import type { Kysely } from 'kysely';

/**
 * Forward only: per-role view permissions of a business (JSON of `ViewPermissions`, null: all inherited), and
 * contracts, as far as plans need them. A node's plan is the `features` (JSON of `PlanFeatures`) of
 * the contract on the nearest ancestor-or-self that has one (SPEC 9). The contracts issue adds the other fields.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('businesses').addColumn('view_permissions', 'text').execute();
  await db.schema
    .createTable('contracts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('business_id', 'text', (column) => column.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('features', 'text', (column) => column.notNull().defaultTo('{}'))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('contracts_business').on('contracts').column('business_id').execute();
}
