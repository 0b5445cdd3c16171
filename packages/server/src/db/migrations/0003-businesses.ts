import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Forward only: the business tree, who holds which role where, and the activity log of every node.
 * `path` is the ids from the root down to the node itself, `/rootId/childId/`, so a subtree is one indexed prefix
 * query (`path LIKE '/rootId/childId/%'`) and a move rewrites the moved subtree's paths in one statement; `depth` is
 * the number of ids in `path` (a top-level business has depth 1). `path` compares in binary order on both databases
 * (SQLite's default; `collate "C"` on PostgreSQL whatever the database's collation), so a subtree is a plain index
 * range.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? sql`collate "C"` : sql``;
  await db.schema
    .createTable('businesses')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('slug', 'text', (column) => column.notNull().unique())
    .addColumn('description', 'text', (column) => column.notNull())
    .addColumn('parent_id', 'text', (column) => column.references('businesses.id'))
    .addColumn('path', 'text', (column) => column.notNull().modifyEnd(binary))
    .addColumn('depth', 'integer', (column) => column.notNull())
    .addColumn('status', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('logo', 'text')
    .addColumn('theme', 'text')
    .addColumn('cfg_locked', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('merged_locked', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('businesses_path').on('businesses').column('path').execute();
  await db.schema.createIndex('businesses_parent').on('businesses').column('parent_id').execute();

  await db.schema
    .createTable('business_users')
    .addColumn('business_id', 'text', (column) => column.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('business_users_pk', ['business_id', 'user_id'])
    .execute();
  await db.schema.createIndex('business_users_user').on('business_users').column('user_id').execute();

  await db.schema
    .createTable('business_logs')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('business_id', 'text', (column) => column.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (column) => column.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('details', 'text', (column) => column.notNull().defaultTo('{}'))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('business_logs_business_created')
    .on('business_logs')
    .columns(['business_id', 'created_at'])
    .execute();
}
