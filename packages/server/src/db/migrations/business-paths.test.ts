import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseAfter } from '../../testing/migration-fixture.js';
import { databaseKinds } from '../../testing/test-database.js';

describe.each(databaseKinds())('migration 0020 (business paths) on %s', (kind) => {
  it('keeps every node and its place, reads them joined, and moves the revision on node changes only', async () => {
    const before = await databaseAfter(kind, '0019-readings-by-device-and-date');
    const { raw } = before;
    const [top] = (await sql<{ id: string }>`select id from businesses`.execute(raw)).rows;
    if (!top) throw new Error('the fixture has a business');
    const child = randomUUID();
    await sql`insert into businesses (id, parent_id, path, depth, slug, description, status, created_at, version)
      values (${child}, ${top.id}, ${`/${top.id}/${child}/`}, 2, 'c', 'C', 0, 0, 3)`.execute(raw);

    await before.migrateTo('0020-business-paths');

    const nodes = await sql<{ id: string; parent_id: string | null; path: string; depth: number; version: number }>`
      select id, parent_id, path, depth, version from businesses order by depth`.execute(raw);
    expect(nodes.rows).toEqual([
      { id: top.id, parent_id: null, path: `/${top.id}/`, depth: 1, version: 1 },
      { id: child, parent_id: top.id, path: `/${top.id}/${child}/`, depth: 2, version: 3 },
    ]);
    const nodeColumns =
      kind === 'sqlite'
        ? (await sql<{ name: string }>`select name from pragma_table_info('business_nodes')`.execute(raw)).rows
        : (
            await sql<{ name: string }>`select column_name as name from information_schema.columns
              where table_name = 'business_nodes'`.execute(raw)
          ).rows;
    expect(nodeColumns.map((column) => column.name)).not.toContain('path');

    // Devices still name their business in the renamed table.
    await expect(
      sql`insert into devices (id, business_id, business_path, description, device_type, communication, created_at,
        version) values (${randomUUID()}, ${randomUUID()}, '/x/', 'D', 'gps-tracker', 'wifi', 0, 1)`.execute(raw),
    ).rejects.toThrow();

    const revision = async () =>
      Number((await sql<{ revision: number }>`select revision from tree_revision`.execute(raw)).rows[0]?.revision);
    const start = await revision();
    await sql`update business_paths set path = path where id = ${child}`.execute(raw);
    expect(await revision()).toBe(start);
    await sql`update business_nodes set description = 'C2' where id = ${child}`.execute(raw);
    expect(await revision()).toBe(start + 1);

    await sql`delete from business_nodes where id = ${child}`.execute(raw);
    const places = await sql<{ id: string }>`select id from business_paths`.execute(raw);
    expect(places.rows).toEqual([{ id: top.id }]);
  });
});
