import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

const URL = '/api/customer-business';
const PASSWORD = 'a good password';

interface BusinessJson {
  _id: string;
  parent: string | null;
  children: string[];
  usersAdv: { users: { email: string; role: string }[] };
}

/**
 * A listing larger than one batch of ids (500) takes the children, the parents' slugs and the entries from the whole
 * reachable set at once; each listed node must read exactly as the same node read on its own.
 */
describe.each(databaseKinds())('a large business tree on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const ids: { top: string; cut: string; underCut: string; sample: string[] } = {
    top: '',
    cut: '',
    underCut: '',
    sample: [],
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    const repo = t.services.businessesRepo;
    const now = Date.now();
    const outside = await repo.insert({ description: 'Outside', status: 0, parent: null }, now);
    const top = await repo.insert({ description: 'Top', status: 0, parent: outside }, now);
    const children = [];
    for (let i = 0; i < 30; i++)
      children.push(await repo.insert({ description: `Child ${i}`, status: 0, parent: top }, now));
    const grandchildren = [];
    for (const [i, child] of children.entries())
      for (let k = 0; k < 20; k++)
        grandchildren.push(await repo.insert({ description: `Grandchild ${i}.${k}`, status: 0, parent: child }, now));
    const [cut, kept] = children;
    const underCut = grandchildren[0];
    const other = grandchildren[45];
    if (!cut || !kept || !underCut || !other) throw new Error('tree not built');

    const user = await t.createUser('admin@example.com', PASSWORD);
    const colleague = await t.createUser('colleague@example.com', PASSWORD);
    await repo.setEntry(top.id, user.id, 'admin', now);
    await repo.setEntry(cut.id, user.id, 'none', now);
    await repo.setEntry(outside.id, colleague.id, 'viewer', now);
    await repo.setEntry(kept.id, colleague.id, 'user', now);
    await repo.setEntry(underCut.id, colleague.id, 'admin', now);
    await repo.setEntry(other.id, colleague.id, 'viewer', now);
    admin = await t.signIn('admin@example.com', PASSWORD);
    Object.assign(ids, {
      top: top.id,
      cut: cut.id,
      underCut: underCut.id,
      sample: [top.id, kept.id, other.id, ...grandchildren.filter((_, i) => i % 97 === 50).map((row) => row.id)],
    });
  }, 120_000);
  afterAll(async () => t?.close());

  it('lists each node as it reads on its own, without what a `none` entry cuts away', async () => {
    const response = await t.request({ method: 'GET', url: URL, token: admin });
    expect(response.statusCode).toBe(200);
    const listed = response.json() as BusinessJson[];
    // Top, 29 children and their 580 grandchildren; the cut child and its 20 grandchildren are out of reach.
    expect(listed).toHaveLength(1 + 29 + 29 * 20);
    const byId = new Map(listed.map((node) => [node._id, node]));
    expect(byId.has(ids.cut)).toBe(false);
    expect(byId.has(ids.underCut)).toBe(false);
    for (const id of ids.sample) {
      const alone = (await t.request({ method: 'GET', url: `${URL}/${id}`, token: admin })).json() as BusinessJson;
      expect(byId.get(id), id).toEqual(alone);
    }
    const top = byId.get(ids.top);
    expect(top?.parent).toBeNull();
    expect(top?.children).toHaveLength(29);
    expect(top?.usersAdv.users).toEqual([{ email: 'admin@example.com', role: 'admin' }]);
  });

  it('answers the tops of the tree with their reachable children', async () => {
    const roots = (await t.request({ method: 'GET', url: `${URL}/root`, token: admin })).json() as BusinessJson[];
    const alone = (await t.request({ method: 'GET', url: `${URL}/${ids.top}`, token: admin })).json();
    expect(roots).toEqual([alone]);
  });
});
