import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('email', 'text', (column) => column.notNull().unique())
    .addColumn('username', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('password_hash', 'text')
    .addColumn('role', 'text', (column) => column.notNull().defaultTo('user'))
    .addColumn('first_name', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('language', 'text', (column) => column.notNull().defaultTo('en'))
    .addColumn('timezone', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('phone', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('off_work_from', 'text')
    .addColumn('off_work_to', 'text')
    .addColumn('call_reception', 'text', (column) => column.notNull())
    .addColumn('email_confirmed_at', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('last_used_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('one_time_tokens')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('one_time_tokens_user_purpose')
    .on('one_time_tokens')
    .columns(['user_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('sign_in_failures')
    .addColumn('throttle_key', 'text', (column) => column.notNull())
    .addColumn('failed_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('sign_in_failures_key_time')
    .on('sign_in_failures')
    .columns(['throttle_key', 'failed_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sign_in_failures', 'one_time_tokens', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
