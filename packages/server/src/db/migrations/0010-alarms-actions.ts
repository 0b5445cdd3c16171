import { type Kysely, sql } from 'kysely';

/**
 * Forward only: alarms and the actions that follow them.
 *
 * The ingest pipeline only records each edge of an alarm condition (`condition_events`, an outbox) and which
 * conditions of a device are up now (`devices.alarm_conditions`). A dispatcher turns undispatched edges into jobs for
 * the actions of the device's business (`action_jobs`, a durable queue run with retries); raising the alarm itself is
 * one of those actions, so nothing but the edge is written while readings are stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // JSON: the condition keys of this device that are up now, `{ "<key>": true }`.
  await db.schema
    .alterTable('devices')
    .addColumn('alarm_conditions', 'text', (column) => column.notNull().defaultTo('{}'))
    .execute();

  await db.schema
    .createTable('condition_events')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('device_id', 'text', (column) => column.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('condition_key', 'text', (column) => column.notNull())
    .addColumn('signal', 'text', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('raised', 'integer', (column) => column.notNull())
    .addColumn('value', 'text', (column) => column.notNull())
    .addColumn('date', 'bigint', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('dispatched_at', 'bigint')
    .execute();
  // Only the few edges not yet dispatched are in this index, however many the table keeps.
  await db.schema
    .createIndex('condition_events_undispatched')
    .on('condition_events')
    .column('created_at')
    .where(sql.ref('dispatched_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('alarms')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('device_id', 'text', (column) => column.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('sequence_id', 'integer', (column) => column.notNull())
    .addColumn('condition_key', 'text', (column) => column.notNull())
    .addColumn('signal', 'text', (column) => column.notNull())
    .addColumn('source', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('condition_active', 'integer', (column) => column.notNull())
    .addColumn('snoozed_until', 'bigint')
    .addColumn('value', 'text', (column) => column.notNull())
    // The condition event last applied, so applying the same event again changes nothing.
    .addColumn('last_event_id', 'text', (column) => column.notNull())
    .addColumn('raised_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addColumn('version', 'integer', (column) => column.notNull())
    .addUniqueConstraint('alarms_device_sequence', ['device_id', 'sequence_id'])
    .execute();
  await db.schema.createIndex('alarms_device_condition').on('alarms').columns(['device_id', 'condition_key']).execute();
  await db.schema.createIndex('alarms_raised_at').on('alarms').column('raised_at').execute();
  await db.schema
    .createIndex('alarms_snoozed_until')
    .on('alarms')
    .column('snoozed_until')
    .where(sql.ref('snoozed_until'), 'is not', null)
    .execute();

  await db.schema
    .createTable('alarm_history')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('alarm_id', 'text', (column) => column.notNull().references('alarms.id').onDelete('cascade'))
    .addColumn('transition', 'text', (column) => column.notNull())
    .addColumn('user_id', 'text', (column) => column.references('users.id').onDelete('set null'))
    .addColumn('comment', 'text')
    .addColumn('date', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('alarm_history_alarm_date').on('alarm_history').columns(['alarm_id', 'date']).execute();

  // A business's own action list (JSON array of ActionConfig with ids); absent: its parent's applies.
  await db.schema
    .createTable('business_actions')
    .addColumn('business_id', 'text', (column) => column.primaryKey().references('businesses.id').onDelete('cascade'))
    .addColumn('actions', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addColumn('version', 'integer', (column) => column.notNull())
    .execute();

  // How each action's last execution went: the action's error flag.
  await db.schema
    .createTable('action_status')
    .addColumn('action_id', 'text', (column) => column.primaryKey())
    .addColumn('last_run_at', 'bigint', (column) => column.notNull())
    .addColumn('last_error', 'text')
    .addColumn('last_notice', 'text')
    .execute();

  await db.schema
    .createTable('action_jobs')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('business_id', 'text', (column) => column.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('action_id', 'text', (column) => column.notNull())
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('event', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull())
    .addColumn('run_at', 'bigint', (column) => column.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('action_jobs_due').on('action_jobs').columns(['status', 'run_at']).execute();
}
