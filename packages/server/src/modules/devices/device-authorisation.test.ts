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
        ['read', 'alarm list', async () => ({ method: 'GET', url: `/api/alarms?deviceUUID=${uuid}` })],
        ['read', 'downlink', async () => ({ method: 'GET', url: `/api/devices/${uuid}/downlink` })],
        ['read', 'batteries', async () => ({ method: 'GET', url: `/api/devices/${uuid}/battery-changes` })],
        ['read', 'userdata', async () => ({ method: 'GET', url: `/api/devices/${uuid}/userdata` })],
        ['read', 'calibration', async () => ({ method: 'GET', url: `/api/devices/${uuid}/calibration` })],
        ['read', 'messages', async () => ({ method: 'GET', url: `/api/devices/${uuid}/messages` })],
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

  it("gives a tenant's admin nothing of another tenant through the bulk and listing calls, as if it did not exist", async () => {
    const unexpected: string[] = [];
    const create = async (businessId: string | undefined, sigfoxID: string) =>
      (
        await t.request({
          method: 'POST',
          url: '/api/devices',
          payload: { businessId, deviceType: 'th-sensor-sigfox', sigfoxID, serialNumber: `SN-${sigfoxID}` },
          token: tokens.staff,
        })
      ).json().uuid as string;
    const otherDevice = await create(nodes.Other, 'CD0001');
    const ownDevice = await create(nodes['Site A'], 'CD0002');
    const version = async (uuid: string) =>
      (await t.request({ method: 'GET', url: `/api/devices/${uuid}`, token: tokens.staff })).json().version;
    const rows = async () => JSON.stringify(await t.db.selectFrom('devices').selectAll().orderBy('id').execute());
    const NEW_IDS = ['CD0101', 'CD0102', 'CD0103', 'CD0104'];

    // Each call names the other tenant's business; a business that does not exist must be answered the same.
    const businessCalls: [string, number, (businessId: string) => Parameters<TestApp['request']>[0]][] = [
      [
        'from scratch',
        404,
        (businessId) => ({
          method: 'POST',
          url: '/api/devices/from-scratch',
          payload: { businessId, deviceType: 'th-sensor-sigfox', devices: [{ networkId: 'CD0101' }] },
        }),
      ],
      [
        'ID and PAC list',
        404,
        (businessId) => ({
          method: 'POST',
          url: '/api/devices/ID&PAClist',
          payload: { businessId, deviceType: 'th-sensor-sigfox', devices: [{ id: 'CD0102', pac: '0123456789ABCDEF' }] },
        }),
      ],
      [
        'CSV import',
        404,
        (businessId) => ({
          method: 'POST',
          url: `/api/devices/import-csv?mode=create&businessId=${businessId}&deviceType=th-sensor-sigfox`,
          headers: { 'content-type': 'text/csv' },
          payload: 'Device ID,Network ID\nSN-9,CD0103\n',
        }),
      ],
      [
        'from list',
        404,
        (businessId) => ({
          method: 'POST',
          url: '/api/devices/fromlist',
          payload: { businessId, devices: [{ deviceType: 'th-sensor-sigfox', sigfoxID: 'CD0104' }] },
        }),
      ],
      ['filter', 404, (businessId) => ({ method: 'POST', url: '/api/devices/filter', payload: { businessId } })],
      [
        'filter count',
        404,
        (businessId) => ({ method: 'POST', url: '/api/devices/filter-count', payload: { businessId } }),
      ],
      [
        'business devices',
        404,
        (businessId) => ({ method: 'GET', url: `/api/customer-business/${businessId}/devices` }),
      ],
    ];
    const before = await rows();
    for (const [name, want, options] of businessCalls) {
      const answer = await t.request({ ...options(nodes.Other ?? ''), token: tokens.tenantAdmin });
      const missing = await t.request({ ...options('no-such-business'), token: tokens.tenantAdmin });
      if (answer.statusCode !== want) unexpected.push(`${name}: ${answer.statusCode}, expected ${want}`);
      if (answer.statusCode !== missing.statusCode || answer.body !== missing.body)
        unexpected.push(`${name}: answered otherwise than for a business that does not exist`);
    }
    if ((await rows()) !== before) unexpected.push('a refused creation changed the devices');
    const createdAnyway = await t.db.selectFrom('devices').select('id').where('sigfoxId', 'in', NEW_IDS).execute();
    if (createdAnyway.length > 0) unexpected.push(`created: ${createdAnyway.length}`);

    // Without a business, the listing's own scope leaves the other tenant's device out.
    const search = { search: 'SN-CD0001' };
    const found = await t.request({
      method: 'POST',
      url: '/api/devices/filter',
      payload: search,
      token: tokens.tenantAdmin,
    });
    if (found.json().items?.length !== 0) unexpected.push(`filter by search: ${found.body}`);
    const counted = await t.request({
      method: 'POST',
      url: '/api/devices/filter-count',
      payload: search,
      token: tokens.tenantAdmin,
    });
    if (counted.json().count !== 0) unexpected.push(`filter count by search: ${counted.body}`);

    // Changes to the other tenant's device: not found, as a device that does not exist, and nothing changes (the
    // calibration batch is all or nothing, so the caller's own device in it stays as it was too).
    const deviceCalls: [string, (uuid: string) => Promise<Parameters<TestApp['request']>[0]>][] = [
      [
        'outputs',
        async (uuid) => ({
          method: 'PATCH',
          url: `/api/devices/${uuid}/outputs`,
          payload: { version: await version(otherDevice), define: [{ key: 'valve', name: 'Valve' }] },
        }),
      ],
      [
        'calibration',
        async (uuid) => ({
          method: 'POST',
          url: '/api/devices/advanced/update-calibration-data',
          payload: {
            devices: [ownDevice, uuid].map((deviceUUID) => ({
              deviceUUID,
              calibration: { temperature: { factor: 1, offset: -0.4 } },
            })),
          },
        }),
      ],
    ];
    for (const [name, options] of deviceCalls) {
      const unchanged = await rows();
      const answer = await t.request({ ...(await options(otherDevice)), token: tokens.tenantAdmin });
      const missing = await t.request({ ...(await options('no-such-device')), token: tokens.tenantAdmin });
      if (answer.statusCode !== 404) unexpected.push(`${name}: ${answer.statusCode}, expected 404`);
      if (answer.body !== missing.body)
        unexpected.push(`${name}: answered otherwise than for a device that does not exist`);
      if ((await rows()) !== unchanged) unexpected.push(`${name}: refused but changed`);
    }
    expect(unexpected).toEqual([]);
  });
  it('answers GETs asked at once by every principal each with their own reach (one query answers them together)', async () => {
    // On SQLite that query runs on the reader thread once it is up.
    await t.database.startReader();
    const create = async (businessId: string | undefined, sigfoxID: string) =>
      (
        await t.request({
          method: 'POST',
          url: '/api/devices',
          payload: { businessId, deviceType: 'th-sensor-sigfox', sigfoxID },
          token: tokens.staff,
        })
      ).json().uuid as string;
    const devices = { 'Site A': await create(nodes['Site A'], 'EF0001'), Other: await create(nodes.Other, 'EF0002') };
    const expected: Record<Principal, Record<keyof typeof devices, number>> = {
      staff: { 'Site A': 200, Other: 200 },
      tenantAdmin: { 'Site A': 200, Other: 404 },
      siteUser: { 'Site A': 200, Other: 404 },
      siteViewer: { 'Site A': 200, Other: 404 },
      siblingAdmin: { 'Site A': 404, Other: 404 },
      otherTenantAdmin: { 'Site A': 404, Other: 200 },
      nobody: { 'Site A': 404, Other: 404 },
    };
    const asked = (Object.keys(expected) as Principal[]).flatMap((principal) =>
      (Object.keys(devices) as (keyof typeof devices)[]).map((place) => ({ principal, place })),
    );
    const answers = await Promise.all(
      asked.map(({ principal, place }) =>
        t.request({ method: 'GET', url: `/api/devices/${devices[place]}`, token: tokens[principal] }),
      ),
    );
    const seen = asked.map(({ principal, place }, index) => {
      const answer = answers[index];
      const uuid = answer?.statusCode === 200 ? answer.json().uuid : undefined;
      return `${principal} ${place}: ${answer?.statusCode} ${uuid === undefined || uuid === devices[place]}`;
    });
    expect(seen).toEqual(
      asked.map(({ principal, place }) => `${principal} ${place}: ${expected[principal][place]} true`),
    );
  });

  /** One device in Site A, one in Site B and one in the other tenant, their Sigfox ids starting with `prefix`. */
  async function deviceInEachPlace(prefix: string) {
    for (const [index, place] of (['Site A', 'Site B', 'Other'] as const).entries()) {
      const created = await t.request({
        method: 'POST',
        url: '/api/devices',
        payload: { businessId: nodes[place], deviceType: 'th-sensor-sigfox', sigfoxID: `${prefix}000${index + 1}` },
        token: tokens.staff,
      });
      expect(created.statusCode).toBe(201);
    }
  }

  it('lists for every principal at once each their own reach, as it does one by one', async () => {
    const listOf = async (principal: Principal) => {
      const answer = await t.request({
        method: 'POST',
        url: '/api/devices/filter',
        payload: { limit: 500 },
        token: tokens[principal],
      });
      return `${principal}: ${answer.statusCode} ${(answer.json().items as { uuid: string }[]).map((item) => item.uuid).sort()}`;
    };
    await deviceInEachPlace('EE');
    const principals = Object.keys(EXPECTED) as Principal[];
    const oneByOne: string[] = [];
    for (const principal of principals) oneByOne.push(await listOf(principal));
    // Six reaches: everything (staff), the tenant, Site A (its user and its viewer), Site B, the other tenant, nothing.
    expect(new Set(oneByOne.map((list) => list.replace(/^\w+: /, ''))).size).toBe(6);
    expect(await Promise.all(principals.map(listOf))).toEqual(oneByOne);
  });

  it("counts in the overview each principal's own reach: the devices their list counts, nothing of other tenants", async () => {
    await deviceInEachPlace('FA');
    const seen = [];
    for (const principal of Object.keys(EXPECTED) as Principal[]) {
      const overview = await t.request({ method: 'GET', url: '/api/overview', token: tokens[principal] });
      const listed = await t.request({
        method: 'POST',
        url: '/api/devices/filter-count',
        payload: {},
        token: tokens[principal],
      });
      seen.push(`${principal}: ${overview.statusCode} ${overview.json().devices?.total === listed.json().count}`);
    }
    expect(seen).toEqual(Object.keys(EXPECTED).map((principal) => `${principal}: 200 true`));
    const totalOf = async (principal: Principal) =>
      (await t.request({ method: 'GET', url: '/api/overview', token: tokens[principal] })).json().devices.total;
    expect(await totalOf('nobody')).toBe(0);
    expect(await totalOf('siblingAdmin')).toBeLessThan(await totalOf('tenantAdmin'));
    expect(await totalOf('tenantAdmin')).toBeLessThan(await totalOf('staff'));
  });
});
