import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/database.js';
import { eventually } from '../../testing/eventually.js';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

const URL = '/api/customer-business';

describe.each(databaseKinds())("callers' entries kept in memory on %s", (kind) => {
  let t: TestApp;
  let staff: string;
  let nodes: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.createUser('staff@example.com', 'staff password', { role: 'product' });
    staff = await t.signIn('staff@example.com', 'staff password');
    nodes = await t.createTree(staff, [['Tenant'], ['North', 'Tenant'], ['South', 'Tenant'], ['Site', 'North']]);
    for (const [place, sigfoxID] of [
      ['North', 'EA0001'],
      ['Site', 'EA0002'],
    ] as const) {
      const created = await t.request({
        method: 'POST',
        url: '/api/devices',
        token: staff,
        payload: { businessId: nodes[place], deviceType: 'th-sensor-sigfox', sigfoxID, description: `In ${place}` },
      });
      expect(created.statusCode).toBe(201);
    }
  });
  afterAll(async () => t?.close());

  // The device list reads the caller's entries (kept), where a node's own GET asks the database for the role there.
  const listed = (token: string) => async () =>
    (
      (await t.request({ method: 'POST', url: '/api/devices/filter', token, payload: { limit: 50 } })).json().items as {
        description: string;
      }[]
    )
      .map((device) => device.description)
      .join();
  const versionOf = async (id: string) =>
    (await t.request({ method: 'GET', url: `${URL}/${id}`, token: staff })).json().version as number;

  it('are forgotten as soon as the server takes a user off a node, and follow a move at once', async () => {
    const token = await t.userWith('ana', 'ana password', nodes.Site as string, 'user');
    const devices = listed(token);
    expect(await devices()).toBe('In Site');
    // The node of her entry moves: the entry's place changes with it, and she still reaches it the next moment.
    const moved = await t.request({
      method: 'PUT',
      url: `${URL}/${nodes.Site}`,
      token: staff,
      payload: { parent: nodes.South, version: await versionOf(nodes.Site as string) },
    });
    expect(moved.statusCode).toBe(200);
    expect(await devices()).toBe('In Site');
    const removed = await t.request({
      method: 'DELETE',
      url: `${URL}/${nodes.Site}/users/ana@example.com`,
      token: staff,
    });
    expect(removed.statusCode).toBe(204);
    expect(await devices()).toBe('');
  });

  it('follow entries written straight in the database', async () => {
    const token = await t.userWith('bruno', 'bruno password', nodes.North as string, 'viewer');
    const devices = listed(token);
    expect(await devices()).toBe('In North');
    await t.db
      .deleteFrom('businessUsers')
      .where('businessId', '=', nodes.North as string)
      .execute();
    expect(await eventually(devices, '')).toBe('');
  });
});

describe.runIf(databaseKinds().includes('postgres'))("callers' entries kept by two server processes", () => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    t = await startTestApp('postgres');
    other = await buildApp({ config: t.config, database: openDatabase(t.config) });
  });
  afterAll(async () => {
    await other?.app.close();
    await t?.close();
  });

  it('are forgotten on one process when a user is taken off a node on the other', async () => {
    await t.createUser('staff@example.com', 'staff password', { role: 'product' });
    const staff = await t.signIn('staff@example.com', 'staff password');
    const nodes = await t.createTree(staff, [['Tenant'], ['Site', 'Tenant']]);
    const token = await t.userWith('carla', 'carla password', nodes.Site as string, 'user');
    const created = await t.request({
      method: 'POST',
      url: '/api/devices',
      token: staff,
      payload: { businessId: nodes.Site, deviceType: 'th-sensor-sigfox', sigfoxID: 'EB0001' },
    });
    expect(created.statusCode).toBe(201);
    const countOnOther = async () =>
      (
        await other.app.inject({
          method: 'POST',
          url: '/api/devices/filter-count',
          headers: { authorization: `Bearer ${token}` },
          payload: {},
        })
      ).json().count as number;
    expect(await countOnOther()).toBe(1);
    const removed = await t.request({
      method: 'DELETE',
      url: `${URL}/${nodes.Site}/users/carla@example.com`,
      token: staff,
    });
    expect(removed.statusCode).toBe(204);
    expect(await eventually(countOnOther, 0)).toBe(0);
  });
});
