import type { BusinessRole } from '@iot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

const PASSWORD = 'a good password';

type Principal = 'staff' | 'tenantAdmin' | 'siteUser' | 'siteViewer' | 'siblingAdmin' | 'otherTenantAdmin' | 'nobody';
type Level = 'read' | 'edit' | 'manage';

/** What each principal gets for a call of each level on a device of Site A (Tenant → Site A, Site B; Other). */
const EXPECTED: Record<Principal, Record<Level, 'ok' | 403 | 404>> = {
  staff: { read: 'ok', edit: 'ok', manage: 'ok' },
  tenantAdmin: { read: 'ok', edit: 'ok', manage: 'ok' },
  siteUser: { read: 'ok', edit: 'ok', manage: 403 },
  siteViewer: { read: 'ok', edit: 403, manage: 403 },
  siblingAdmin: { read: 404, edit: 404, manage: 404 },
  otherTenantAdmin: { read: 404, edit: 404, manage: 404 },
  nobody: { read: 404, edit: 404, manage: 404 },
};

/** A bulk move of a Site A device to Site A (where it is) and to Site B: `ok`, a per-device code, or a status. */
const BULK_MOVE: Record<Principal, [string | number, string | number]> = {
  staff: ['ok', 'ok'],
  tenantAdmin: ['ok', 'ok'],
  siteUser: [403, 404],
  siteViewer: [403, 404],
  siblingAdmin: [404, 'not_found'],
  otherTenantAdmin: [404, 404],
  nobody: [404, 404],
};

describe.each(databaseKinds())('device authorisation matrix on %s', (kind) => {
  let t: TestApp;
  const tokens = {} as Record<Principal, string>;
  const nodes: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    tokens.staff = await t.signIn('staff@example.com', PASSWORD);
    for (const [name, parent] of [['Tenant'], ['Site A', 'Tenant'], ['Site B', 'Tenant'], ['Other']] as const) {
      const response = await t.request({
        method: 'POST',
        url: parent ? `/api/customer-business/${nodes[parent]}` : '/api/customer-business',
        payload: { description: name },
        token: tokens.staff,
      });
      nodes[name] = response.json()._id;
    }
    const userWith = async (principal: Principal, node: string | null, role: BusinessRole) => {
      const user = await t.createUser(`${principal.toLowerCase()}@example.com`, PASSWORD);
      if (node) await t.services.businessesRepo.setEntry(nodes[node] ?? '', user.id, role, Date.now());
      tokens[principal] = await t.signIn(`${principal.toLowerCase()}@example.com`, PASSWORD);
    };
    await userWith('tenantAdmin', 'Tenant', 'admin');
    await userWith('siteUser', 'Site A', 'user');
    await userWith('siteViewer', 'Site A', 'viewer');
    await userWith('siblingAdmin', 'Site B', 'admin');
    await userWith('otherTenantAdmin', 'Other', 'admin');
    await userWith('nobody', null, 'viewer');
  });
  afterAll(async () => t?.close());

  it('answers every principal × call as the table says, and a refused call changes nothing', async () => {
    const unexpected: string[] = [];
    let serial = 0;
    for (const [principal, expected] of Object.entries(EXPECTED) as [Principal, Record<Level, 'ok' | 403 | 404>][]) {
      serial += 1;
      const created = await t.request({
        method: 'POST',
        url: '/api/devices',
        payload: {
          businessId: nodes['Site A'],
          deviceType: 'th-sensor-sigfox',
          sigfoxID: `AB${String(serial).padStart(4, '0')}`,
        },
        token: tokens.staff,
      });
      const uuid = created.json().uuid as string;
      const version = async () =>
        (await t.request({ method: 'GET', url: `/api/devices/${uuid}`, token: tokens.staff })).json().version;
      const calls: [Level, string, () => Promise<Parameters<TestApp['request']>[0]>][] = [
        ['read', 'get', async () => ({ method: 'GET', url: `/api/devices/${uuid}` })],
        ['read', 'outputs', async () => ({ method: 'GET', url: `/api/devices/${uuid}/outputs` })],
        ['read', 'alarms', async () => ({ method: 'GET', url: `/api/devices/${uuid}/alarms` })],
        ['read', 'downlink', async () => ({ method: 'GET', url: `/api/devices/${uuid}/downlink` })],
        ['read', 'batteries', async () => ({ method: 'GET', url: `/api/devices/${uuid}/battery-changes` })],
        ['read', 'userdata', async () => ({ method: 'GET', url: `/api/devices/${uuid}/userdata` })],
        ['read', 'calibration', async () => ({ method: 'GET', url: `/api/devices/${uuid}/calibration` })],
        [
          'edit',
          'update',
          async () => ({
            method: 'PUT',
            url: '/api/devices',
            payload: { uuid, version: await version(), description: principal },
          }),
        ],
        [
          'edit',
          'parameters',
          async () => ({
            method: 'PATCH',
            url: `/api/devices/${uuid}/parameters`,
            payload: { version: await version(), values: {} },
          }),
        ],
        [
          'edit',
          'alarm rules',
          async () => ({
            method: 'PATCH',
            url: `/api/devices/${uuid}/alarms`,
            payload: { version: await version(), rules: [] },
          }),
        ],
        [
          'edit',
          'userdata',
          async () => ({
            method: 'PATCH',
            url: `/api/devices/${uuid}/userdata`,
            payload: { version: await version(), data: {} },
          }),
        ],
        [
          'edit',
          'battery',
          async () => ({
            method: 'PATCH',
            url: `/api/devices/${uuid}/addBatteryChange`,
            payload: { date: '2026-01-01T00:00:00.000Z' },
          }),
        ],
        [
          'edit',
          'remove calibration',
          async () => ({
            method: 'POST',
            url: '/api/devices/advanced/remove-calibration-data',
            payload: { deviceUUID: uuid },
          }),
        ],
        [
          'manage',
          'set route',
          async () => ({ method: 'POST', url: `/api/devices/set-route/${uuid}`, payload: { destination: 'x' } }),
        ],
        [
          'manage',
          'wipe',
          async () => ({ method: 'POST', url: '/api/devices/advanced/wipe-log-data', payload: { deviceUUID: uuid } }),
        ],
        [
          'manage',
          'change type',
          async () => ({
            method: 'POST',
            url: '/api/devices/advanced/update-device-type',
            payload: { deviceUUID: uuid, deviceType: 'th-sensor-sigfox' },
          }),
        ],
        ['manage', 'delete', async () => ({ method: 'DELETE', url: `/api/devices/${uuid}` })],
      ];
      // Bulk moves: the target needs admin; a device out of the caller's reach is answered as not found.
      for (const target of ['Site A', 'Site B'] as const) {
        const moved = await t.request({
          method: 'POST',
          url: '/api/devices/bulk-business-set',
          payload: { devices: [uuid], businessId: nodes[target] },
          token: tokens[principal],
        });
        const outcome =
          moved.statusCode === 200
            ? moved.json().results[0].ok
              ? 'ok'
              : moved.json().results[0].code
            : moved.statusCode;
        const want = BULK_MOVE[principal][target === 'Site A' ? 0 : 1];
        if (outcome !== want) unexpected.push(`${principal} bulk move to ${target}: ${outcome}, expected ${want}`);
        if (outcome === 'ok' && target === 'Site B')
          await t.request({
            method: 'POST',
            url: '/api/devices/bulk-business-set',
            payload: { devices: [uuid], businessId: nodes['Site A'] },
            token: tokens.staff,
          });
      }
      for (const [level, name, options] of calls) {
        const before = await t.db.selectFrom('devices').selectAll().where('id', '=', uuid).executeTakeFirst();
        const status = (await t.request({ ...(await options()), token: tokens[principal] })).statusCode;
        const want = expected[level];
        const allowed = status >= 200 && status < 300;
        if (want === 'ok' ? !allowed : status !== want)
          unexpected.push(`${principal} ${name}: ${status}, expected ${want}`);
        if (!allowed) {
          const after = await t.db.selectFrom('devices').selectAll().where('id', '=', uuid).executeTakeFirst();
          if (JSON.stringify(after) !== JSON.stringify(before))
            unexpected.push(`${principal} ${name}: refused but changed`);
        }
      }
    }
    expect(unexpected).toEqual([]);
  });
});
