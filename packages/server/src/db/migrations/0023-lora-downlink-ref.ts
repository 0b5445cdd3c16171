import { type Kysely, sql } from 'kysely';

/**
 * Forward only: the network server's reference of the LoRa downlink last queued for a device's parameters (ChirpStack's
 * queue item id, or the correlation id given to The Things Stack), so that a word on an older downlink is not taken
 * for one on the parameters now sent. Devices queued before have none and take any word, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table devices add column downlink_ref text`.execute(db);
}
