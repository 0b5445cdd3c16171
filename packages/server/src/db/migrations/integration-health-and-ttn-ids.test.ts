import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseAfter } from '../../testing/migration-fixture.js';
import { databaseKinds } from '../../testing/test-database.js';

describe.each(databaseKinds())('migration 0028 (integration health, TTN ids) on %s', (kind) => {
  it('splits the "app/webhook" kept for The Things Stack into its two ids; a text without a slash stays the webhook id', async () => {
    const before = await databaseAfter(kind, '0019-readings-by-device-and-date');
    const { raw } = before;
    await before.migrateTo('0027-uplink-counters-by-age');
    const business = (await sql<{ id: string }>`select id from businesses`.execute(raw)).rows[0]?.id;
    for (const [id, network, application] of [
      ['split', 'ttn', 'my-app/my-webhook'],
      ['webhook-only', 'ttn', 'platform'],
      ['none', 'ttn', null],
      ['chirpstack', 'chirpstack', null],
    ] as const) {
      await sql`insert into integrations (id, business_id, network, name, token_hash, token_hint, server_url,
        server_key, application, created_at, version)
        values (${id}, ${business}, ${network}, ${id}, ${`hash-${id}`}, 'itg_', null, null, ${application}, 0, 1)`.execute(
        raw,
      );
    }

    await before.migrateTo('0028-integration-health-and-ttn-ids');

    const rows = await sql<{ id: string; application: string | null; webhook_id: string | null }>`
      select id, application, webhook_id from integrations order by id`.execute(raw);
    expect(rows.rows).toEqual([
      { id: 'chirpstack', application: null, webhook_id: null },
      { id: 'none', application: null, webhook_id: null },
      { id: 'split', application: 'my-app', webhook_id: 'my-webhook' },
      { id: 'webhook-only', application: null, webhook_id: 'platform' },
    ]);
    // Counts go with their integration.
    await sql`insert into integration_counts (integration_id, hour, stored) values ('split', 0, 3)`.execute(raw);
    await sql`delete from integrations where id = 'split'`.execute(raw);
    expect((await sql`select * from integration_counts`.execute(raw)).rows).toEqual([]);
  });
});
