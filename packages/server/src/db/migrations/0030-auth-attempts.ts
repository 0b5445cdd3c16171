import type { Kysely } from 'kysely';

/**
 * Forward only: throttled auth actions (password checks, password reset mails) are recorded per attempt with both
 * the account and the client address, so that limits can be counted per (account, address) pair, per account and per
 * address, and an attempt is recorded before its password is checked. Replaces `sign_in_failures`, which held one
 * row per key and failure, recorded only after the check; its rows expire within 15 minutes, so none are carried over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auth_attempts')
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('account', 'text', (column) => column.notNull())
    .addColumn('address', 'text', (column) => column.notNull())
    .addColumn('attempted_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('auth_attempts_account')
    .on('auth_attempts')
    .columns(['kind', 'account', 'address', 'attempted_at'])
    .execute();
  await db.schema
    .createIndex('auth_attempts_address')
    .on('auth_attempts')
    .columns(['kind', 'address', 'attempted_at'])
    .execute();
  await db.schema.createIndex('auth_attempts_attempted_at').on('auth_attempts').column('attempted_at').execute();
  await db.schema.dropTable('sign_in_failures').execute();
}
