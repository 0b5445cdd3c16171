import type { BusinessRole } from '@iot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAsset, insertAssetType } from '../../testing/asset-rows.js';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

const PASSWORD = 'a good password';

type Principal =
  | 'staff'
  | 'tenantAdmin'
  | 'siteAdmin'
  | 'siteUser'
  | 'siteViewer'
  | 'siblingAdmin'
  | 'otherTenantAdmin'
  | 'nobody';
/** Where the asset is, seen from Site A (Tenant → Site A → Room, Tenant → Site B; Other). */
type Place = 'ancestor' | 'own' | 'descendant' | 'sibling' | 'otherTenant';
const LEVEL_OF: Record<Place, string> = {
  ancestor: 'Tenant',
  own: 'Site A',
  descendant: 'Room',
  sibling: 'Site B',
  otherTenant: 'Other',
};
type Answer = 'ok' | 403 | 404;

/** Reading an asset's readings and alarms: viewers and up of its level (or above). */
const READ: Record<Principal, Record<Place, Answer>> = {
  staff: { ancestor: 'ok', own: 'ok', descendant: 'ok', sibling: 'ok', otherTenant: 'ok' },
  tenantAdmin: { ancestor: 'ok', own: 'ok', descendant: 'ok', sibling: 'ok', otherTenant: 404 },
  siteAdmin: { ancestor: 404, own: 'ok', descendant: 'ok', sibling: 404, otherTenant: 404 },
  siteUser: { ancestor: 404, own: 'ok', descendant: 'ok', sibling: 404, otherTenant: 404 },
  siteViewer: { ancestor: 404, own: 'ok', descendant: 'ok', sibling: 404, otherTenant: 404 },
  siblingAdmin: { ancestor: 404, own: 404, descendant: 404, sibling: 'ok', otherTenant: 404 },
  otherTenantAdmin: { ancestor: 404, own: 404, descendant: 404, sibling: 404, otherTenant: 'ok' },
  nobody: { ancestor: 404, own: 404, descendant: 404, sibling: 404, otherTenant: 404 },
};

/** Moving an asset (to its own level): admins of it and of the target; below admin 403, out of reach 404. */
const MOVE: Record<Principal, Record<Place, Answer>> = {
  staff: { ancestor: 'ok', own: 'ok', descendant: 'ok', sibling: 'ok', otherTenant: 'ok' },
  tenantAdmin: { ancestor: 'ok', own: 'ok', descendant: 'ok', sibling: 'ok', otherTenant: 404 },
  siteAdmin: { ancestor: 404, own: 'ok', descendant: 'ok', sibling: 404, otherTenant: 404 },
  siteUser: { ancestor: 404, own: 403, descendant: 403, sibling: 404, otherTenant: 404 },
  siteViewer: { ancestor: 404, own: 403, descendant: 403, sibling: 404, otherTenant: 404 },
  siblingAdmin: { ancestor: 404, own: 404, descendant: 404, sibling: 'ok', otherTenant: 404 },
  otherTenantAdmin: { ancestor: 404, own: 404, descendant: 404, sibling: 404, otherTenant: 'ok' },
  nobody: { ancestor: 404, own: 404, descendant: 404, sibling: 404, otherTenant: 404 },
};

describe.each(databaseKinds())('asset move and history authorisation matrix on %s', (kind) => {
  let t: TestApp;
  const tokens = {} as Record<Principal, string>;
  let nodes: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    tokens.staff = await t.signIn('staff@example.com', PASSWORD);
    nodes = await t.createTree(tokens.staff, [
      ['Tenant'],
      ['Site A', 'Tenant'],
      ['Room', 'Site A'],
      ['Site B', 'Tenant'],
      ['Other'],
    ]);
    for (const tenant of ['Tenant', 'Other'])
      await t.services.plansRepo.insert(
        { businessId: nodes[tenant] ?? '', name: 'Assets', features: { assetSupport: true } },
        Date.now(),
      );
    const userWith = async (principal: Principal, node: string | null, role: BusinessRole) => {
      const user = await t.createUser(`${principal.toLowerCase()}@example.com`, PASSWORD);
      if (node) await t.services.businessesRepo.setEntry(nodes[node] ?? '', user.id, role, Date.now());
      tokens[principal] = await t.signIn(`${principal.toLowerCase()}@example.com`, PASSWORD);
    };
    await userWith('tenantAdmin', 'Tenant', 'admin');
    await userWith('siteAdmin', 'Site A', 'admin');
    await userWith('siteUser', 'Site A', 'user');
    await userWith('siteViewer', 'Site A', 'viewer');
    await userWith('siblingAdmin', 'Site B', 'admin');
    await userWith('otherTenantAdmin', 'Other', 'admin');
    await userWith('nobody', null, 'viewer');
    await insertAssetType(t.db);
  });
  afterAll(async () => t?.close());

  it('answers every principal × place × call as the tables say, and a refused call changes nothing', async () => {
    const unexpected: string[] = [];
    let serial = 0;
    for (const principal of Object.keys(READ) as Principal[]) {
      for (const place of Object.keys(LEVEL_OF) as Place[]) {
        serial += 1;
        const level = nodes[LEVEL_OF[place]] ?? '';
        const created = await t.request({
          method: 'POST',
          url: '/api/devices',
          payload: {
            businessId: level,
            deviceType: 'th-sensor-sigfox',
            sigfoxID: `AB${String(serial).padStart(4, '0')}`,
          },
          token: tokens.staff,
        });
        const uuid = created.json().uuid as string;
        const id = `asset-${principal}-${place}`;
        await insertAsset(t.db, { id, businessId: level, links: [{ deviceId: uuid, from: 0 }] });
        const calls: [Record<Principal, Record<Place, Answer>>, string, Parameters<TestApp['request']>[0]][] = [
          [READ, 'readings', { method: 'GET', url: `/api/assets/${id}/readings?signals=temperature&from=0&to=1` }],
          [READ, 'alarms', { method: 'GET', url: `/api/customer-business/${level}/alarms?assetID=${id}` }],
          [
            MOVE,
            'move dry run',
            {
              method: 'POST',
              url: `/api/customer-business/${level}/asset/move`,
              payload: { assets: [id], dryRun: true },
            },
          ],
          [
            MOVE,
            'move',
            { method: 'POST', url: `/api/customer-business/${level}/asset/move`, payload: { assets: [id] } },
          ],
        ];
        for (const [table, name, options] of calls) {
          const before = await t.db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirst();
          const answer = await t.request({ ...options, token: tokens[principal] });
          const want = table[principal][place];
          const allowed = answer.statusCode >= 200 && answer.statusCode < 300;
          if (want === 'ok' ? !allowed : answer.statusCode !== want)
            unexpected.push(`${principal} ${place} ${name}: ${answer.statusCode}, expected ${want}`);
          const after = await t.db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirst();
          if (!allowed && JSON.stringify(after) !== JSON.stringify(before))
            unexpected.push(`${principal} ${place} ${name}: refused but changed`);
        }
        // The linked device's listing by asset follows the asset's reach.
        const detailed = await t.request({
          method: 'GET',
          url: `/api/devices/list/detailed?assetID=${id}`,
          token: tokens[principal],
        });
        const listed = (detailed.json() as { uuid: string }[]).map((device) => device.uuid);
        const wantListed = READ[principal][place] === 'ok' ? [uuid] : [];
        if (JSON.stringify(listed) !== JSON.stringify(wantListed))
          unexpected.push(`${principal} ${place} detailed by asset: ${listed.length} devices`);
      }
    }
    expect(unexpected).toEqual([]);
  });
});
