import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Forward only: the messages kept as they arrived (`received_messages`) and the counters that tell a resent uplink
 * (`uplink_counters`) name their device by its `key`, as readings do since 0016. Each uplink inserts a row into
 * both, into an index led by the device: with the 36-character uuid there, storing a batch wrote far more index pages
 * (measured on SQLite with 1,000 devices, counters + message + 3 readings per uplink: 19,200-19,600 uplinks a second
 * keyed by uuid, 25,100-25,200 by number). Both still go with their device (the foreign key now on the number).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of ['received_messages', 'uplink_counters']) {
      await sql`alter table ${sql.table(table)} add column device_key bigint`.execute(db);
      await sql`update ${sql.table(table)} set device_key = devices.key from devices
        where devices.id = ${sql.table(table)}.device_id`.execute(db);
      await sql`alter table ${sql.table(table)} alter column device_key set not null`.execute(db);
      await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_device_key_fk`)}
        foreign key (device_key) references devices (key) on delete cascade`.execute(db);
      // Dropping the column drops its index, its foreign key and the counters' primary key.
      await sql`alter table ${sql.table(table)} drop column device_id`.execute(db);
    }
    await sql`alter table uplink_counters add constraint uplink_counters_pk primary key (device_key, counter)`.execute(
      db,
    );
  } else {
    // A column's foreign key cannot change in place in SQLite: the tables are made anew.
    await sql`create table received_messages_by_key (
      device_key integer not null references devices (key) on delete cascade,
      date bigint not null,
      kind text not null,
      data text not null,
      port integer)`.execute(db);
    await sql`insert into received_messages_by_key (device_key, date, kind, data, port)
      select devices.key, received_messages.date, received_messages.kind, received_messages.data, received_messages.port
      from received_messages inner join devices on devices.id = received_messages.device_id`.execute(db);
    await sql`drop table received_messages`.execute(db);
    await sql`alter table received_messages_by_key rename to received_messages`.execute(db);
    await sql`create table uplink_counters_by_key (
      device_key integer not null references devices (key) on delete cascade,
      counter bigint not null,
      received_at bigint not null,
      primary key (device_key, counter))`.execute(db);
    await sql`insert into uplink_counters_by_key (device_key, counter, received_at)
      select devices.key, uplink_counters.counter, uplink_counters.received_at
      from uplink_counters inner join devices on devices.id = uplink_counters.device_id`.execute(db);
    await sql`drop table uplink_counters`.execute(db);
    await sql`alter table uplink_counters_by_key rename to uplink_counters`.execute(db);
  }
  await db.schema
    .createIndex('received_messages_device_date')
    .on('received_messages')
    .columns(['device_key', 'date'])
    .execute();
}
