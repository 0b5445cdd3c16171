import type { Kysely } from 'kysely';

/**
 * Forward only: alarms by status and raise time, for the overview's open alarms. Acknowledged alarms pile up for ever
 * while the open ones stay few; without this index, counting the open ones read every alarm ever raised.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('alarms_status_raised_at').on('alarms').columns(['status', 'raised_at']).execute();
}
