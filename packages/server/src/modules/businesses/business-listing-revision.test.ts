import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

const URL = '/api/customer-business';
const PASSWORD = 'a good password';

interface BusinessJson {
  _id: string;
  description: string;
  children: string[];
  usersAdv: { users: { email: string; role: string }[] };
  deviceCount: number;
  version: number;
}

/**
 * A listing is answered again while the tree revision stays; every change to what it shows, whichever path writes
 * it, must move the revision, so no caller ever reads a listing older than the tree.
 */
describe.each(databaseKinds())('the tree listing as the tree changes on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let acmeAdmin: string;
  let northViewer: string;
  let ids: Record<string, string>;

  const list = async (token: string, etag?: string) =>
    t.request({ method: 'GET', url: URL, token, ...(etag ? { headers: { 'if-none-match': etag } } : {}) });
  const listed = async (token: string) => {
    const response = await list(token);
    expect(response.statusCode).toBe(200);
    return new Map((response.json() as BusinessJson[]).map((node) => [node.description, node]));
  };
  const etagOf = async (token: string) => (await list(token)).headers.etag as string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    staff = await t.signIn('staff@example.com', PASSWORD);
    ids = await t.createTree(staff, [['Acme'], ['North', 'Acme'], ['South', 'Acme'], ['Bravo']]);
    acmeAdmin = await t.userWith('acme-admin', PASSWORD, ids.Acme ?? '', 'admin');
    northViewer = await t.userWith('north-viewer', PASSWORD, ids.North ?? '', 'viewer');
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers an unchanged listing with 304 to the tag it gave, and each caller only their own listing', async () => {
    const first = await list(acmeAdmin);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    const again = await list(acmeAdmin, etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Answered from what was kept: the same bytes.
    expect((await list(acmeAdmin)).body).toBe(first.body);

    const theirs = await list(northViewer, etag);
    expect(theirs.statusCode).toBe(200);
    expect([...(await listed(northViewer)).keys()]).toEqual(['North']);
    expect([...(await listed(acmeAdmin)).keys()]).toEqual(['Acme', 'North', 'South']);
  });

  it('answers every provider staff member from the one listing of the whole tree', async () => {
    await t.createUser('staff-2@example.com', PASSWORD, { role: 'product' });
    const colleague = await t.signIn('staff-2@example.com', PASSWORD);
    const etag = await etagOf(staff);
    expect((await list(colleague, etag)).statusCode).toBe(304);
    expect([...(await listed(colleague)).keys()]).toEqual(['Acme', 'Bravo', 'North', 'South']);
  });

  it('shows every change at once: a rename, a new child, a move, a user added, a device, an e-mail changed', async () => {
    const changes: [string, () => Promise<void>, (nodes: Map<string, BusinessJson>) => void][] = [
      [
        'rename',
        async () => {
          const version = (await listed(acmeAdmin)).get('South')?.version;
          const response = await t.request({
            method: 'PUT',
            url: `${URL}/${ids.South}`,
            token: acmeAdmin,
            payload: { description: 'Southwest', version },
          });
          expect(response.statusCode).toBe(200);
        },
        (nodes) => expect(nodes.has('Southwest')).toBe(true),
      ],
      [
        'child',
        async () => {
          const response = await t.request({
            method: 'POST',
            url: `${URL}/${ids.North}`,
            token: acmeAdmin,
            payload: { description: 'Porto', status: 0 },
          });
          expect(response.statusCode).toBe(201);
          ids.Porto = response.json()._id;
        },
        (nodes) => expect(nodes.get('North')?.children).toEqual([ids.Porto]),
      ],
      [
        'move',
        async () => {
          const version = (await listed(acmeAdmin)).get('Porto')?.version;
          const response = await t.request({
            method: 'PUT',
            url: `${URL}/${ids.Porto}`,
            token: acmeAdmin,
            payload: { parent: ids.South, version },
          });
          expect(response.statusCode).toBe(200);
        },
        (nodes) => {
          expect(nodes.get('North')?.children).toEqual([]);
          expect(nodes.get('Southwest')?.children).toEqual([ids.Porto]);
        },
      ],
      [
        'user',
        async () => {
          const response = await t.request({
            method: 'POST',
            url: `${URL}/${ids.Porto}/users`,
            token: acmeAdmin,
            payload: { emails: ['north-viewer@example.com'], role: 'user' },
          });
          expect(response.statusCode).toBe(200);
        },
        (nodes) =>
          expect(nodes.get('Porto')?.usersAdv.users).toEqual([{ email: 'north-viewer@example.com', role: 'user' }]),
      ],
      [
        'device',
        async () => {
          const response = await t.request({
            method: 'POST',
            url: '/api/devices',
            token: acmeAdmin,
            payload: { businessId: ids.Porto, deviceType: 'gps-tracker', IMEI: '490154203237518' },
          });
          expect(response.statusCode).toBe(201);
        },
        (nodes) => {
          expect(nodes.get('Porto')?.deviceCount).toBe(1);
          expect(nodes.get('Acme')?.deviceCount).toBe(1);
        },
      ],
      [
        'e-mail',
        async () => {
          // Straight in the database: the revision follows the data, not the code path that wrote it.
          await t.db
            .updateTable('users')
            .set({ email: 'porto-user@example.com' })
            .where('email', '=', 'north-viewer@example.com')
            .execute();
        },
        (nodes) => expect(nodes.get('Porto')?.usersAdv.users[0]?.email).toBe('porto-user@example.com'),
      ],
    ];
    for (const [name, change, expectation] of changes) {
      const before = await etagOf(acmeAdmin);
      await change();
      const after = await list(acmeAdmin, before);
      expect(after.statusCode, name).toBe(200);
      expectation(new Map((after.json() as BusinessJson[]).map((node) => [node.description, node])));
    }
  });

  it('shows a moved subtree, sublevels included, to whoever reaches it at its new place', async () => {
    const viewer = await t.userWith('north-only', PASSWORD, ids.North ?? '', 'viewer');
    const before = await etagOf(viewer);
    const seen = await listed(viewer);
    expect([seen.has('Southwest'), seen.has('Porto')]).toEqual([false, false]);
    const version = (await listed(acmeAdmin)).get('Southwest')?.version;
    const moved = await t.request({
      method: 'PUT',
      url: `${URL}/${ids.South}`,
      token: acmeAdmin,
      payload: { parent: ids.North, version },
    });
    expect(moved.statusCode).toBe(200);
    const after = await list(viewer, before);
    expect(after.statusCode).toBe(200);
    const nodes = new Map((after.json() as BusinessJson[]).map((node) => [node.description, node]));
    expect(nodes.get('North')?.children).toContain(ids.South);
    expect(nodes.get('Southwest')?.children).toEqual([ids.Porto]);
  });

  it.runIf(kind === 'postgres')("does not make one tenant's writer wait for another's open transaction", async () => {
    const other = new pg.Client({ connectionString: t.config.databaseUrl });
    await other.connect();
    try {
      // A long transaction in Bravo, not yet committed.
      await other.query('begin');
      await other.query(`update business_nodes set description = 'Bravo (renaming)' where id = $1`, [ids.Bravo]);
      const before = await etagOf(acmeAdmin);
      const version = (await listed(acmeAdmin)).get('North')?.version;
      const renamed = await Promise.race([
        t.request({
          method: 'PUT',
          url: `${URL}/${ids.North}`,
          token: acmeAdmin,
          payload: { description: 'North (renamed)', version },
        }),
        new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 3_000)),
      ]);
      expect(renamed === 'waited' ? renamed : renamed.statusCode).toBe(200);
      expect((await list(acmeAdmin, before)).statusCode).toBe(200);
      await other.query('commit');
      expect((await listed(staff)).has('Bravo (renaming)')).toBe(true);
    } finally {
      await other.end();
    }
  });

  it('takes a listing away from a caller whose entry is removed', async () => {
    const etag = await etagOf(northViewer);
    const response = await t.request({
      method: 'DELETE',
      url: `${URL}/${ids.North}/users/${encodeURIComponent('porto-user@example.com')}`,
      token: acmeAdmin,
    });
    expect(response.statusCode).toBe(204);
    const after = await list(northViewer, etag);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual([expect.objectContaining({ description: 'Porto' })]);
  });
});
