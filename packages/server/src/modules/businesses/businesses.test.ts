import { Businesses, type BusinessRole } from '@iot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

const URL = '/api/customer-business';
const PASSWORD = 'a good password';

interface BusinessJson {
  _id: string;
  slug: string;
  description: string;
  parent: string | null;
  children: string[];
  status: number;
  version: number;
  usersAdv: { users: { email: string; role: string }[] };
}

/**
 * A tree per test group: tenant A `Acme` → `North` → `Porto`, `Lisbon`; `Acme` → `South` → `Faro`; tenant B
 * `Bravo` → `Bravo child`. Users get roles through business entries, named by what they hold.
 */
async function buildTree(t: TestApp, staff: string, tag: string) {
  const create = async (description: string, parentId?: string) => {
    const response = await t.request({
      method: 'POST',
      url: parentId ? `${URL}/${parentId}` : URL,
      payload: { description, status: 0 },
      token: staff,
    });
    if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
    return (response.json() as BusinessJson)._id;
  };
  const acme = await create(`${tag} Acme`);
  const north = await create(`${tag} North`, acme);
  const porto = await create(`${tag} Porto`, north);
  const lisbon = await create(`${tag} Lisbon`, north);
  const south = await create(`${tag} South`, acme);
  const faro = await create(`${tag} Faro`, south);
  const bravo = await create(`${tag} Bravo`);
  const bravoChild = await create(`${tag} Bravo child`, bravo);
  const nodes = { acme, north, porto, lisbon, south, faro, bravo, bravoChild };

  const userWith = async (name: string, entries: [keyof typeof nodes, BusinessRole][]) => {
    const email = `${tag.toLowerCase()}-${name.toLowerCase()}@example.com`;
    const user = await t.createUser(email, PASSWORD);
    for (const [node, role] of entries)
      await t.services.businessesRepo.setEntry(nodes[node], user.id, role, Date.now());
    return t.signIn(email, PASSWORD);
  };
  const users = {
    acmeAdmin: await userWith('acmeAdmin', [['acme', 'admin']]),
    northAdmin: await userWith('northAdmin', [['north', 'admin']]),
    southAdmin: await userWith('southAdmin', [['south', 'admin']]),
    portoAdmin: await userWith('portoAdmin', [['porto', 'admin']]),
    portoSuper: await userWith('portoSuper', [['porto', 'superAdmin']]),
    portoUser: await userWith('portoUser', [['porto', 'user']]),
    portoViewer: await userWith('portoViewer', [['porto', 'viewer']]),
    bravoAdmin: await userWith('bravoAdmin', [['bravo', 'admin']]),
    // Admin of Acme, but a `none` entry cuts North's subtree away.
    cut: await userWith('cut', [
      ['acme', 'admin'],
      ['north', 'none'],
    ]),
    // Viewer of Acme, overridden deeper: admin of South.
    mixed: await userWith('mixed', [
      ['acme', 'viewer'],
      ['south', 'admin'],
    ]),
    nobody: await userWith('nobody', []),
  };
  return { nodes, users };
}

describe.each(databaseKinds())('business tree on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let tree: Awaited<ReturnType<typeof buildTree>>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    staff = await t.signIn('staff@example.com', PASSWORD);
    tree = await buildTree(t, staff, 'T');
  });
  afterAll(async () => t?.close());

  const get = (url: string, token?: string) => t.request({ method: 'GET', url, token });
  const post = (url: string, payload: object | undefined, token?: string) =>
    t.request({ method: 'POST', url, payload, token });
  const put = (id: string, payload: object, token?: string) =>
    t.request({ method: 'PUT', url: `${URL}/${id}`, payload, token });
  const versionOf = async (id: string) => ((await get(`${URL}/${id}`, staff)).json() as BusinessJson).version;
  const listOf = async (token: string) => (await get(URL, token)).json() as BusinessJson[];
  const descriptionsOf = async (token: string) => (await listOf(token)).map((business) => business.description);
  const rowOf = (id: string) =>
    t.db.selectFrom('businesses').select(['path', 'depth', 'parentId']).where('id', '=', id).executeTakeFirstOrThrow();

  it('should require authentication', async () => {
    const id = tree.nodes.porto;
    const calls = [
      { method: 'GET', url: URL },
      { method: 'GET', url: `${URL}?mode=count` },
      { method: 'GET', url: `${URL}/root` },
      { method: 'GET', url: `${URL}/${id}` },
      { method: 'GET', url: `${URL}/${id}?mode=count` },
      { method: 'GET', url: `${URL}/${id}/logs` },
      { method: 'POST', url: URL, payload: { description: 'x' } },
      { method: 'POST', url: `${URL}/${id}`, payload: { description: 'x' } },
      { method: 'PUT', url: `${URL}/${id}`, payload: { description: 'x', version: 1 } },
      { method: 'DELETE', url: `${URL}/${id}` },
      { method: 'POST', url: `${URL}/${id}/activate` },
      { method: 'POST', url: `${URL}/${id}/deactivate` },
    ] as const;
    for (const call of calls) {
      const response = await t.request(call);
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(response.json().code).toBe('auth.required');
    }
  });

  describe('reading the tree', () => {
    it('presents a node as SPEC section 3', async () => {
      const north = (await get(`${URL}/${tree.nodes.north}`, staff)).json() as BusinessJson;
      const acme = (await get(`${URL}/${tree.nodes.acme}`, staff)).json() as BusinessJson;
      expect(north).toEqual({
        _id: tree.nodes.north,
        slug: expect.stringMatching(/^t-north-[0-9a-f]{8}$/),
        description: 'T North',
        parent: acme.slug,
        children: [tree.nodes.porto, tree.nodes.lisbon].sort(),
        status: 0,
        logo: null,
        theme: null,
        usersAdv: {
          users: [
            { email: 't-cut@example.com', role: 'none' },
            { email: 't-northadmin@example.com', role: 'admin' },
          ],
        },
        deviceCount: 0,
        active: { cfg: true, merged: true },
        version: 1,
      });
      expect(acme.parent).toBeNull();
    });

    it('lists the reachable tree sorted case-insensitively by description', async () => {
      await post(`${URL}/${tree.nodes.south}`, { description: 't albufeira' }, tree.users.southAdmin);
      expect(await descriptionsOf(tree.users.southAdmin)).toEqual(['t albufeira', 'T Faro', 'T South']);
      expect(await descriptionsOf(tree.users.northAdmin)).toEqual(['T Lisbon', 'T North', 'T Porto']);
      expect(await descriptionsOf(tree.users.portoViewer)).toEqual(['T Porto']);
      expect(await descriptionsOf(tree.users.nobody)).toEqual([]);
    });

    it('answers listings that hold to the shared schema (the listing skips checking its answer on the way out)', async () => {
      for (const token of [staff, tree.users.acmeAdmin, tree.users.cut, tree.users.mixed, tree.users.nobody]) {
        const listed = Businesses.safeParse(await listOf(token));
        expect(listed.success, listed.error?.message).toBe(true);
      }
      const [north] = (await listOf(tree.users.northAdmin)).filter((node) => node._id === tree.nodes.north);
      expect(north).toEqual((await get(`${URL}/${tree.nodes.north}`, tree.users.northAdmin)).json());
    });

    it('gives the top of the reachable tree no parent and lists only reachable children', async () => {
      const [north] = await listOf(tree.users.northAdmin).then((list) =>
        list.filter((b) => b.description === 'T North'),
      );
      expect(north?.parent).toBeNull();
      const [acme] = (await listOf(tree.users.cut)).filter((b) => b._id === tree.nodes.acme);
      expect(acme?.children).toEqual([tree.nodes.south]);
    });

    it('a none entry cuts a subtree; a deeper entry overrides a shallower one', async () => {
      const cut = await descriptionsOf(tree.users.cut);
      expect(cut).toContain('T Acme');
      expect(cut).toContain('T Faro');
      expect(cut).not.toContain('T North');
      expect(cut).not.toContain('T Porto');
      expect((await get(`${URL}/${tree.nodes.porto}`, tree.users.cut)).statusCode).toBe(404);
      // mixed: viewer on Acme, admin on South.
      expect((await post(`${URL}/${tree.nodes.faro}`, { description: 'T Lagos' }, tree.users.mixed)).statusCode).toBe(
        201,
      );
      const refused = await post(`${URL}/${tree.nodes.north}`, { description: 'T Braga' }, tree.users.mixed);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('business.no_permission');
    });

    it('answers the roots of the caller', async () => {
      const roots = (await get(`${URL}/root`, tree.users.northAdmin)).json() as BusinessJson[];
      expect(roots.map((root) => root._id)).toEqual([tree.nodes.north]);
      const staffRoots = ((await get(`${URL}/root`, staff)).json() as BusinessJson[]).map((root) => root._id);
      expect(staffRoots).toEqual(expect.arrayContaining([tree.nodes.acme, tree.nodes.bravo]));
      expect(staffRoots).not.toContain(tree.nodes.north);
    });

    it('counts the reachable tree and the nodes below a node', async () => {
      expect((await get(`${URL}?mode=count`, tree.users.northAdmin)).json()).toEqual({ count: 3 });
      expect((await get(`${URL}?mode=count`, tree.users.bravoAdmin)).json()).toEqual({ count: 2 });
      expect((await get(`${URL}/${tree.nodes.north}?mode=count`, tree.users.northAdmin)).json()).toEqual({ count: 2 });
      expect((await get(`${URL}/${tree.nodes.porto}?mode=count`, tree.users.portoViewer)).json()).toEqual({
        count: 0,
      });
    });
  });

  describe('tenant isolation', () => {
    it("never shows another tenant's nodes and answers 404 for every call on them", async () => {
      const bravoIds = [tree.nodes.bravo, tree.nodes.bravoChild];
      const acmeList = (await listOf(tree.users.acmeAdmin)).map((business) => business._id);
      for (const id of bravoIds) expect(acmeList).not.toContain(id);
      expect((await listOf(tree.users.bravoAdmin)).map((business) => business._id).sort()).toEqual(bravoIds.sort());

      for (const id of bravoIds) {
        const version = await versionOf(id);
        const calls = [
          { method: 'GET', url: `${URL}/${id}` },
          { method: 'GET', url: `${URL}/${id}?mode=count` },
          { method: 'GET', url: `${URL}/${id}/logs` },
          { method: 'POST', url: `${URL}/${id}`, payload: { description: 'intruder' } },
          { method: 'PUT', url: `${URL}/${id}`, payload: { description: 'intruder', version } },
          { method: 'DELETE', url: `${URL}/${id}` },
          { method: 'POST', url: `${URL}/${id}/activate` },
          { method: 'POST', url: `${URL}/${id}/deactivate` },
        ] as const;
        for (const call of calls) {
          const response = await t.request({ ...call, token: tree.users.acmeAdmin });
          expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
          expect(response.json().code).toBe('not_found');
        }
      }
      // Nor can a node be moved into another tenant.
      const moved = await put(
        tree.nodes.lisbon,
        { parent: tree.nodes.bravo, version: await versionOf(tree.nodes.lisbon) },
        tree.users.acmeAdmin,
      );
      expect(moved.statusCode).toBe(422);
      expect(moved.json().code).toBe('business.move_target_not_found');
      expect((await get(`${URL}/${tree.nodes.bravo}`, staff)).json().description).toBe('T Bravo');
      expect((await rowOf(tree.nodes.lisbon)).parentId).toBe(tree.nodes.north);
    });
  });

  describe('creating', () => {
    it('a top-level business is for provider staff only', async () => {
      const refused = await post(URL, { description: 'Mine' }, tree.users.acmeAdmin);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('forbidden');
      const created = await post(URL, { description: '  Zeta Water ' }, staff);
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ description: 'Zeta Water', parent: null, status: 0, version: 1 });
    });

    it('a child needs a description', async () => {
      const response = await post(`${URL}/${tree.nodes.north}?lang=pt`, { description: '   ' }, tree.users.northAdmin);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ description: 'Obrigatório' });
    });

    it('says who may not edit a level, in the caller language', async () => {
      const response = await post(`${URL}/${tree.nodes.porto}?lang=pt`, { description: 'x' }, tree.users.portoViewer);
      expect(response.json()).toEqual({
        code: 'business.no_permission',
        message: 'Não tem permissão para editar este nível',
      });
      const en = await post(`${URL}/${tree.nodes.porto}`, { description: 'x' }, tree.users.portoUser);
      expect(en.json().message).toBe("You don't have permission to edit this level");
    });
  });

  describe('mass assignment', () => {
    it('ignores ids, paths, parents, users and counts in a new node and never stores them', async () => {
      const response = await post(
        `${URL}/${tree.nodes.south}`,
        {
          description: 'T Sneaky',
          _id: 'chosen-id',
          slug: 'chosen-slug',
          parent: tree.nodes.bravo,
          path: `/${tree.nodes.bravo}/`,
          depth: 1,
          usersAdv: { users: [{ email: 'southadmin@example.com', role: 'superAdmin' }] },
          deviceCount: 99,
          active: { cfg: false, merged: false },
          version: 42,
        },
        tree.users.southAdmin,
      );
      expect(response.statusCode).toBe(201);
      const created = response.json() as BusinessJson;
      expect(created._id).not.toBe('chosen-id');
      expect(created.slug).not.toBe('chosen-slug');
      expect(created.usersAdv.users).toEqual([]);
      expect(created.version).toBe(1);
      const row = await t.db
        .selectFrom('businesses')
        .select(['parentId', 'depth', 'cfgLocked'])
        .where('id', '=', created._id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ parentId: tree.nodes.south, depth: 3, cfgLocked: 0 });
      const entries = await t.db
        .selectFrom('businessUsers')
        .select('userId')
        .where('businessId', '=', created._id)
        .execute();
      expect(entries).toEqual([]);
    });

    it('ignores everything but description and parent in an update', async () => {
      const before = (await get(`${URL}/${tree.nodes.faro}`, staff)).json() as BusinessJson;
      const response = await put(
        tree.nodes.faro,
        {
          version: before.version,
          _id: 'other-id',
          slug: 'other-slug',
          status: 1,
          path: '/',
          depth: 1,
          usersAdv: { users: [{ email: 'southadmin@example.com', role: 'superAdmin' }] },
        },
        tree.users.southAdmin,
      );
      expect(response.statusCode).toBe(200);
      const after = (await get(`${URL}/${tree.nodes.faro}`, staff)).json() as BusinessJson;
      expect({ ...after, version: before.version }).toEqual(before);
      expect((await rowOf(tree.nodes.faro)).depth).toBe(3);
    });
  });

  describe('moving', () => {
    const moveError = async (id: string, parent: string, token: string) => {
      const response = await put(id, { parent, version: await versionOf(id) }, token);
      return [response.statusCode, response.json().code];
    };

    it('refuses each forbidden target with its own code', async () => {
      const { nodes, users } = tree;
      expect(await moveError(nodes.north, nodes.north, users.acmeAdmin)).toEqual([422, 'business.move_to_itself']);
      expect(await moveError(nodes.north, nodes.acme, users.acmeAdmin)).toEqual([422, 'business.move_same_parent']);
      expect(await moveError(nodes.north, nodes.porto, users.acmeAdmin)).toEqual([422, 'business.move_to_descendant']);
      expect(await moveError(nodes.north, 'no-such-node', users.acmeAdmin)).toEqual([
        422,
        'business.move_target_not_found',
      ]);
      // Admin on Faro (through South) but only viewer on the target North.
      expect(await moveError(nodes.faro, nodes.north, users.mixed)).toEqual([403, 'business.no_permission']);
      // A viewer of the node cannot move it anywhere.
      expect(await moveError(nodes.porto, nodes.lisbon, users.portoViewer)).toEqual([403, 'business.no_permission']);
      expect((await rowOf(nodes.north)).parentId).toBe(nodes.acme);
    });

    it('refuses a stale version with 409 and changes nothing', async () => {
      const version = await versionOf(tree.nodes.lisbon);
      expect(
        (await put(tree.nodes.lisbon, { description: 'T Lisboa', version }, tree.users.northAdmin)).statusCode,
      ).toBe(200);
      const stale = await put(tree.nodes.lisbon, { description: 'T Lisbon again', version }, tree.users.northAdmin);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('conflict');
      expect((await get(`${URL}/${tree.nodes.lisbon}`, staff)).json()).toMatchObject({
        description: 'T Lisboa',
        version: version + 1,
      });
      const missing = await put(tree.nodes.lisbon, { description: 'T Lisbon' }, tree.users.northAdmin);
      expect(missing.statusCode).toBe(400);
    });

    it('never makes a cycle out of two crossing moves', async () => {
      const create = async (description: string) =>
        ((await post(`${URL}/${tree.nodes.south}`, { description }, staff)).json() as BusinessJson)._id;
      const a = await create('T Cross A');
      const b = await create('T Cross B');
      const responses = await Promise.all([
        put(a, { parent: b, version: 1 }, tree.users.acmeAdmin),
        put(b, { parent: a, version: 1 }, tree.users.acmeAdmin),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 422]);
      expect(responses.find((response) => response.statusCode === 422)?.json().code).toBe(
        'business.move_to_descendant',
      );
      const [rowA, rowB] = [await rowOf(a), await rowOf(b)];
      expect([rowA.parentId === b, rowB.parentId === a].filter(Boolean)).toHaveLength(1);
      expect([rowA.parentId, rowB.parentId]).toContain(tree.nodes.south);
    });

    it('moves a deep subtree in one go, rewriting every path and depth below it', async () => {
      const { nodes, users } = tree;
      let parent = nodes.porto;
      const chain: string[] = [];
      for (let level = 1; level <= 5; level += 1) {
        const response = await post(`${URL}/${parent}`, { description: `T Deep ${level}` }, users.acmeAdmin);
        parent = (response.json() as BusinessJson)._id;
        chain.push(parent);
      }
      const before = await rowOf(chain[4] ?? '');
      expect(before.depth).toBe(8);

      const moved = await put(
        nodes.porto,
        { parent: nodes.faro, version: await versionOf(nodes.porto) },
        users.acmeAdmin,
      );
      expect(moved.statusCode).toBe(200);
      expect(moved.json().parent).toBe(((await get(`${URL}/${nodes.faro}`, staff)).json() as BusinessJson).slug);

      const porto = await rowOf(nodes.porto);
      expect(porto).toEqual({
        parentId: nodes.faro,
        path: `/${nodes.acme}/${nodes.south}/${nodes.faro}/${nodes.porto}/`,
        depth: 4,
      });
      let expectedPath = porto.path;
      for (const [index, id] of chain.entries()) {
        expectedPath += `${id}/`;
        expect(await rowOf(id)).toMatchObject({ path: expectedPath, depth: 5 + index });
      }
      // Reach follows the new paths: South's admin now sees the moved subtree, North's admin no longer does.
      const south = await descriptionsOf(users.southAdmin);
      expect(south).toEqual(expect.arrayContaining(['T Porto', 'T Deep 5']));
      expect(await descriptionsOf(users.northAdmin)).not.toContain('T Deep 1');
      expect((await get(`${URL}/${chain[2]}`, users.northAdmin)).statusCode).toBe(404);

      // And back, with the descendants' depths restored.
      const back = await put(
        nodes.porto,
        { parent: nodes.north, version: await versionOf(nodes.porto) },
        users.acmeAdmin,
      );
      expect(back.statusCode).toBe(200);
      expect(await rowOf(chain[4] ?? '')).toEqual(before);
    });
  });

  describe('deleting', () => {
    it('refuses a level with sublevels, deletes a leaf and records it on the parent', async () => {
      const { nodes, users } = tree;
      const refused = await t.request({ method: 'DELETE', url: `${URL}/${nodes.south}`, token: users.acmeAdmin });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().code).toBe('business.has_sublevels');

      const leaf = (await post(`${URL}/${nodes.south}`, { description: 'T Leaf' }, users.southAdmin)).json()._id;
      const deleted = await t.request({ method: 'DELETE', url: `${URL}/${leaf}`, token: users.mixed });
      expect(deleted.statusCode).toBe(204);
      expect((await get(`${URL}/${leaf}`, staff)).statusCode).toBe(404);
      const logs = (await get(`${URL}/${nodes.south}/logs?reverseOrder=true`, staff)).json();
      expect(logs.data[0]).toMatchObject({
        action: 'child_deleted',
        user: 't-mixed@example.com',
        details: { childId: leaf, description: 'T Leaf' },
      });
    });

    it('a top-level business only by provider staff', async () => {
      const top = (await post(URL, { description: 'T Lonely' }, staff)).json()._id;
      await t.services.businessesRepo.setEntry(
        top,
        (await t.services.usersRepo.findByEmail('t-acmeadmin@example.com'))?.id ?? '',
        'admin',
        Date.now(),
      );
      expect(
        (await t.request({ method: 'DELETE', url: `${URL}/${top}`, token: tree.users.acmeAdmin })).statusCode,
      ).toBe(403);
      expect((await t.request({ method: 'DELETE', url: `${URL}/${top}`, token: staff })).statusCode).toBe(204);
    });
  });

  describe('activation and logs', () => {
    it('deactivates (status 1) and activates (status 0), and logs who did what', async () => {
      const { nodes, users } = tree;
      const off = await post(`${URL}/${nodes.lisbon}/deactivate`, undefined, users.northAdmin);
      expect(off.json()).toMatchObject({ status: 1 });
      const on = await post(`${URL}/${nodes.lisbon}/activate`, undefined, users.northAdmin);
      expect(on.json()).toMatchObject({ status: 0 });

      const logs = (await get(`${URL}/${nodes.lisbon}/logs?reverseOrder=true&pageSize=10`, users.northAdmin)).json();
      expect(logs.data.slice(0, 2).map((log: { action: string; user: string }) => [log.action, log.user])).toEqual([
        ['activated', 't-northadmin@example.com'],
        ['deactivated', 't-northadmin@example.com'],
      ]);
      const oldestFirst = (await get(`${URL}/${nodes.lisbon}/logs`, staff)).json();
      expect(oldestFirst.data[0]).toMatchObject({ action: 'created', user: 'staff@example.com' });
      expect(oldestFirst.data[0].details).toEqual({ description: 'T Lisbon' });
    });

    it('pages the log and filters it by date', async () => {
      const { nodes, users } = tree;
      for (let i = 0; i < 11; i += 1) await post(`${URL}/${nodes.bravoChild}/deactivate`, undefined, users.bravoAdmin);
      const first = (await get(`${URL}/${nodes.bravoChild}/logs?page=1&pageSize=10`, users.bravoAdmin)).json();
      expect(first).toMatchObject({ totalElements: 12, hasNext: true });
      expect(first.data).toHaveLength(10);
      const second = (await get(`${URL}/${nodes.bravoChild}/logs?page=2&pageSize=10`, users.bravoAdmin)).json();
      expect(second).toMatchObject({ totalElements: 12, hasNext: false });
      expect(second.data).toHaveLength(2);
      const future = new Date(Date.now() + 60_000).toISOString();
      const none = (await get(`${URL}/${nodes.bravoChild}/logs?fromDate=${future}`, users.bravoAdmin)).json();
      expect(none).toEqual({ data: [], totalElements: 0, hasNext: false });
      expect((await get(`${URL}/${nodes.bravoChild}/logs?pageSize=7`, users.bravoAdmin)).statusCode).toBe(400);
    });
  });
});

type Principal =
  | 'staff'
  | 'acmeAdmin'
  | 'northAdmin'
  | 'southAdmin'
  | 'portoAdmin'
  | 'portoSuper'
  | 'portoUser'
  | 'portoViewer'
  | 'bravoAdmin'
  | 'cut'
  | 'nobody';
type Target = 'north' | 'acme' | 'porto' | 'south' | 'bravo';
type Call = 'get' | 'addChild' | 'rename' | 'deactivate' | 'logs' | 'users' | 'addUser';

/** R: may read (GET, logs 200; edits 403). W: may read and edit. N: not reachable (404 everywhere). */
const MATRIX: Record<Principal, Record<Target, 'W' | 'R' | 'N'>> = {
  //           North (own)  Acme (ancestor)  Porto (descendant)  South (sibling)  Bravo (other tenant)
  staff: { north: 'W', acme: 'W', porto: 'W', south: 'W', bravo: 'W' },
  acmeAdmin: { north: 'W', acme: 'W', porto: 'W', south: 'W', bravo: 'N' },
  northAdmin: { north: 'W', acme: 'N', porto: 'W', south: 'N', bravo: 'N' },
  southAdmin: { north: 'N', acme: 'N', porto: 'N', south: 'W', bravo: 'N' },
  portoAdmin: { north: 'N', acme: 'N', porto: 'W', south: 'N', bravo: 'N' },
  portoSuper: { north: 'N', acme: 'N', porto: 'W', south: 'N', bravo: 'N' },
  portoUser: { north: 'N', acme: 'N', porto: 'R', south: 'N', bravo: 'N' },
  portoViewer: { north: 'N', acme: 'N', porto: 'R', south: 'N', bravo: 'N' },
  bravoAdmin: { north: 'N', acme: 'N', porto: 'N', south: 'N', bravo: 'W' },
  cut: { north: 'N', acme: 'W', porto: 'N', south: 'W', bravo: 'N' },
  nobody: { north: 'N', acme: 'N', porto: 'N', south: 'N', bravo: 'N' },
};

const EXPECTED: Record<'W' | 'R' | 'N', Record<Call, number>> = {
  W: { get: 200, logs: 200, addChild: 201, rename: 200, deactivate: 200, users: 200, addUser: 200 },
  R: { get: 200, logs: 200, addChild: 403, rename: 403, deactivate: 403, users: 200, addUser: 403 },
  N: { get: 404, logs: 404, addChild: 404, rename: 404, deactivate: 404, users: 404, addUser: 404 },
};

describe.each(databaseKinds())('business authorisation matrix on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let tree: Awaited<ReturnType<typeof buildTree>>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    staff = await t.signIn('staff@example.com', PASSWORD);
    tree = await buildTree(t, staff, 'M');
  });
  afterAll(async () => t?.close());

  it('answers every principal × target × call as the table says', async () => {
    const unexpected: string[] = [];
    for (const [principal, row] of Object.entries(MATRIX) as [Principal, Record<Target, 'W' | 'R' | 'N'>][]) {
      const token = principal === 'staff' ? staff : tree.users[principal];
      for (const [target, access] of Object.entries(row) as [Target, 'W' | 'R' | 'N'][]) {
        const id = tree.nodes[target];
        const version = (await t.request({ method: 'GET', url: `${URL}/${id}`, token: staff })).json().version;
        const calls: Record<Call, Parameters<TestApp['request']>[0]> = {
          get: { method: 'GET', url: `${URL}/${id}` },
          logs: { method: 'GET', url: `${URL}/${id}/logs` },
          addChild: { method: 'POST', url: `${URL}/${id}`, payload: { description: `by ${principal}` } },
          rename: { method: 'PUT', url: `${URL}/${id}`, payload: { description: `M ${target}`, version } },
          deactivate: { method: 'POST', url: `${URL}/${id}/deactivate` },
          users: { method: 'GET', url: `${URL}/${id}/users` },
          addUser: {
            method: 'POST',
            url: `${URL}/${id}/users`,
            payload: { emails: [`added-by-${principal.toLowerCase()}@example.com`], role: 'viewer' },
          },
        };
        for (const [call, options] of Object.entries(calls) as [Call, (typeof calls)[Call]][]) {
          const status = (await t.request({ ...options, token })).statusCode;
          const expected = EXPECTED[access][call];
          if (status !== expected) unexpected.push(`${principal} ${call} ${target}: ${status}, expected ${expected}`);
        }
      }
    }
    expect(unexpected).toEqual([]);
  });
});
