import {
  Contract,
  ContractLogPage,
  ContractPage,
  DEFAULT_PLAN,
  firstCreditPeriod,
  LevelContracts,
  tokenPeriodMs,
} from '@iot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

const PASSWORD = 'a good password';
const DAY_MS = 86_400_000;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe.each(databaseKinds())('contracts on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let tenantAdmin: string;
  let siteAdmin: string;
  let roomViewer: string;
  let otherAdmin: string;
  let nodes: Record<string, string>;

  const call = (method: Method, url: string, token: string | undefined, payload?: object) =>
    t.request({ method, url, token, ...(payload ? { payload } : {}) });

  /** A contract made by provider staff: answers it as sent back. */
  async function create(payload: object) {
    const created = await call('POST', '/api/contracts', staff, payload);
    expect(created.statusCode, created.body).toBe(201);
    return Contract.parse(created.json());
  }

  const stored = (id: string) =>
    t.db.selectFrom('contracts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  const contractLogs = async (id: string) =>
    t.db.selectFrom('contractLogs').selectAll().where('contractId', '=', id).orderBy('at').orderBy('id').execute();

  const activity = async (level: string) =>
    (
      await t.db
        .selectFrom('businessLogs')
        .select(['action', 'details'])
        .where('businessId', '=', nodes[level] ?? '')
        .orderBy('createdAt')
        .orderBy('id')
        .execute()
    )
      .filter((log) => log.action.startsWith('contract'))
      .map((log) => ({ action: log.action, details: JSON.parse(log.details) }));

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    staff = await t.signIn('staff@example.com', PASSWORD);
    nodes = await t.createTree(staff, [
      ['Tenant'],
      ['Site A', 'Tenant'],
      ['Room A1', 'Site A'],
      ['Desk A1a', 'Room A1'],
      ['Site B', 'Tenant'],
      ['Other'],
      ['Spare'],
    ]);
    tenantAdmin = await t.userWith('tenant-admin', PASSWORD, nodes.Tenant ?? '', 'admin');
    siteAdmin = await t.userWith('site-admin', PASSWORD, nodes['Site A'] ?? '', 'admin');
    roomViewer = await t.userWith('room-viewer', PASSWORD, nodes['Room A1'] ?? '', 'viewer');
    otherAdmin = await t.userWith('other-admin', PASSWORD, nodes.Other ?? '', 'admin');
  });
  afterAll(async () => t?.close());

  it('should require authentication', async () => {
    for (const [method, url] of [
      ['GET', '/api/contracts'],
      ['GET', '/api/contracts/x'],
      ['GET', '/api/contracts/x/logs'],
      ['GET', `/api/contracts/by-type/LOC?businessId=${nodes.Tenant}`],
      ['GET', `/api/customer-business/${nodes.Tenant}/contracts`],
      ['POST', '/api/contracts'],
      ['PATCH', '/api/contracts/x'],
      ['DELETE', '/api/contracts/x?version=1'],
    ] as const) {
      expect((await call(method, url, undefined)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('documents every contract call in the OpenAPI document, each with a summary', async () => {
    const { paths } = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    const documented = Object.entries(paths as Record<string, Record<string, { summary?: string; tags?: string[] }>>)
      .filter(([path]) => path.includes('/contracts'))
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(
          ([method, operation]) => `${method} ${path} ${Boolean(operation.summary)} ${operation.tags?.join()}`,
        ),
      );
    expect(documented).toEqual(
      expect.arrayContaining([
        'get /api/contracts true contracts',
        'post /api/contracts true contracts',
        'get /api/contracts/{id} true contracts',
        'delete /api/contracts/{id} true contracts',
        'patch /api/contracts/{contractId} true contracts',
        'get /api/contracts/{id}/logs true contracts',
        'get /api/contracts/by-type/{type} true contracts',
        'get /api/customer-business/{id}/contracts true contracts',
        'get /api/contracts/pfs true plans',
      ]),
    );
  });

  it('creates a contract with its first credit period, tokens from now, a creation log and an activity entry', async () => {
    const before = Date.now();
    const contract = await create({
      businessId: nodes.Spare,
      name: 'Spare plan',
      comment: 'sold at the fair',
      expiresAt: '2099-01-01T00:00:00.000Z',
      features: { poiSupport: true, dataViewCapabilities: { mapNavigation: true } },
      credits: {
        total: 500,
        periodType: 'monthly',
        perPeriod: 100,
        costs: { sms: 2, whatsapp: 1, voice: 3, report: 1 },
      },
      tokens: { type: 'G-PPU', capability: ['G-PPU'], validityDays: 30, total: 10 },
    });
    const period = firstCreditPeriod('monthly', before);
    expect(contract).toMatchObject({
      business: { id: nodes.Spare, description: 'Spare' },
      name: 'Spare plan',
      type: 'LOC',
      comment: 'sold at the fair',
      expiresAt: '2099-01-01T00:00:00.000Z',
      inheritableLevels: null,
      state: 'purchase',
      version: 1,
      credits: {
        total: 500,
        spent: 0,
        carved: 0,
        left: 500,
        periodType: 'monthly',
        perPeriod: 100,
        limitForPeriod: 100,
        periodStart: new Date(period?.start ?? 0).toISOString(),
        periodEnd: new Date(period?.end ?? 0).toISOString(),
        costs: { sms: 2, whatsapp: 1, voice: 3, report: 1 },
        fromContract: null,
      },
      tokens: {
        type: 'G-PPU',
        capability: ['G-PPU'],
        validityDays: 30,
        periodMs: tokenPeriodMs(30),
        total: 10,
        inUse: 0,
      },
    });
    expect(contract.features).toEqual({
      ...DEFAULT_PLAN,
      poiSupport: true,
      dataViewCapabilities: { ...DEFAULT_PLAN.dataViewCapabilities, mapNavigation: true },
    });
    expect(Date.parse(contract.purchasedAt ?? '')).toBeGreaterThanOrEqual(before);
    const tokenStart = Date.parse(contract.tokens.periodStart ?? '');
    expect(tokenStart).toBeGreaterThanOrEqual(before);
    expect(Date.parse(contract.tokens.periodEnd ?? '')).toBe(tokenStart + tokenPeriodMs(30));
    const logs = await contractLogs(contract.contractId);
    expect(logs.map((log) => [log.event, Number(log.amount), log.businessId])).toEqual([
      ['creation', 500, nodes.Spare],
    ]);
    expect(logs[0]?.userId).not.toBeNull();
    expect(await activity('Spare')).toContainEqual({
      action: 'contract_created',
      details: { contractId: contract.contractId, name: 'Spare plan' },
    });
    const page = await call('GET', `/api/contracts/${contract.contractId}/logs`, staff);
    expect(ContractLogPage.parse(page.json()).items[0]).toMatchObject({
      event: 'creation',
      amount: 500,
      user: { email: 'staff@example.com' },
    });
  });

  it('creates a pending contract that grants nothing until bought, and a custom period given whole', async () => {
    const pending = await create({
      businessId: nodes.Spare,
      name: 'Pending',
      purchased: false,
      credits: {
        periodType: 'custom',
        periodStart: '2030-01-01T00:00:00.000Z',
        periodEnd: '2030-02-01T00:00:00.000Z',
        perPeriod: 40,
        limitForPeriod: 25,
      },
    });
    expect(pending).toMatchObject({
      purchasedAt: null,
      state: 'pending',
      credits: {
        periodStart: '2030-01-01T00:00:00.000Z',
        periodEnd: '2030-02-01T00:00:00.000Z',
        perPeriod: 40,
        limitForPeriod: 25,
      },
      tokens: { type: null, periodStart: null, periodEnd: null },
    });
    for (const credits of [
      { periodType: 'custom' },
      { periodType: 'custom', periodStart: '2030-01-01T00:00:00.000Z' },
      { periodType: 'custom', periodStart: '2030-02-01T00:00:00.000Z', periodEnd: '2030-01-01T00:00:00.000Z' },
    ]) {
      const refused = await call('POST', '/api/contracts', staff, { businessId: nodes.Spare, name: 'Bad', credits });
      expect(refused.statusCode, JSON.stringify(credits)).toBe(422);
      expect(refused.json().code).toBe('contract.custom_period_required');
    }
  });

  it('lets only provider staff create, on a business that exists, and refuses unknown fields', async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('contracts')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const token of [tenantAdmin, siteAdmin, otherAdmin]) {
      const refused = await call('POST', '/api/contracts', token, { businessId: nodes['Site A'], name: 'Mine' });
      expect(refused.statusCode).toBe(403);
    }
    expect((await call('POST', '/api/contracts', staff, { businessId: 'no-such-level', name: 'X' })).statusCode).toBe(
      404,
    );
    for (const payload of [
      { businessId: nodes.Spare, name: 'X', version: 7 },
      { businessId: nodes.Spare, name: 'X', creditsSpent: 3 },
      { businessId: nodes.Spare, name: 'X', credits: { total: 5, spent: 2 } },
      { businessId: nodes.Spare, name: 'X', tokens: { total: 5, inUse: 2 } },
      { businessId: nodes.Spare, name: 'X', features: { unknownFeature: true } },
      { businessId: nodes.Spare, name: 'X', tokens: { capability: ['EXTERNAL_ONLY', 'G-PPU'] } },
      { businessId: nodes.Spare, name: 'X', credits: { total: -1 } },
    ]) {
      const refused = await call('POST', '/api/contracts', staff, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await count()).toBe(before);
  });

  it("carves credits from a level above's contract, never more than it has left", async () => {
    const top = await create({ businessId: nodes.Tenant, name: 'Top credits', credits: { total: 100 } });
    const carved = await create({
      businessId: nodes['Room A1'],
      name: 'Room credits',
      credits: { total: 30, fromContractId: top.contractId },
    });
    expect(carved.credits).toMatchObject({
      total: 30,
      left: 30,
      fromContract: { contractId: top.contractId, name: 'Top credits' },
    });
    expect((await call('GET', `/api/contracts/${top.contractId}`, staff)).json().credits).toMatchObject({
      total: 100,
      carved: 30,
      left: 70,
    });
    const exceeding = await call('POST', '/api/contracts', staff, {
      businessId: nodes['Site B'],
      name: 'Too much',
      credits: { total: 71, fromContractId: top.contractId },
    });
    expect(exceeding.statusCode).toBe(422);
    expect(exceeding.json()).toMatchObject({ code: 'contract.carve_exceeds_left' });
    expect(exceeding.json().message).toContain('Top credits');
    expect(exceeding.json().message).toContain('70');
    // Only a contract of a strict ancestor gives credits: not the level's own, a sibling's, a descendant's or another
    // tenant's.
    const own = await create({ businessId: nodes['Site B'], name: 'Site B own' });
    const other = await create({ businessId: nodes.Other, name: 'Other own', credits: { total: 50 } });
    for (const [businessId, from] of [
      [nodes['Site B'], own.contractId],
      [nodes['Site A'], own.contractId],
      [nodes['Site A'], carved.contractId],
      [nodes['Site A'], other.contractId],
      [nodes['Site A'], 'no-such-contract'],
    ]) {
      const refused = await call('POST', '/api/contracts', staff, {
        businessId,
        name: 'Invalid source',
        credits: { total: 1, fromContractId: from },
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().code).toBe('contract.from_contract_invalid');
    }
    expect(Number((await stored(top.contractId)).creditsCarved)).toBe(30);
  });

  it('gives concurrent carvings no more than is left', async () => {
    const source = await create({ businessId: nodes.Tenant, name: 'Shared pool', credits: { total: 100 } });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        call('POST', '/api/contracts', staff, {
          businessId: nodes[index % 2 ? 'Site A' : 'Site B'],
          name: `Share ${index}`,
          credits: { total: 30, fromContractId: source.contractId },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 422, 422, 422, 422, 422]);
    const row = await stored(source.contractId);
    expect(Number(row.creditsCarved)).toBe(90);
    const shares = await t.db
      .selectFrom('contracts')
      .select('creditsTotal')
      .where('fromContractId', '=', source.contractId)
      .execute();
    expect(shares.map((share) => Number(share.creditsTotal))).toEqual([30, 30, 30]);
  });

  it('edits over the version read: 409 when stale, unknown fields refused with nothing changed', async () => {
    const contract = await create({ businessId: nodes.Spare, name: 'Editable' });
    const renamed = await call('PATCH', `/api/contracts/${contract.contractId}`, staff, {
      version: 1,
      name: 'Edited',
      type: 'DEVICE',
      comment: 'per device',
      inheritableLevels: 2,
      features: { maxDevices: 10 },
      credits: { allowOverUsage: true, costs: { sms: 5, whatsapp: 5, voice: 5, report: 5 } },
      tokens: { type: 'H-UNL', capability: ['H-UNL'], validityDays: 10 },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const edited = Contract.parse(renamed.json());
    expect(edited).toMatchObject({
      name: 'Edited',
      type: 'DEVICE',
      comment: 'per device',
      inheritableLevels: 2,
      version: 2,
      credits: { allowOverUsage: true, costs: { sms: 5 } },
      tokens: { type: 'H-UNL', validityDays: 10 },
    });
    expect(edited.tokens.periodStart).not.toBeNull();
    expect(edited.features.maxDevices).toBe(10);
    const stale = await call('PATCH', `/api/contracts/${contract.contractId}`, staff, { version: 1, name: 'Late' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('conflict');
    const before = JSON.stringify(await stored(contract.contractId));
    for (const payload of [
      { version: 2, name: 'Sneaky', creditsSpent: 0 },
      { version: 2, credits: { spent: 0 } },
      { version: 2, businessId: nodes.Tenant },
      { version: 2, purchase: { credits: 1, bonus: 2 } },
    ]) {
      const refused = await call('PATCH', `/api/contracts/${contract.contractId}`, staff, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(JSON.stringify(await stored(contract.contractId))).toBe(before);
    expect(await activity('Spare')).toContainEqual({
      action: 'contract_updated',
      details: { contractId: contract.contractId, name: 'Edited', from: 'Editable' },
    });
    expect((await call('PATCH', '/api/contracts/no-such-contract', staff, { version: 1 })).statusCode).toBe(404);
  });

  it('buys a pending contract: credits and tokens added, expiry set, purchase logged', async () => {
    const contract = await create({
      businessId: nodes.Spare,
      name: 'To buy',
      purchased: false,
      credits: { total: 10 },
      tokens: { total: 2 },
    });
    const before = Date.now();
    const bought = await call('PATCH', `/api/contracts/${contract.contractId}`, staff, {
      version: 1,
      purchase: { credits: 50, tokens: 5, expiresAt: '2098-06-01T00:00:00.000Z' },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const answer = Contract.parse(bought.json());
    expect(answer).toMatchObject({
      state: 'purchase',
      expiresAt: '2098-06-01T00:00:00.000Z',
      credits: { total: 60, left: 60 },
      tokens: { total: 7 },
    });
    expect(Date.parse(answer.purchasedAt ?? '')).toBeGreaterThanOrEqual(before);
    const again = await call('PATCH', `/api/contracts/${contract.contractId}`, staff, {
      version: 2,
      purchase: { credits: 5 },
    });
    expect(again.json()).toMatchObject({ purchasedAt: answer.purchasedAt, credits: { total: 65 } });
    const logs = await contractLogs(contract.contractId);
    expect(logs.map((log) => [log.event, Number(log.amount), JSON.parse(log.details)])).toEqual([
      ['creation', 10, {}],
      ['purchase', 50, { tokens: 5, expiresAt: '2098-06-01T00:00:00.000Z' }],
      ['purchase', 5, { tokens: 0 }],
    ]);
  });

  it("moves a carved contract's new total to and from its source, never below what it spent", async () => {
    const source = await create({ businessId: nodes.Tenant, name: 'Source', credits: { total: 100 } });
    const child = await create({
      businessId: nodes['Site A'],
      name: 'Child',
      credits: { total: 40, fromContractId: source.contractId },
    });
    const carvedOf = async () => Number((await stored(source.contractId)).creditsCarved);
    const patch = (version: number, total: number) =>
      call('PATCH', `/api/contracts/${child.contractId}`, staff, { version, credits: { total } });
    expect((await patch(1, 60)).statusCode).toBe(200);
    expect(await carvedOf()).toBe(60);
    expect((await patch(2, 25)).statusCode).toBe(200);
    expect(await carvedOf()).toBe(25);
    const exceeding = await patch(3, 126);
    expect(exceeding.statusCode).toBe(422);
    expect(exceeding.json().code).toBe('contract.carve_exceeds_left');
    expect(await carvedOf()).toBe(25);
    await t.db.updateTable('contracts').set({ creditsSpent: 20 }).where('id', '=', child.contractId).execute();
    const belowSpent = await patch(3, 19);
    expect(belowSpent.statusCode).toBe(400);
    expect(Number((await stored(child.contractId)).creditsTotal)).toBe(25);
    expect(await carvedOf()).toBe(25);
    expect((await patch(3, 20)).statusCode).toBe(200);
    expect(await carvedOf()).toBe(20);
  });

  it('refuses buying credits for a carved contract (its source sells them), yet sells it tokens', async () => {
    const source = await create({ businessId: nodes.Tenant, name: 'Seller', credits: { total: 100 } });
    const child = await create({
      businessId: nodes['Site A'],
      name: 'Share',
      credits: { total: 10, fromContractId: source.contractId },
    });
    const url = `/api/contracts/${child.contractId}`;
    const refused = await call('PATCH', url, staff, { version: 1, purchase: { credits: 5 } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('contract.carved_purchase');
    expect(Number((await stored(child.contractId)).creditsTotal)).toBe(10);
    expect((await call('PATCH', url, staff, { version: 1, purchase: { tokens: 5 } })).statusCode).toBe(200);
    expect(Number((await stored(child.contractId)).tokensTotal)).toBe(5);
  });

  it('carves a contract from a source chosen later, and gives back what it did not spend when taken off it', async () => {
    const source = await create({ businessId: nodes.Tenant, name: 'Later source', credits: { total: 100 } });
    const child = await create({ businessId: nodes['Site A'], name: 'Bought alone', credits: { total: 40 } });
    const carvedOf = async () => Number((await stored(source.contractId)).creditsCarved);
    const url = `/api/contracts/${child.contractId}`;
    const invalid = await call('PATCH', url, staff, { version: 1, credits: { fromContractId: child.contractId } });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().code).toBe('contract.from_contract_invalid');
    const carved = await call('PATCH', url, staff, { version: 1, credits: { fromContractId: source.contractId } });
    expect(carved.statusCode, carved.body).toBe(200);
    expect(carved.json().credits.fromContract).toEqual({ contractId: source.contractId, name: 'Later source' });
    expect(await carvedOf()).toBe(40);
    await t.db.updateTable('contracts').set({ creditsSpent: 10 }).where('id', '=', child.contractId).execute();
    const alone = await call('PATCH', url, staff, { version: 2, credits: { fromContractId: null } });
    expect(alone.json().credits.fromContract).toBeNull();
    expect(await carvedOf()).toBe(10);
  });

  it("lets an admin of a level above change only a user-changeable sublevel contract's credit limits", async () => {
    const source = await create({ businessId: nodes.Tenant, name: 'Tenant pool', credits: { total: 100 } });
    const changeable = await create({
      businessId: nodes['Site A'],
      name: 'Site A changeable',
      credits: {
        total: 10,
        perPeriod: 10,
        periodType: 'daily',
        userChangeable: true,
        fromContractId: source.contractId,
      },
    });
    const fixed = await create({ businessId: nodes['Site A'], name: 'Site A fixed', credits: { perPeriod: 10 } });
    const url = `/api/contracts/${changeable.contractId}`;
    const ok = await call('PATCH', url, tenantAdmin, { version: 1, credits: { limitForPeriod: 4, total: 30 } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().credits).toMatchObject({ limitForPeriod: 4, total: 30 });
    expect(Number((await stored(source.contractId)).creditsCarved)).toBe(30);
    for (const payload of [
      { version: 2, name: 'Mine now' },
      { version: 2, credits: { perPeriod: 99 } },
      { version: 2, credits: { userChangeable: false } },
      { version: 2, purchase: { credits: 100 } },
      { version: 2, expiresAt: null },
    ]) {
      const refused = await call('PATCH', url, tenantAdmin, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(403);
      expect(refused.json().code).toBe('contract.field_not_changeable');
    }
    // The level's own admin is not above it; a contract not marked user-changeable is read-only.
    const own = await call('PATCH', url, siteAdmin, { version: 2, credits: { limitForPeriod: 1 } });
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('forbidden');
    const notChangeable = await call('PATCH', `/api/contracts/${fixed.contractId}`, tenantAdmin, {
      version: 1,
      credits: { limitForPeriod: 1 },
    });
    expect(notChangeable.statusCode).toBe(403);
    expect(notChangeable.json().code).toBe('forbidden');
    expect((await call('PATCH', url, otherAdmin, { version: 2, credits: { limitForPeriod: 1 } })).statusCode).toBe(404);
    // A total of a contract not carved from one the admin reads stays provider staff's.
    const bought = await create({
      businessId: nodes['Site A'],
      name: 'Site A bought',
      credits: { total: 10, userChangeable: true },
    });
    const total = await call('PATCH', `/api/contracts/${bought.contractId}`, tenantAdmin, {
      version: 1,
      credits: { total: 11 },
    });
    expect(total.statusCode).toBe(403);
    expect(total.json().code).toBe('contract.field_not_changeable');
    expect((await stored(changeable.contractId)).creditLimitForPeriod).toBe(4);
  });

  it('deletes: refused while carved contracts exist, a carved one gives back what it did not spend', async () => {
    const source = await create({ businessId: nodes.Tenant, name: 'Giver', credits: { total: 100 } });
    const child = await create({
      businessId: nodes['Site A'],
      name: 'Taker',
      credits: { total: 40, fromContractId: source.contractId },
    });
    const hasCarved = await call('DELETE', `/api/contracts/${source.contractId}?version=1`, staff);
    expect(hasCarved.statusCode).toBe(409);
    expect(hasCarved.json().code).toBe('contract.has_carved');
    expect((await call('DELETE', `/api/contracts/${child.contractId}?version=1`, siteAdmin)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/contracts/${child.contractId}?version=1`, otherAdmin)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/contracts/${child.contractId}?version=2`, staff)).statusCode).toBe(409);
    await t.db.updateTable('contracts').set({ creditsSpent: 15 }).where('id', '=', child.contractId).execute();
    expect((await call('DELETE', `/api/contracts/${child.contractId}?version=1`, staff)).statusCode).toBe(204);
    expect(Number((await stored(source.contractId)).creditsCarved)).toBe(15);
    expect((await call('GET', `/api/contracts/${child.contractId}`, staff)).statusCode).toBe(404);
    const logs = await contractLogs(child.contractId);
    expect(logs.map((log) => [log.event, Number(log.amount)])).toEqual([
      ['creation', 40],
      ['deletion', 25],
    ]);
    expect(await activity('Site A')).toContainEqual({
      action: 'contract_deleted',
      details: { contractId: child.contractId, name: 'Taker' },
    });
    expect((await call('DELETE', `/api/contracts/${source.contractId}?version=1`, staff)).statusCode).toBe(204);
  });

  it('lists by name with filters and keyset paging; customers see their levels only', async () => {
    const made = [];
    for (const [name, level, type, expiresAt] of [
      ['List gamma', 'Room A1', 'LOC', null],
      ['List alpha', 'Site A', 'SHARED', new Date(Date.now() + 10 * DAY_MS).toISOString()],
      ['List beta', 'Other', 'DEVICE', new Date(Date.now() + 100 * DAY_MS).toISOString()],
      ['List delta', 'Site B', 'LOC', new Date(Date.now() - DAY_MS).toISOString()],
    ] as const)
      made.push(await create({ businessId: nodes[level], name, type, expiresAt }));
    await t.db
      .updateTable('contracts')
      .set({ state: 'about_to_expire' })
      .where('id', '=', made[1]?.contractId ?? '')
      .execute();
    const names = async (query: string, token = staff) => {
      const answer = await call('GET', `/api/contracts?search=list${query}`, token);
      expect(answer.statusCode, answer.body).toBe(200);
      return ContractPage.parse(answer.json()).items.map((item) => item.name);
    };
    expect(await names('')).toEqual(['List alpha', 'List beta', 'List delta', 'List gamma']);
    expect(await names(`&businessId=${nodes['Site A']}`)).toEqual(['List alpha']);
    expect(await names('&type=LOC')).toEqual(['List delta', 'List gamma']);
    expect(await names('&state=about_to_expire')).toEqual(['List alpha']);
    expect(await names('&expiringWithinDays=30')).toEqual(['List alpha']);
    expect(await names('&expiringWithinDays=365')).toEqual(['List alpha', 'List beta']);
    expect(await names('', siteAdmin)).toEqual(['List alpha', 'List gamma']);
    expect(await names('', tenantAdmin)).toEqual(['List alpha', 'List delta', 'List gamma']);
    expect(await names('', otherAdmin)).toEqual(['List beta']);
    expect(await names('', roomViewer)).toEqual(['List gamma']);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const answer = await call('GET', `/api/contracts?search=list&limit=3${cursor ? `&cursor=${cursor}` : ''}`, staff);
      const page = ContractPage.parse(answer.json());
      seen.push(...page.items.map((item) => item.name));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['List alpha', 'List beta', 'List delta', 'List gamma']);
    expect((await call('GET', '/api/contracts?cursor=nonsense', staff)).statusCode).toBe(400);
    expect((await call('GET', '/api/contracts?state=asleep', staff)).statusCode).toBe(400);
  });

  it('answers the state at read time and the Sigfox devices in reach', async () => {
    const contract = await create({
      businessId: nodes['Room A1'],
      name: 'Reaching limit',
      inheritableLevels: 0,
      credits: { total: 100 },
      tokens: { type: 'G-PPU', total: 1 },
    });
    await t.db.updateTable('contracts').set({ creditsSpent: 95 }).where('id', '=', contract.contractId).execute();
    for (const [level, sigfoxID] of [
      ['Room A1', 'CA0001'],
      ['Desk A1a', 'CA0002'],
    ] as const) {
      const device = await call('POST', '/api/devices', staff, {
        businessId: nodes[level],
        deviceType: 'th-sensor-sigfox',
        sigfoxID,
      });
      expect(device.statusCode, device.body).toBe(201);
    }
    const answer = Contract.parse((await call('GET', `/api/contracts/${contract.contractId}`, staff)).json());
    expect(answer.state).toBe('reaching_limit');
    expect(answer.credits.left).toBe(5);
    expect(answer.tokens.inUse).toBe(1);
    expect((await stored(contract.contractId)).state).toBe('purchase');
  });

  it('lets the users of a level a contract governs read it, named by their own level when its holder is out of reach', async () => {
    const everywhere = await create({ businessId: nodes['Site A'], name: 'Governs below' });
    const ownLevelOnly = await create({ businessId: nodes['Site A'], name: 'Own level only', inheritableLevels: 0 });
    const read = await call('GET', `/api/contracts/${everywhere.contractId}`, roomViewer);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().business).toEqual({ id: nodes['Room A1'], description: 'Room A1' });
    expect((await call('GET', `/api/contracts/${everywhere.contractId}/logs`, roomViewer)).statusCode).toBe(200);
    expect((await call('GET', `/api/contracts/${everywhere.contractId}`, tenantAdmin)).json().business).toEqual({
      id: nodes['Site A'],
      description: 'Site A',
    });
    for (const [token, id] of [
      [roomViewer, ownLevelOnly.contractId],
      [otherAdmin, everywhere.contractId],
      [siteAdmin, 'no-such-contract'],
    ] as const) {
      expect((await call('GET', `/api/contracts/${id}`, token)).statusCode).toBe(404);
      expect((await call('GET', `/api/contracts/${id}/logs`, token)).statusCode).toBe(404);
    }
  });

  it('pages a log newest first', async () => {
    const contract = await create({ businessId: nodes.Spare, name: 'Logged', credits: { total: 1 } });
    for (let version = 1; version <= 3; version++)
      await call('PATCH', `/api/contracts/${contract.contractId}`, staff, { version, purchase: { credits: version } });
    const amounts: (number | null)[] = [];
    let cursor: string | null = null;
    do {
      const answer = await call(
        'GET',
        `/api/contracts/${contract.contractId}/logs?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        staff,
      );
      const page = ContractLogPage.parse(answer.json());
      amounts.push(...page.items.map((item) => item.amount));
      cursor = page.nextCursor;
    } while (cursor);
    expect(amounts).toEqual([3, 2, 1, 1]);
  });

  it('finds the contract of a type governing a level: nearest, reaching it, bought, not expired', async () => {
    const levels = await t.createTree(staff, [['Typed'], ['Typed site', 'Typed'], ['Typed room', 'Typed site']]);
    const topAdmin = await t.userWith('typed-admin', PASSWORD, levels.Typed ?? '', 'admin');
    const siteUser = await t.userWith('typed-site', PASSWORD, levels['Typed site'] ?? '', 'user');
    const roomUser = await t.userWith('typed-room', PASSWORD, levels['Typed room'] ?? '', 'viewer');
    const byType = (token: string, level: string) =>
      call('GET', `/api/contracts/by-type/SHARED?businessId=${levels[level]}`, token);
    expect((await byType(staff, 'Typed room')).statusCode).toBe(404);
    const top = await create({ businessId: levels.Typed, name: 'Typed shared', type: 'SHARED' });
    await create({ businessId: levels.Typed, name: 'Typed level', type: 'LOC' });
    await create({ businessId: levels['Typed site'], name: 'Site pending', type: 'SHARED', purchased: false });
    await create({
      businessId: levels['Typed site'],
      name: 'Site expired',
      type: 'SHARED',
      expiresAt: new Date(Date.now() - DAY_MS).toISOString(),
    });
    await create({ businessId: levels['Typed site'], name: 'Site own level', type: 'SHARED', inheritableLevels: 0 });
    const room = await byType(roomUser, 'Typed room');
    expect(room.statusCode, room.body).toBe(200);
    expect(room.json()).toMatchObject({
      contractId: top.contractId,
      business: { id: levels['Typed room'], description: 'Typed room' },
    });
    expect((await byType(siteUser, 'Typed site')).json().name).toBe('Site own level');
    expect((await byType(topAdmin, 'Typed room')).json()).toMatchObject({
      contractId: top.contractId,
      business: { id: levels.Typed },
    });
    expect((await byType(otherAdmin, 'Typed room')).statusCode).toBe(404);
    expect((await call('GET', `/api/contracts/by-type/DEVICE?businessId=${levels.Typed}`, staff)).statusCode).toBe(404);
    expect((await call('GET', `/api/contracts/by-type/NONE?businessId=${levels.Typed}`, staff)).statusCode).toBe(400);
  });

  it("answers a level's governing contract and the contracts of its reachable subtree", async () => {
    const levels = await t.createTree(staff, [['Level top'], ['Level mid', 'Level top'], ['Level low', 'Level mid']]);
    const midAdmin = await t.userWith('mid-admin', PASSWORD, levels['Level mid'] ?? '', 'admin');
    const empty = LevelContracts.parse(
      (await call('GET', `/api/customer-business/${levels['Level mid']}/contracts`, midAdmin)).json(),
    );
    expect(empty).toEqual({ governing: null, items: [] });
    const top = await create({ businessId: levels['Level top'], name: 'Top' });
    const low = await create({ businessId: levels['Level low'], name: 'Low' });
    await create({ businessId: levels['Level low'], name: 'Low pending', purchased: false });
    const answer = await call('GET', `/api/customer-business/${levels['Level mid']}/contracts`, midAdmin);
    expect(answer.statusCode, answer.body).toBe(200);
    const level = LevelContracts.parse(answer.json());
    expect(level.governing).toMatchObject({
      contractId: top.contractId,
      business: { id: levels['Level mid'], description: 'Level mid' },
    });
    expect(level.items.map((item) => item.name)).toEqual(['Low', 'Low pending']);
    const lowLevel = LevelContracts.parse(
      (await call('GET', `/api/customer-business/${levels['Level low']}/contracts`, staff)).json(),
    );
    expect(lowLevel.governing?.contractId).toBe(low.contractId);
    expect((await call('GET', `/api/customer-business/${levels['Level mid']}/contracts`, otherAdmin)).statusCode).toBe(
      404,
    );
  });

  it('refuses to delete a level holding contracts', async () => {
    const levels = await t.createTree(staff, [['Holder']]);
    const contract = await create({ businessId: levels.Holder, name: 'Held' });
    const refused = await call('DELETE', `/api/customer-business/${levels.Holder}`, staff);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('business.has_contracts');
    expect((await call('DELETE', `/api/contracts/${contract.contractId}?version=1`, staff)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/customer-business/${levels.Holder}`, staff)).statusCode).toBe(204);
  });
});
