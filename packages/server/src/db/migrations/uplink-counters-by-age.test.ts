import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseAfter } from '../../testing/migration-fixture.js';
import { databaseKinds } from '../../testing/test-database.js';

describe.each(databaseKinds())('migration 0027 (uplink counters by age) on %s', (kind) => {
  it('keeps every counter, unique per device, and forgets old ones by their age without reading the others', async () => {
    const before = await databaseAfter(kind, '0019-readings-by-device-and-date');
    const { raw } = before;
    await before.migrateTo('0026-tree-changes');
    const keys = await sql<{ key: number | string }>`select key from devices order by key`.execute(raw);
    const [first, second] = keys.rows.map((row) => Number(row.key));
    for (const [device, counter, receivedAt, digest] of [
      [first, 1, 10, 5],
      [first, 2, 20, null],
      [second, 1, 30, 6],
    ] as const) {
      await sql`insert into uplink_counters (device_key, counter, received_at, digest)
        values (${device}, ${counter}, ${receivedAt}, ${digest})`.execute(raw);
    }

    await before.migrateTo('0027-uplink-counters-by-age');

    const counters = await sql<{ device_key: number | string; counter: number | string; digest: number | null }>`
      select device_key, counter, received_at, digest from uplink_counters order by received_at`.execute(raw);
    expect(
      counters.rows.map((row) => Object.values(row).map((value) => (value === null ? null : Number(value)))),
    ).toEqual([
      [first, 1, 10, 5],
      [first, 2, 20, null],
      [second, 1, 30, 6],
    ]);
    await expect(
      sql`insert into uplink_counters (device_key, counter, received_at) values (${first}, 1, 40)`.execute(raw),
    ).rejects.toThrow();
    const plan =
      kind === 'sqlite'
        ? (
            await sql<{
              detail: string;
            }>`explain query plan delete from uplink_counters where received_at < 25`.execute(raw)
          ).rows.map((row) => row.detail)
        : (
            await sql<{ indexdef: string }>`select indexdef from pg_indexes
              where indexname = 'uplink_counters_received_at'`.execute(raw)
          ).rows.map((row) => row.indexdef);
    expect(plan.join(' ')).toContain('uplink_counters_received_at');
    if (kind === 'sqlite') {
      const table = await sql<{ sql: string }>`select sql from sqlite_master where name = 'uplink_counters'`.execute(
        raw,
      );
      expect(table.rows[0]?.sql).toMatch(/without rowid/i);
      // Counters still go with their device.
      await sql`delete from devices where key = ${first}`.execute(raw);
      const left = await sql<{ counter: number | string }>`select counter from uplink_counters`.execute(raw);
      expect(left.rows.map((row) => Number(row.counter))).toEqual([1]);
    }
  });
});
