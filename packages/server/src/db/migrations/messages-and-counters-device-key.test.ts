import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseAfter } from '../../testing/migration-fixture.js';
import { databaseKinds } from '../../testing/test-database.js';

describe.each(databaseKinds())('migration 0017 (messages and counters by device key) on %s', (kind) => {
  it('keeps every message and counter with its device, keeps counters unique, and takes both away with their device', async () => {
    // A database as the release before left it: migrated up to 0016, with messages and counters of two devices.
    const before = await databaseAfter(kind, '0016-readings-device-key');
    const { raw } = before;
    const [first, second] = before.devices;
    for (const [device, date] of [
      [first, 1],
      [first, 2],
      [second, 3],
    ] as const) {
      await sql`insert into received_messages (device_id, date, kind, data, port)
        values (${device}, ${date}, 'frame', ${`0${date}`}, 1)`.execute(raw);
      await sql`insert into uplink_counters (device_id, counter, received_at) values (${device}, ${date}, ${date})`.execute(
        raw,
      );
    }

    // Up to this migration: from 0018 on, PostgreSQL leaves deleting the telemetry of a device to the code.
    await before.migrateTo('0017-messages-and-counters-device-key');

    const messages = await sql<{ id: string; data: string }>`select devices.id, received_messages.data
      from received_messages inner join devices on devices.key = received_messages.device_key order by data`.execute(
      raw,
    );
    expect(messages.rows).toEqual([
      { id: first, data: '01' },
      { id: first, data: '02' },
      { id: second, data: '03' },
    ]);
    const counters = await sql<{ id: string; counter: number | string }>`select devices.id, uplink_counters.counter
      from uplink_counters inner join devices on devices.key = uplink_counters.device_key order by counter`.execute(
      raw,
    );
    expect(counters.rows.map((row) => [row.id, Number(row.counter)])).toEqual([
      [first, 1],
      [first, 2],
      [second, 3],
    ]);
    const { key } = (await sql<{ key: number | string }>`select key from devices where id = ${first}`.execute(raw))
      .rows[0] ?? { key: 0 };
    await expect(
      sql`insert into uplink_counters (device_key, counter, received_at) values (${key}, 1, 9)`.execute(raw),
    ).rejects.toThrow();

    await sql`delete from devices where id = ${first}`.execute(raw);
    const left = await sql<{ data: string }>`select data from received_messages`.execute(raw);
    expect(left.rows).toEqual([{ data: '03' }]);
    const leftCounters = await sql<{ counter: number | string }>`select counter from uplink_counters`.execute(raw);
    expect(leftCounters.rows.map((row) => Number(row.counter))).toEqual([3]);
  });
});
