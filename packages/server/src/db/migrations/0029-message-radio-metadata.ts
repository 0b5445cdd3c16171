import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Forward only: what the network told of each received message (RSSI and SNR of the best receiver, how many gateways
 * or base stations heard it, the LoRa data rate) and whether The Things Stack simulated it (1; null for a message of
 * the device). Nullable columns of the messages table, so that they are written by the same batched insert as the
 * message itself; messages stored before have none. Nullable columns without a default: neither database rewrites the
 * table to add them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const real = db.getExecutor().adapter instanceof PostgresAdapter ? sql`double precision` : sql`real`;
  await sql`alter table received_messages add column rssi ${real}`.execute(db);
  await sql`alter table received_messages add column snr ${real}`.execute(db);
  await sql`alter table received_messages add column receivers integer`.execute(db);
  await sql`alter table received_messages add column data_rate text`.execute(db);
  await sql`alter table received_messages add column simulated integer`.execute(db);
}
