import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseAfter } from '../../testing/migration-fixture.js';
import { databaseKinds } from '../../testing/test-database.js';

describe.each(databaseKinds())('migration 0032 (alarm numbers) on %s', (kind) => {
  it("numbers a tenant's existing alarms across its devices in the order they were raised", async () => {
    const before = await databaseAfter(kind, '0019-readings-by-device-and-date');
    const { raw, devices } = before;
    await before.migrateTo('0030-auth-attempts');
    // Each device's first alarm had sequence 1: the lists showed "#1" on every row.
    for (const [id, device, sequence, raisedAt] of [
      ['c', devices[0], 1, 30],
      ['a', devices[1], 1, 10],
      ['b', devices[0], 2, 20],
    ] as const) {
      await sql`insert into alarms (id, device_id, sequence_id, condition_key, signal, source, status,
        condition_active, value, last_event_id, raised_at, updated_at, version)
        values (${id}, ${device}, ${sequence}, 'sos', 'sos', 'signal', 'active', 1, 'true', ${id}, ${raisedAt},
        ${raisedAt}, 1)`.execute(raw);
    }

    await before.migrateTo('0032-alarm-numbers');

    const alarms = await sql<{
      id: string;
      number: number | string;
    }>`select id, number from alarms order by id`.execute(raw);
    expect(alarms.rows.map((row) => [row.id, Number(row.number)])).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    const last = await sql<{ last: number | string }>`select last from alarm_numbers`.execute(raw);
    expect(last.rows.map((row) => Number(row.last))).toEqual([3]);
  });
});
