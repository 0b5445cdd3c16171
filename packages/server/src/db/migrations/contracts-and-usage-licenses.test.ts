import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseAfter } from '../../testing/migration-fixture.js';
import { databaseKinds } from '../../testing/test-database.js';

describe.each(databaseKinds())('migration 0037 (contracts and usage licenses) on %s', (kind) => {
  it('keeps existing contracts bought and reaching every level, and turns typed license ids into licenses', async () => {
    const before = await databaseAfter(kind, '0019-readings-by-device-and-date');
    const { raw, devices, addDevice } = before;
    await before.migrateTo('0036-places-and-journeys');
    const business = (await sql<{ id: string }>`select id from business_nodes`.execute(raw)).rows[0]?.id;
    await sql`insert into contracts (id, business_id, name, features, created_at)
      values ('c1', ${business}, 'Old', '{"poiSupport":true}', 1000)`.execute(raw);
    const third = await addDevice();
    await sql`update devices set usage_license_id = 'UL-7' where id in (${devices[0]}, ${third})`.execute(raw);

    await before.migrateTo('0037-contracts-and-usage-licenses');

    const contract = (
      await sql<Record<string, unknown>>`select type, purchased_at, inheritable_levels, state, version
        from contracts`.execute(raw)
    ).rows[0];
    expect({ ...contract, purchased_at: Number(contract?.purchased_at) }).toEqual({
      type: 'LOC',
      purchased_at: 1000,
      inheritable_levels: null,
      state: 'purchase',
      version: 1,
    });
    const licenses = await sql<{ id: string; license_id: string; business_id: string; ends_at: unknown }>`
      select id, license_id, business_id, ends_at from usage_licenses`.execute(raw);
    expect(licenses.rows).toEqual([
      { id: expect.any(String), license_id: 'UL-7', business_id: business, ends_at: null },
    ]);
    const named = await sql<{ id: string; usage_license_id: string | null }>`
      select id, usage_license_id from devices order by id`.execute(raw);
    const byDevice = Object.fromEntries(named.rows.map((row) => [row.id, row.usage_license_id]));
    expect(byDevice[devices[0]]).toBe(licenses.rows[0]?.id);
    expect(byDevice[third]).toBe(licenses.rows[0]?.id);
    expect(byDevice[devices[1]]).toBeNull();
  });
});
