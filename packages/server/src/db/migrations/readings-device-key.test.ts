import { randomUUID } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../testing/test-database.js';
import { migrateToLatest } from '../database.js';
import { migrations } from './index.js';

describe.each(databaseKinds())('migration 0016 (readings by device key) on %s', (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
  });

  it('keeps every reading with its device, numbers new devices, and takes readings away with their device', async () => {
    // A database as the release before left it: migrated up to 0015, with readings of two devices.
    database = await createTestDatabase(kind, { migrate: false });
    const raw = database.handle.db.withoutPlugins();
    const migrator = new Migrator({ db: raw, provider: { getMigrations: async () => migrations } });
    const upTo = await migrator.migrateTo('0015-tree-revision-on-moves');
    expect(upTo.error).toBeUndefined();
    const business = randomUUID();
    await sql`insert into businesses (id, parent_id, path, depth, slug, description, status, created_at, version)
      values (${business}, null, ${`/${business}/`}, 1, 'b', 'B', 0, 0, 1)`.execute(raw);
    const [first, second] = [randomUUID(), randomUUID()];
    for (const id of [first, second])
      await sql`insert into devices (id, business_id, business_path, description, device_type, communication,
        created_at, version) values (${id}, ${business}, ${`/${business}/`}, 'D', 'gps-tracker', 'wifi', 0, 1)`.execute(
        raw,
      );
    for (const [device, value] of [
      [first, '1'],
      [first, '2'],
      [second, '3'],
    ] as const)
      await sql`insert into readings (device_id, signal, date, value) values (${device}, 'speed', ${Number(value)}, ${value})`.execute(
        raw,
      );

    await migrateToLatest(database.handle.db);

    const rows = await sql<{ id: string; value: string }>`select devices.id, readings.value from readings
      inner join devices on devices.key = readings.device_key order by readings.value`.execute(raw);
    expect(rows.rows).toEqual([
      { id: first, value: '1' },
      { id: first, value: '2' },
      { id: second, value: '3' },
    ]);
    const third = randomUUID();
    await sql`insert into devices (id, business_id, business_path, description, device_type, communication,
      created_at, version) values (${third}, ${business}, ${`/${business}/`}, 'D', 'gps-tracker', 'wifi', 0, 1)`.execute(
      raw,
    );
    const keys = await sql<{ key: number | string }>`select key from devices order by key`.execute(raw);
    expect(new Set(keys.rows.map((row) => Number(row.key))).size).toBe(3);
    await sql`delete from devices where id = ${first}`.execute(raw);
    const left = await sql<{ value: string }>`select value from readings`.execute(raw);
    expect(left.rows).toEqual([{ value: '3' }]);
  });
});
