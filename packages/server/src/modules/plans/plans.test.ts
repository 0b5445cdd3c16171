import { type BusinessRole, DEFAULT_PLAN } from '@iot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

const URL = '/api/customer-business';
const PASSWORD = 'a good password';

describe.each(databaseKinds())('plans on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  const nodes: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  const create = async (name: string, parent?: string) => {
    const response = await t.request({
      method: 'POST',
      url: parent ? `${URL}/${nodes[parent]}` : URL,
      payload: { description: name },
      token: staff,
    });
    if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
    nodes[name] = response.json()._id;
  };
  const userWith = async (name: string, node: string, role: BusinessRole) => {
    const user = await t.createUser(`${name}@example.com`, PASSWORD);
    await t.services.businessesRepo.setEntry(nodes[node] ?? '', user.id, role, Date.now());
    tokens[name] = await t.signIn(`${name}@example.com`, PASSWORD);
  };
  const pfs = (node: string, token: string) =>
    t.request({ method: 'GET', url: `/api/contracts/pfs?businessId=${nodes[node] ?? node}`, token });
  const move = async (node: string, parent: string) => {
    const { version } = (await t.request({ method: 'GET', url: `${URL}/${nodes[node]}`, token: staff })).json();
    return t.request({
      method: 'PUT',
      url: `${URL}/${nodes[node]}`,
      payload: { version, parent: nodes[parent] },
      token: staff,
    });
  };
  const addChild = (node: string, description: string, token: string, lang = 'en') =>
    t.request({ method: 'POST', url: `${URL}/${nodes[node]}?lang=${lang}`, payload: { description }, token });

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    staff = await t.signIn('staff@example.com', PASSWORD);
    // Free (no contract) → Free child; Small (2 levels, 3 users) → Small A → Small A1; Other tenant.
    await create('Free');
    await create('Free child', 'Free');
    await create('Small');
    await create('Small A', 'Small');
    await create('Other');
    const contract = {
      maxHierarchyLevels: 3,
      maxUsers: 3,
      poiSupport: true,
      dataViewCapabilities: { mapNavigation: true },
    };
    await t.services.plansRepo.insert({ businessId: nodes.Small ?? '', name: 'Small', features: contract }, Date.now());
    await userWith('smallAdmin', 'Small', 'admin');
    await userWith('aAdmin', 'Small A', 'admin');
    await userWith('freeAdmin', 'Free', 'admin');
  });
  afterAll(async () => t?.close());

  it('should require authentication', async () => {
    const response = await t.request({ method: 'GET', url: `/api/contracts/pfs?businessId=${nodes.Free}` });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('auth.required');
  });

  it('answers the default plan where no ancestor-or-self has a contract', async () => {
    const response = await pfs('Free child', tokens.freeAdmin ?? '');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      features: DEFAULT_PLAN,
      business: { id: nodes['Free child'], description: 'Free child' },
    });
  });

  it("answers the nearest contract's features over the defaults, naming its holder", async () => {
    const response = await pfs('Small A', tokens.smallAdmin ?? '');
    expect(response.json()).toEqual({
      features: {
        ...DEFAULT_PLAN,
        maxHierarchyLevels: 3,
        maxUsers: 3,
        poiSupport: true,
        dataViewCapabilities: { ...DEFAULT_PLAN.dataViewCapabilities, mapNavigation: true },
      },
      business: { id: nodes.Small, description: 'Small' },
    });
    // The holder is out of Small A's admin's reach: the node itself is named instead.
    const below = (await pfs('Small A', tokens.aAdmin ?? '')).json();
    expect(below.features.maxUsers).toBe(3);
    expect(below.business).toEqual({ id: nodes['Small A'], description: 'Small A' });
  });

  it('is scoped: 404 outside the caller reach, 400 without a business', async () => {
    for (const node of ['Other', 'Free', 'no-such-node']) {
      const response = await pfs(node, tokens.smallAdmin ?? '');
      expect(response.statusCode, node).toBe(404);
      expect(response.json().code).toBe('not_found');
    }
    expect((await t.request({ method: 'GET', url: '/api/contracts/pfs', token: staff })).statusCode).toBe(400);
  });

  it('refuses a child at or above maxHierarchyLevels, counted from the contract holder', async () => {
    expect((await addChild('Small A', 'Small A1', tokens.smallAdmin ?? '')).statusCode).toBe(201);
    const a1 = (
      await t.db.selectFrom('businesses').select('id').where('description', '=', 'Small A1').executeTakeFirst()
    )?.id;
    nodes['Small A1'] = a1 ?? '';
    const refused = await addChild('Small A1', 'Too deep', tokens.smallAdmin ?? '');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      code: 'plan.limit_exceeded',
      message: 'Unavailable for your plan: the limit of 3 was reached. Please contact support.',
    });
    const pt = await addChild('Small A1', 'Too deep', staff, 'pt');
    expect(pt.json().message).toBe(
      'Indisponível no seu plano: o limite de 3 foi atingido. Por favor contacte o suporte.',
    );
    const stored = await t.db.selectFrom('businesses').select('id').where('description', '=', 'Too deep').execute();
    expect(stored).toEqual([]);
    // The default plan allows 1000 levels.
    expect((await addChild('Free child', 'Free grandchild', tokens.freeAdmin ?? '')).statusCode).toBe(201);
  });

  it("refuses a move that would take the moved subtree below the target plan's maxHierarchyLevels", async () => {
    // Free child has a child of its own: under Small A (level 2 of 3) it would reach level 4.
    const refused = await move('Free child', 'Small A');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('plan.limit_exceeded');
    const freeChild = await t.db
      .selectFrom('businesses')
      .select('parentId')
      .where('id', '=', nodes['Free child'] ?? '')
      .executeTakeFirst();
    expect(freeChild?.parentId).toBe(nodes.Free);
    // A leaf fits at level 3; a node holding its own contract keeps its own plan, so its depth is not checked.
    nodes['Free grandchild'] =
      (await t.db.selectFrom('businesses').select('id').where('description', '=', 'Free grandchild').executeTakeFirst())
        ?.id ?? '';
    expect((await move('Free grandchild', 'Small A')).statusCode).toBe(200);
    expect((await move('Free grandchild', 'Free child')).statusCode).toBe(200);
    await t.services.plansRepo.insert(
      { businessId: nodes['Free child'] ?? '', name: 'Own', features: { maxHierarchyLevels: 5 } },
      Date.now(),
    );
    expect((await move('Free child', 'Small A')).statusCode).toBe(200);
    expect((await move('Free child', 'Free')).statusCode).toBe(200);
  });

  it("moves a subtree across the same contract's levels, refusing only a move that takes it too deep", async () => {
    // Small (level 1 of 3) → Small B (2) → Small B1 (3), beside Small A (2).
    await create('Small B', 'Small');
    await create('Small B1', 'Small B');
    const deeper = await move('Small B', 'Small A');
    expect(deeper.statusCode).toBe(422);
    expect(deeper.json().code).toBe('plan.limit_exceeded');
    expect((await move('Small B1', 'Small A')).statusCode).toBe(200);
    expect((await move('Small B1', 'Small')).statusCode).toBe(200);
    expect((await move('Small B', 'Small A')).statusCode).toBe(200);
  });

  it("refuses users past maxUsers across the holder's subtree; users already there do not count again", async () => {
    // Small's subtree has smallAdmin and aAdmin: one more fits.
    const add = (node: string, emails: string[]) =>
      t.request({
        method: 'POST',
        url: `${URL}/${nodes[node]}/users`,
        payload: { emails, role: 'viewer' },
        token: tokens.smallAdmin,
      });
    const first = await add('Small A', ['third@example.com', 'fourth@example.com', 'aadmin@example.com']);
    expect(first.statusCode).toBe(200);
    expect(first.json().results).toEqual([
      expect.objectContaining({ email: 'third@example.com', outcome: 'added' }),
      {
        email: 'fourth@example.com',
        outcome: 'refused',
        code: 'plan.limit_exceeded',
        message: 'Unavailable for your plan: the limit of 3 was reached. Please contact support.',
      },
      expect.objectContaining({ email: 'aadmin@example.com', outcome: 'refused', code: 'business.user_already_added' }),
    ]);
    expect(await t.services.usersRepo.findByEmail('fourth@example.com')).toBeUndefined();
    // aAdmin already has an entry in the subtree, so an entry on Small itself is not a new user.
    const again = await add('Small', ['aadmin@example.com']);
    expect(again.json().results[0]).toMatchObject({ outcome: 'added' });
    // The default plan has no user limit.
    const free = await t.request({
      method: 'POST',
      url: `${URL}/${nodes.Free}/users`,
      payload: { emails: ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com'], role: 'viewer' },
      token: tokens.freeAdmin,
    });
    expect(free.json().results.map((result: { outcome: string }) => result.outcome)).toEqual([
      'added',
      'added',
      'added',
      'added',
    ]);
  });
});
