import type { Kysely } from 'kysely';

/**
 * Forward only: a notification the platform writes keeps what it says as a message code with parameters (`code`,
 * `params` as JSON), worded in the reader's language when read or pushed; `title` and `body` stay for the free text
 * provider staff send and for notifications stored before. `source` names what caused it (an alarm condition's edge,
 * say), so that the same cause notifies each user once however many actions reach them; `pushed_at` marks the ones
 * web push went out for, so a second action reaching the same user does not push it again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('code', 'text').execute();
  await db.schema.alterTable('notifications').addColumn('params', 'text').execute();
  await db.schema.alterTable('notifications').addColumn('source', 'text').execute();
  await db.schema.alterTable('notifications').addColumn('pushed_at', 'bigint').execute();
  // Rows without a source (free text, older rows) are never equal under a unique index: null differs from null.
  await db.schema
    .createIndex('notifications_user_source')
    .on('notifications')
    .columns(['user_id', 'source'])
    .unique()
    .execute();
}
