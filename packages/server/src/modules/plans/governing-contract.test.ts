import { DEFAULT_PLAN, PlanResponse } from '@iot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

const PASSWORD = 'a good password';
const DAY_MS = 86_400_000;

/** `GET /contracts/pfs` answers the plan of the contract governing a level: reaching it, bought, not expired. */
describe.each(databaseKinds())('the governing contract of a plan on %s', (kind) => {
  let t: TestApp;
  let staff: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    staff = await t.signIn('staff@example.com', PASSWORD);
  });
  afterAll(async () => t?.close());

  async function tree(prefix: string) {
    const names = [`${prefix} top`, `${prefix} child`, `${prefix} grandchild`] as const;
    const ids = await t.createTree(staff, [[names[0]], [names[1], names[0]], [names[2], names[1]]]);
    return { top: ids[names[0]] ?? '', child: ids[names[1]] ?? '', grandchild: ids[names[2]] ?? '' };
  }

  async function contract(payload: object) {
    const created = await t.request({ method: 'POST', url: '/api/contracts', token: staff, payload });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as { contractId: string; version: number };
  }

  async function planOf(businessId: string, token = staff) {
    const answer = await t.request({ method: 'GET', url: `/api/contracts/pfs?businessId=${businessId}`, token });
    expect(answer.statusCode, answer.body).toBe(200);
    const { features, business } = PlanResponse.parse(answer.json());
    return { ...features, business };
  }

  it('reaches as many levels below its holder as its inheritable levels say', async () => {
    const levels = await tree('Reach');
    await contract({
      businessId: levels.top,
      name: 'One level down',
      inheritableLevels: 1,
      features: { maxDevices: 5 },
    });
    expect(await planOf(levels.top)).toMatchObject({ maxDevices: 5, business: { id: levels.top } });
    expect(await planOf(levels.child)).toMatchObject({ maxDevices: 5, business: { id: levels.top } });
    expect(await planOf(levels.grandchild)).toMatchObject({
      maxDevices: DEFAULT_PLAN.maxDevices,
      business: { id: levels.grandchild },
    });
    const ownOnly = await tree('Own');
    await contract({ businessId: ownOnly.top, name: 'Own level', inheritableLevels: 0, features: { maxDevices: 6 } });
    expect((await planOf(ownOnly.top)).maxDevices).toBe(6);
    expect((await planOf(ownOnly.child)).maxDevices).toBe(DEFAULT_PLAN.maxDevices);
  });

  it("grants nothing once expired: the parent's contract governs, else the default plan", async () => {
    const levels = await tree('Expiry');
    await contract({ businessId: levels.top, name: 'Top', features: { maxUsers: 9 } });
    const yesterday = new Date(Date.now() - DAY_MS).toISOString();
    await contract({ businessId: levels.child, name: 'Expired', expiresAt: yesterday, features: { maxUsers: 3 } });
    expect(await planOf(levels.child)).toMatchObject({ maxUsers: 9, business: { id: levels.top } });
    expect((await planOf(levels.grandchild)).maxUsers).toBe(9);
    const alone = await tree('Lapsed');
    await contract({ businessId: alone.top, name: 'Lapsed', expiresAt: yesterday, features: { maxUsers: 4 } });
    expect(await planOf(alone.child)).toMatchObject({ maxUsers: DEFAULT_PLAN.maxUsers, business: { id: alone.child } });
    const tomorrow = new Date(Date.now() + DAY_MS).toISOString();
    await contract({ businessId: alone.child, name: 'Still on', expiresAt: tomorrow, features: { maxUsers: 2 } });
    expect((await planOf(alone.grandchild)).maxUsers).toBe(2);
  });

  it('grants nothing while pending, and its features once bought', async () => {
    const levels = await tree('Pending');
    const pending = await contract({
      businessId: levels.child,
      name: 'Not bought',
      purchased: false,
      features: { poiSupport: true },
    });
    expect(await planOf(levels.grandchild)).toMatchObject({ poiSupport: false, business: { id: levels.grandchild } });
    const bought = await t.request({
      method: 'PATCH',
      url: `/api/contracts/${pending.contractId}`,
      token: staff,
      payload: { version: pending.version, purchase: {} },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(await planOf(levels.grandchild)).toMatchObject({ poiSupport: true, business: { id: levels.child } });
  });

  it("names the level itself to a caller who does not reach the contract's holder", async () => {
    const levels = await tree('Named');
    await contract({ businessId: levels.top, name: 'Above', features: { maxDevices: 8 } });
    const viewer = await t.userWith('named-viewer', PASSWORD, levels.grandchild, 'viewer');
    expect(await planOf(levels.grandchild, viewer)).toMatchObject({
      maxDevices: 8,
      business: { id: levels.grandchild, description: 'Named grandchild' },
    });
  });
});
