import { type Kysely, sql } from 'kysely';

/**
 * Forward only: each counter claimed keeps a digest of its message's content, so that a counter seen again within
 * the duplicate window with other content is taken as a new message (a device that restarted its count) rather than
 * dropped as a resend. Counters claimed before have none and are judged by the counter alone, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table uplink_counters add column digest bigint`.execute(db);
}
