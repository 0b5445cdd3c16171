import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseAfter } from '../../testing/migration-fixture.js';
import { databaseKinds } from '../../testing/test-database.js';

describe.each(databaseKinds())('migration 0019 (readings by device and date) on %s', (kind) => {
  it('keeps every reading and indexes them by device, date and signal', async () => {
    const before = await databaseAfter(kind, '0018-telemetry-without-foreign-keys');
    const { raw } = before;
    const keys = await sql<{ key: number | string }>`select key from devices order by key`.execute(raw);
    const [first, second] = keys.rows.map((row) => Number(row.key));
    for (const [device, signal, date] of [
      [first, 'speed', 2],
      [first, 'battery', 2],
      [first, 'speed', 1],
      [second, 'speed', 3],
    ] as const)
      await sql`insert into readings (device_key, signal, date, value) values (${device}, ${signal}, ${date}, '1')`.execute(
        raw,
      );

    await before.migrateTo('0019-readings-by-device-and-date');

    const columns =
      kind === 'sqlite'
        ? (await sql<{ name: string }>`select name from pragma_index_info('readings_device_date_signal')`.execute(raw))
            .rows
        : (
            await sql<{ name: string }>`select attribute.attname as name
              from pg_index index_row
              inner join pg_class index_class on index_class.oid = index_row.indexrelid
              cross join lateral unnest(index_row.indkey) with ordinality as listed(attnum, position)
              inner join pg_attribute attribute on attribute.attrelid = index_row.indrelid
                and attribute.attnum = listed.attnum
              where index_class.relname = 'readings_device_date_signal' order by listed.position`.execute(raw)
          ).rows;
    expect(columns.map((column) => column.name)).toEqual(['device_key', 'date', 'signal']);
    const dropped = await sql<{ name: string }>`select ${sql.raw(
      kind === 'sqlite' ? `name from sqlite_master where type = 'index'` : 'indexname as name from pg_indexes',
    )}`.execute(raw);
    expect(dropped.rows.map((row) => row.name)).not.toContain('readings_device_signal_date');
    const rows = await sql<{ device_key: number | string; signal: string; date: number | string }>`
      select device_key, signal, date from readings order by device_key, date, signal`.execute(raw);
    expect(rows.rows.map((row) => [Number(row.device_key), row.signal, Number(row.date)])).toEqual([
      [first, 'speed', 1],
      [first, 'battery', 2],
      [first, 'speed', 2],
      [second, 'speed', 3],
    ]);
  });
});
