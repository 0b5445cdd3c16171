import type { Kysely } from 'kysely';

/** Forward only: notifications with their delivery attempts, push and topic subscriptions, Sigfox token records. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('body', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('topic', 'text')
    .addColumn('read_at', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  // The list, newest first (SPEC 9), and the unread count polled every minute.
  await db.schema
    .createIndex('notifications_user_created')
    .on('notifications')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .execute();
  await db.schema.createIndex('notifications_user_read').on('notifications').columns(['user_id', 'read_at']).execute();

  await db.schema
    .createTable('notification_deliveries')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('notification_id', 'text', (column) =>
      column.notNull().references('notifications.id').onDelete('cascade'),
    )
    .addColumn('channel', 'text', (column) => column.notNull())
    .addColumn('endpoint_host', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('attempted_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('notification_deliveries_notification')
    .on('notification_deliveries')
    .columns(['notification_id', 'attempted_at'])
    .execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token', 'text', (column) => column.notNull())
    .addColumn('endpoint', 'text', (column) => column.notNull().unique())
    .addColumn('p256dh', 'text', (column) => column.notNull())
    .addColumn('auth', 'text', (column) => column.notNull())
    .addColumn('expiration_time', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('push_subscriptions_user_token')
    .on('push_subscriptions')
    .columns(['user_id', 'token'])
    .unique()
    .execute();

  await db.schema
    .createTable('topic_subscriptions')
    .addColumn('topic', 'text', (column) => column.notNull())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('topic_subscriptions_pk', ['topic', 'user_id'])
    .execute();
  await db.schema.createIndex('topic_subscriptions_user').on('topic_subscriptions').column('user_id').execute();

  await db.schema
    .createTable('sigfox_token_records')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('type', 'text', (column) => column.notNull().unique())
    .addColumn('max_tokens', 'integer', (column) => column.notNull())
    .addColumn('tokens_in_use', 'integer', (column) => column.notNull())
    .addColumn('tokens_used', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();
}
