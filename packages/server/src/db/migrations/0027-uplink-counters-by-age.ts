import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Forward only: the counters that tell a resent uplink (`uplink_counters`) are found by age as well as by device, so
 * that forgetting those past the duplicate window (every minute, `commissioning-timeouts.ts`) reads only them instead
 * of the whole table, which on SQLite blocked the server for as long as it read. Counters are written in time order,
 * so the new index grows at its end: one page per batch of uplinks.
 *
 * On SQLite the table also becomes one B-tree, ordered by its key (`without rowid`): each uplink's counter was written
 * twice, to the table in the order of arrival and to its key's index by device, the second write among the costliest
 * of an ingest batch.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    await sql`create table uplink_counters_by_key (
      device_key integer not null references devices (key) on delete cascade,
      counter bigint not null,
      received_at bigint not null,
      digest bigint,
      primary key (device_key, counter)) without rowid`.execute(db);
    await sql`insert into uplink_counters_by_key (device_key, counter, received_at, digest)
      select device_key, counter, received_at, digest from uplink_counters`.execute(db);
    await sql`drop table uplink_counters`.execute(db);
    await sql`alter table uplink_counters_by_key rename to uplink_counters`.execute(db);
  }
  await db.schema.createIndex('uplink_counters_received_at').on('uplink_counters').column('received_at').execute();
}
