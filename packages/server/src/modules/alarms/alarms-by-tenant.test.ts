import type { Device } from '@iot/shared';
import { CompiledQuery, type RootOperationNode, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';
import { createAlarmsRepo } from './repo.js';

const PASSWORD = 'a good password';
/** Alarms per tenant: enough that the planners weigh the indexes as on a real table. */
const ALARMS = 400;

describe.each(databaseKinds())('alarms across tenants on %s (migration 0035)', (kind) => {
  let t: TestApp;
  let staff: string;
  const nodes: Record<string, string> = {};
  const devices: Record<string, Device> = {};
  let acmeAdmin: string;
  let bravoAdmin: string;

  const pathOf = async (id: string) =>
    (await t.db.selectFrom('businesses').select('path').where('id', '=', id).executeTakeFirstOrThrow()).path;
  const visible = async (token: string, query = '') => {
    const response = await t.request({ method: 'GET', url: `/api/alarms?pageSize=100${query}`, token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: { device: { uuid: string } }[]; hasNext: boolean; next: string | null };
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    staff = await t.signIn('staff@example.com', PASSWORD);
    Object.assign(nodes, await t.createTree(staff, [['Acme'], ['Plant', 'Acme'], ['Bravo']]));
    acmeAdmin = await t.userWith('acme-admin', PASSWORD, nodes.Acme ?? '', 'admin');
    bravoAdmin = await t.userWith('bravo-admin', PASSWORD, nodes.Bravo ?? '', 'admin');
    for (const [name, node, sigfoxID] of [
      ['plant', 'Plant', 'A1'],
      ['bravo', 'Bravo', 'B1'],
    ] as const) {
      const response = await t.request({
        method: 'POST',
        url: '/api/devices',
        token: staff,
        payload: { businessId: nodes[node], deviceType: 'th-sensor-sigfox', sigfoxID },
      });
      devices[name] = response.json();
    }
    const now = Date.now();
    const rows = ['plant', 'bravo'].flatMap((name) =>
      Array.from({ length: ALARMS }, (_, index) => ({
        id: `${name}-${String(index).padStart(5, '0')}`,
        deviceId: devices[name]?.uuid ?? '',
        sequenceId: index + 1,
        number: index + 1,
        conditionKey: `door-${index}`,
        signal: 'door',
        source: 'signal' as const,
        status: 'acknowledged' as const,
        conditionActive: 0,
        snoozedUntil: null,
        value: 'true',
        lastEventId: `edge-${name}-${index}`,
        // The tenants' alarms interleave in time, as they would on a shared platform.
        raisedAt: now - index * 60_000 - (name === 'bravo' ? 30_000 : 0),
        updatedAt: now,
        version: 1,
      })),
    );
    for (let start = 0; start < rows.length; start += 200)
      await t.db
        .insertInto('alarms')
        .values(rows.slice(start, start + 200))
        .execute();
    await sql`analyze`.execute(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("stores each alarm with its device's tenant, and follows the device to another tenant", async () => {
    const tenantOf = async (deviceId: string) =>
      t.db.selectFrom('alarms').select('tenantPath').distinct().where('deviceId', '=', deviceId).execute();
    const acme = await pathOf(nodes.Acme ?? '');
    const bravo = await pathOf(nodes.Bravo ?? '');
    expect(await tenantOf(devices.plant?.uuid ?? '')).toEqual([{ tenantPath: acme }]);
    expect(await tenantOf(devices.bravo?.uuid ?? '')).toEqual([{ tenantPath: bravo }]);

    const page = await visible(acmeAdmin);
    expect(page.data).toHaveLength(100);
    expect(new Set(page.data.map((entry) => entry.device.uuid))).toEqual(new Set([devices.plant?.uuid]));
    expect(page.hasNext).toBe(true);

    // A move of the device to Bravo: its alarms go with it, out of Acme's list.
    await t.db
      .updateTable('devices')
      .set({ businessId: nodes.Bravo ?? '', businessPath: bravo })
      .where('id', '=', devices.plant?.uuid ?? '')
      .execute();
    expect(await tenantOf(devices.plant?.uuid ?? '')).toEqual([{ tenantPath: bravo }]);
    expect((await visible(acmeAdmin)).data).toEqual([]);
    const moved = await visible(bravoAdmin, `&deviceUUID=${devices.plant?.uuid}`);
    expect(moved.data).toHaveLength(100);
    await t.db
      .updateTable('devices')
      .set({ businessId: nodes.Plant ?? '', businessPath: await pathOf(nodes.Plant ?? '') })
      .where('id', '=', devices.plant?.uuid ?? '')
      .execute();
    expect(await tenantOf(devices.plant?.uuid ?? '')).toEqual([{ tenantPath: acme }]);
  });

  it("reads a tenant user's alarms of every business by the tenant's index, never the other tenants' alarms", async () => {
    // The repo's own query, caught on its way to the database, is explained on the same database.
    const caught: RootOperationNode[] = [];
    const catching = t.db.withPlugin({
      transformQuery: ({ node }) => {
        caught.push(node);
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const admin = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'acme-admin@example.com')
      .executeTakeFirstOrThrow();
    const repo = createAlarmsRepo(catching);
    const first = await repo.keysetPage(admin, {}, undefined, 25);
    expect(first.rows).toHaveLength(25);
    const last = first.rows.at(-1);
    if (!last) throw new Error('no alarm on the first page');
    caught.length = 0;
    await repo.keysetPage(admin, {}, { raisedAt: last.raisedAt, id: last.id }, 25);
    const listing = caught.at(-1);
    if (!listing) throw new Error('no query caught');
    const compiled = t.db.getExecutor().compileQuery(listing, { queryId: 'explained' });
    const explain = kind === 'sqlite' ? 'explain query plan ' : 'explain ';
    const plan = await t.db.executeQuery<Record<string, string>>(
      CompiledQuery.raw(`${explain}${compiled.sql}`, [...compiled.parameters]),
    );
    const lines = plan.rows.map((row) => String(row.detail ?? row['QUERY PLAN']));
    const alarmsLine = lines.find((line) => /\balarms\b/.test(line) && !/devices/.test(line));
    expect(lines.join('\n')).toMatch(/alarms_tenant_raised/);
    expect(alarmsLine).toMatch(/alarms_tenant_raised/);
    // Sought to the cursor, not read from the newest alarm on.
    expect(lines.join('\n')).toMatch(
      /tenant_path=\? AND \(raised_at,id\)<|tenant_path = .* AND \(ROW\(raised_at, id\) </,
    );
    // Read in the index's order: no sort of every matching alarm before the page is cut.
    expect(lines.join('\n')).not.toMatch(/TEMP B-TREE FOR ORDER BY|Sort Key/);
  });
});
