import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseAfter } from '../../testing/migration-fixture.js';
import { databaseKinds } from '../../testing/test-database.js';

describe.each(databaseKinds())('migration 0016 (readings by device key) on %s', (kind) => {
  it('keeps every reading with its device, numbers new devices, and takes readings away with their device', async () => {
    // A database as the release before left it: migrated up to 0015, with readings of two devices.
    const before = await databaseAfter(kind, '0015-tree-revision-on-moves');
    const { raw } = before;
    const [first, second] = before.devices;
    for (const [device, value] of [
      [first, '1'],
      [first, '2'],
      [second, '3'],
    ] as const)
      await sql`insert into readings (device_id, signal, date, value) values (${device}, 'speed', ${Number(value)}, ${value})`.execute(
        raw,
      );

    // Up to this migration: from 0018 on, PostgreSQL leaves deleting the telemetry of a device to the code.
    await before.migrateTo('0016-readings-device-key');

    const rows = await sql<{ id: string; value: string }>`select devices.id, readings.value from readings
      inner join devices on devices.key = readings.device_key order by readings.value`.execute(raw);
    expect(rows.rows).toEqual([
      { id: first, value: '1' },
      { id: first, value: '2' },
      { id: second, value: '3' },
    ]);
    await before.addDevice();
    const keys = await sql<{ key: number | string }>`select key from devices order by key`.execute(raw);
    expect(new Set(keys.rows.map((row) => Number(row.key))).size).toBe(3);
    await sql`delete from devices where id = ${first}`.execute(raw);
    const left = await sql<{ value: string }>`select value from readings`.execute(raw);
    expect(left.rows).toEqual([{ value: '3' }]);
  });
});
