import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME, type Principal, startAuthorisationWorld } from '../../testing/authorisation-world.js';
import type { TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

type Level = 'read' | 'manage';

const EXPECTED: Record<Principal, Record<Level, 'ok' | 403 | 404>> = {
  staff: { read: 'ok', manage: 'ok' },
  ancestorAdmin: { read: 'ok', manage: 'ok' },
  ownAdmin: { read: 'ok', manage: 'ok' },
  ownUser: { read: 'ok', manage: 403 },
  ownViewer: { read: 'ok', manage: 403 },
  descendantAdmin: { read: 404, manage: 404 },
  siblingAdmin: { read: 404, manage: 404 },
  otherTenantAdmin: { read: 404, manage: 404 },
  nobody: { read: 404, manage: 404 },
};

describe.each(databaseKinds())('asset authorisation matrix on %s', (kind) => {
  let t: TestApp;
  let tokens: Record<Principal, string>;
  let nodes: Record<string, string>;
  let van: string;
  let serial = 0;

  beforeAll(async () => {
    ({ t, tokens, nodes } = await startAuthorisationWorld(kind, {
      plan: { name: 'Assets', features: { assetSupport: true } },
    }));
    van = (
      await t.request({
        method: 'POST',
        url: '/api/asset-types',
        payload: { name: 'Van', fields: [{ name: 'Plate', type: 'text', required: true }] },
        token: tokens.staff,
      })
    ).json().id;
  });
  afterAll(async () => t?.close());

  async function device(place: string) {
    serial += 1;
    const created = await t.request({
      method: 'POST',
      url: '/api/devices',
      payload: {
        businessId: nodes[place],
        deviceType: 'th-sensor-sigfox',
        sigfoxID: `DD${String(serial).padStart(4, '0')}`,
      },
      token: tokens.staff,
    });
    return created.json().uuid as string;
  }

  const snapshot = async () =>
    JSON.stringify([
      await t.db.selectFrom('assets').selectAll().orderBy('id').execute(),
      await t.db.selectFrom('assetLinks').selectAll().orderBy('assetId').orderBy('linkedAt').execute(),
    ]);

  it('answers every principal × asset call as the table says, and a refused call changes nothing', async () => {
    const unexpected: string[] = [];
    for (const [principal, expected] of Object.entries(EXPECTED) as [Principal, Record<Level, 'ok' | 403 | 404>][]) {
      const created = await t.request({
        method: 'POST',
        url: `/api/customer-business/${nodes['Site A']}/asset`,
        payload: { assetData: { description: `Van of ${principal}`, assetType: van, values: { Plate: principal } } },
        token: tokens.staff,
      });
      const id = created.json()._id as string;
      const freeDevice = await device('Site A');
      const siteA = `/api/customer-business/${nodes['Site A']}`;
      const version = async () =>
        (await t.request({ method: 'GET', url: `/api/assets/${id}`, token: tokens.staff })).json().version;
      const calls: [Level, string, () => Promise<Parameters<TestApp['request']>[0]>][] = [
        ['read', 'list', async () => ({ method: 'GET', url: `${siteA}/assets` })],
        ['read', 'get', async () => ({ method: 'GET', url: `/api/assets/${id}` })],
        ['read', 'export', async () => ({ method: 'GET', url: `${siteA}/assets/export-csv` })],
        [
          'manage',
          'create',
          async () => ({
            method: 'POST',
            url: `${siteA}/asset`,
            payload: { assetData: { description: 'New van', assetType: van, values: { Plate: 'NEW' } } },
          }),
        ],
        [
          'manage',
          'import',
          async () => ({
            method: 'POST',
            url: `${siteA}/assets/import-csv?assetType=${van}`,
            headers: { 'content-type': 'text/csv' },
            payload: 'Description,Plate\nImported van,IMP\n',
          }),
        ],
        [
          'manage',
          'edit',
          async () => ({
            method: 'PATCH',
            url: `${siteA}/asset`,
            payload: { assetData: { _id: id, version: await version(), description: `${principal} edit` } },
          }),
        ],
        [
          'manage',
          'link',
          async () => ({
            method: 'PATCH',
            url: `${siteA}/asset`,
            payload: { assetData: { _id: id, version: await version(), deviceUUID: freeDevice } },
          }),
        ],
        [
          'manage',
          'unlink',
          async () => ({
            method: 'PATCH',
            url: `${siteA}/asset`,
            payload: { assetData: { _id: id, version: await version(), deviceUUID: null } },
          }),
        ],
        ['manage', 'delete', async () => ({ method: 'DELETE', url: `${siteA}/asset`, payload: { assets: [id] } })],
      ];
      for (const [level, name, options] of calls) {
        const before = await snapshot();
        const answer = await t.request({ ...(await options()), token: tokens[principal] });
        const status = answer.statusCode;
        const want = expected[level];
        const allowed = status >= 200 && status < 300;
        if (want === 'ok' ? !allowed : status !== want)
          unexpected.push(`${principal} ${name}: ${status}, expected ${want}`);
        if (name === 'list' && allowed && !answer.json().items.some((item: { _id: string }) => item._id === id))
          unexpected.push(`${principal} list: the asset is missing`);
        if (!allowed && (await snapshot()) !== before) unexpected.push(`${principal} ${name}: refused but changed`);
      }
    }
    expect(unexpected).toEqual([]);
  });

  it('gives nothing of an asset through a level of the caller that does not hold it, as if it did not exist', async () => {
    const unexpected: string[] = [];
    const created = await t.request({
      method: 'POST',
      url: `/api/customer-business/${nodes['Site A']}/asset`,
      payload: { assetData: { description: 'Hidden van', assetType: van, values: { Plate: 'HID' } } },
      token: tokens.staff,
    });
    const id = created.json()._id as string;
    const version = created.json().version as number;
    for (const principal of ['descendantAdmin', 'siblingAdmin', 'otherTenantAdmin'] as const) {
      const home = `/api/customer-business/${nodes[HOME[principal] ?? '']}`;
      const calls: [string, (assetId: string) => Parameters<TestApp['request']>[0]][] = [
        [
          'edit',
          (assetId) => ({
            method: 'PATCH',
            url: `${home}/asset`,
            payload: { assetData: { _id: assetId, version, description: 'Taken over' } },
          }),
        ],
        ['delete', (assetId) => ({ method: 'DELETE', url: `${home}/asset`, payload: { assets: [assetId] } })],
      ];
      const before = await snapshot();
      for (const [name, options] of calls) {
        const answer = await t.request({ ...options(id), token: tokens[principal] });
        const missing = await t.request({ ...options('no-such-asset'), token: tokens[principal] });
        if (answer.statusCode !== 404) unexpected.push(`${principal} ${name}: ${answer.statusCode}, expected 404`);
        if (answer.body !== missing.body) unexpected.push(`${principal} ${name}: answered otherwise than for no asset`);
      }
      if ((await snapshot()) !== before) unexpected.push(`${principal}: refused but changed`);
      for (const url of [`${home}/assets?search=hidden`, `${home}/assets/export-csv`]) {
        const answer = await t.request({ method: 'GET', url, token: tokens[principal] });
        if (answer.statusCode !== 200 || answer.body.includes('Hidden van'))
          unexpected.push(`${principal} ${url}: ${answer.statusCode} ${answer.body}`);
      }
      // A device of a level out of the asset's subtree cannot be linked to it (one below it can).
      if (principal === 'descendantAdmin') continue;
      const own = await device(HOME[principal] ?? '');
      const linking = await t.request({
        method: 'POST',
        url: `/api/customer-business/${nodes['Site A']}/asset`,
        payload: { assetData: { description: 'Linker', assetType: van, values: { Plate: 'L' }, deviceUUID: own } },
        token: tokens.ancestorAdmin,
      });
      if (linking.json().code !== 'asset.device_not_found')
        unexpected.push(`link a device of ${principal}'s level: ${linking.body}`);
    }
    expect(unexpected).toEqual([]);
  });
});
