import { Device, DevicePage, UsageLicense, UsageLicenseDevicePage, UsageLicensePage } from '@iot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

const PASSWORD = 'a good password';
const DAY_MS = 24 * 60 * 60 * 1000;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe.each(databaseKinds())('usage licenses on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let tenantAdmin: string;
  let siteAdmin: string;
  let siteBAdmin: string;
  let otherAdmin: string;
  let nodes: Record<string, string>;
  let serial = 0;

  const call = (method: Method, url: string, token: string | undefined, payload?: object) =>
    t.request({ method, url, token, ...(payload ? { payload } : {}) });

  async function license(level: string, licenseId: string, payload: object = {}) {
    const created = await call('POST', '/api/usage-licenses', staff, {
      businessId: nodes[level],
      licenseId,
      type: 'annual',
      ...payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    return UsageLicense.parse(created.json());
  }

  /** A Sigfox sensor in `level`, created by staff, naming `usageLicenseId`: answers its uuid. */
  async function device(level: string, usageLicenseId: string | null, description = `Sensor ${serial + 1}`) {
    serial += 1;
    const created = await call('POST', '/api/devices', staff, {
      businessId: nodes[level],
      deviceType: 'th-sensor-sigfox',
      sigfoxID: `C${serial.toString(16).toUpperCase().padStart(4, '0')}`,
      description,
      usageLicenseId,
    });
    expect(created.statusCode, created.body).toBe(201);
    return Device.parse(created.json());
  }

  const stored = (id: string) => t.db.selectFrom('usageLicenses').selectAll().where('id', '=', id).executeTakeFirst();

  const logsOf = async (level: string) =>
    (
      await t.db
        .selectFrom('businessLogs')
        .select(['action', 'details'])
        .where('businessId', '=', nodes[level] ?? '')
        .orderBy('createdAt')
        .orderBy('id')
        .execute()
    )
      .filter((log) => log.action.startsWith('usage_license'))
      .map((log) => ({ action: log.action, details: JSON.parse(log.details) }));

  const listed = async (token: string, query = '') => {
    const response = await call('GET', `/api/usage-licenses${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return UsageLicensePage.parse(response.json());
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    staff = await t.signIn('staff@example.com', PASSWORD);
    nodes = await t.createTree(staff, [
      ['Tenant'],
      ['Site A', 'Tenant'],
      ['Room A1', 'Site A'],
      ['Site B', 'Tenant'],
      ['Other'],
    ]);
    tenantAdmin = await t.userWith('tenant-admin', PASSWORD, nodes.Tenant ?? '', 'admin');
    siteAdmin = await t.userWith('site-admin', PASSWORD, nodes['Site A'] ?? '', 'admin');
    siteBAdmin = await t.userWith('site-b-admin', PASSWORD, nodes['Site B'] ?? '', 'admin');
    otherAdmin = await t.userWith('other-admin', PASSWORD, nodes.Other ?? '', 'admin');
  });
  afterAll(async () => t?.close());

  it('requires authentication', async () => {
    for (const [method, url] of [
      ['GET', '/api/usage-licenses'],
      ['GET', '/api/usage-licenses/x'],
      ['GET', '/api/usage-licenses/x/devices'],
      ['POST', '/api/usage-licenses'],
      ['PATCH', '/api/usage-licenses/x'],
      ['DELETE', '/api/usage-licenses/x?version=1'],
    ] as const) {
      const response = await call(method, url, undefined, method === 'POST' || method === 'PATCH' ? {} : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('documents every usage license call in the OpenAPI document, each with a summary', async () => {
    const { paths } = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    const documented = Object.entries(paths as Record<string, Record<string, { summary?: string; tags?: string[] }>>)
      .filter(([path]) => path.includes('/usage-licenses'))
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(
          ([method, operation]) => `${method} ${path} ${Boolean(operation.summary)} ${operation.tags?.join()}`,
        ),
      )
      .sort();
    expect(documented).toEqual([
      'delete /api/usage-licenses/{id} true usage-licenses',
      'get /api/usage-licenses true usage-licenses',
      'get /api/usage-licenses/{id} true usage-licenses',
      'get /api/usage-licenses/{id}/devices true usage-licenses',
      'patch /api/usage-licenses/{id} true usage-licenses',
      'post /api/usage-licenses true usage-licenses',
    ]);
  });

  it('creates, reads, edits and deletes a license, each change in its level log', async () => {
    const created = await license('Site A', 'LIC-CRUD', {
      corporateName: 'Acme Lda',
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: '2099-01-01T00:00:00+00:00',
      comments: 'first',
      omie: { contractId: 'OM-1', startsAt: '2026-01-01T00:00:00Z' },
    });
    expect(created).toMatchObject({
      licenseId: 'LIC-CRUD',
      business: { id: nodes['Site A'], description: 'Site A' },
      corporateName: 'Acme Lda',
      type: 'annual',
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: '2099-01-01T00:00:00.000Z',
      expired: false,
      devices: 0,
      comments: 'first',
      omie: { contractId: 'OM-1', startsAt: '2026-01-01T00:00:00.000Z', endsAt: null },
      version: 1,
    });
    const read = await call('GET', `/api/usage-licenses/${created._id}`, siteAdmin);
    expect(UsageLicense.parse(read.json())).toEqual(created);

    const edited = await call('PATCH', `/api/usage-licenses/${created._id}`, staff, {
      version: 1,
      licenseId: 'LIC-CRUD-2',
      endsAt: null,
      omie: { endsAt: '2027-01-01T00:00:00Z' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(UsageLicense.parse(edited.json())).toMatchObject({
      licenseId: 'LIC-CRUD-2',
      corporateName: 'Acme Lda',
      endsAt: null,
      omie: { contractId: 'OM-1', startsAt: '2026-01-01T00:00:00.000Z', endsAt: '2027-01-01T00:00:00.000Z' },
      version: 2,
    });

    const stale = await call('PATCH', `/api/usage-licenses/${created._id}`, staff, { version: 1, comments: 'late' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('conflict');
    const staleDelete = await call('DELETE', `/api/usage-licenses/${created._id}?version=1`, staff);
    expect(staleDelete.statusCode).toBe(409);
    expect((await stored(created._id))?.comments).toBe('first');

    const deleted = await call('DELETE', `/api/usage-licenses/${created._id}?version=2`, staff);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await stored(created._id)).toBeUndefined();
    expect((await call('GET', `/api/usage-licenses/${created._id}`, staff)).statusCode).toBe(404);
    expect(await logsOf('Site A')).toEqual([
      { action: 'usage_license_created', details: { usageLicenseId: created._id, name: 'LIC-CRUD' } },
      {
        action: 'usage_license_updated',
        details: { usageLicenseId: created._id, name: 'LIC-CRUD-2', from: 'LIC-CRUD' },
      },
      { action: 'usage_license_deleted', details: { usageLicenseId: created._id, name: 'LIC-CRUD-2' } },
    ]);
  });

  it('refuses a start not before the end, and unknown fields, changing nothing', async () => {
    const before = await t.db.selectFrom('usageLicenses').select('id').execute();
    const backwards = await call('POST', '/api/usage-licenses', staff, {
      businessId: nodes['Site A'],
      licenseId: 'LIC-BACK',
      type: 'annual',
      startsAt: '2026-02-01T00:00:00Z',
      endsAt: '2026-01-01T00:00:00Z',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ code: 'validation.failed', fields: { endsAt: expect.any(String) } });
    const assigned = await call('POST', '/api/usage-licenses', staff, {
      businessId: nodes['Site A'],
      licenseId: 'LIC-MASS',
      type: 'annual',
      _id: 'chosen',
      version: 9,
      devices: 4,
    });
    expect(assigned.statusCode).toBe(400);
    expect(await t.db.selectFrom('usageLicenses').select('id').execute()).toEqual(before);

    const created = await license('Site A', 'LIC-STRICT', { startsAt: '2026-01-01T00:00:00Z' });
    for (const payload of [
      { version: 1, businessId: nodes.Other },
      { version: 1, expired: true },
      { version: 1, omie: { contractId: 'x', other: 1 } },
      { version: 1, endsAt: '2025-01-01T00:00:00Z' },
      { version: 1, startsAt: '2026-01-01T00:00:00Z', endsAt: '2026-01-01T00:00:00Z' },
    ]) {
      const refused = await call('PATCH', `/api/usage-licenses/${created._id}`, staff, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const row = await stored(created._id);
    expect(row).toMatchObject({ businessId: nodes['Site A'], version: 1, endsAt: null });
  });

  it('keeps license ids unique within a level', async () => {
    const first = await license('Site A', 'LIC-DUP');
    const duplicate = await call('POST', '/api/usage-licenses', staff, {
      businessId: nodes['Site A'],
      licenseId: 'LIC-DUP',
      type: 'annual',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      code: 'usage_license.id_taken',
      fields: { licenseId: expect.any(String) },
    });
    expect(duplicate.json().message).toContain('LIC-DUP');
    const elsewhere = await license('Site B', 'LIC-DUP');
    const renamed = await call('PATCH', `/api/usage-licenses/${elsewhere._id}`, staff, {
      version: 1,
      licenseId: 'LIC-DUP-B',
    });
    expect(renamed.statusCode).toBe(200);
    const second = await license('Site A', 'LIC-DUP-2');
    const taken = await call('PATCH', `/api/usage-licenses/${second._id}`, staff, { version: 1, licenseId: 'LIC-DUP' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('usage_license.id_taken');
    expect((await stored(second._id))?.licenseId).toBe('LIC-DUP-2');
    // Its own license id, sent again, is no clash.
    const same = await call('PATCH', `/api/usage-licenses/${first._id}`, staff, { version: 1, licenseId: 'LIC-DUP' });
    expect(same.statusCode).toBe(200);
  });

  it('lists what each caller sees, searched, by level, for a level and by ending, in keyset pages', async () => {
    const at = Date.now();
    const tenantLicense = await license('Tenant', 'LST-T', { corporateName: 'Tenant Corp' });
    const siteLicense = await license('Site A', 'LST-A', {
      corporateName: 'Needle Lda',
      endsAt: new Date(at + 10 * DAY_MS).toISOString(),
    });
    const roomLicense = await license('Room A1', 'LST-R', { endsAt: new Date(at + 40 * DAY_MS).toISOString() });
    const siblingLicense = await license('Site B', 'LST-B');
    const endedLicense = await license('Site A', 'LST-E', { endsAt: new Date(at - DAY_MS).toISOString() });
    const otherLicense = await license('Other', 'LST-O');
    const ids = (page: { items: { _id: string }[] }) => page.items.map((item) => item._id);
    const all = [tenantLicense, siteLicense, roomLicense, siblingLicense, endedLicense, otherLicense];

    expect(ids(await listed(staff, '?search=LST-'))).toEqual(
      [...all].sort((a, b) => (a.licenseId < b.licenseId ? -1 : 1)).map((item) => item._id),
    );
    // A level's admin: their levels (Site A, Room A1) and the levels above (Tenant), no sibling's, no other tenant's.
    expect(ids(await listed(siteAdmin, '?search=lst-'))).toEqual(
      [siteLicense, endedLicense, roomLicense, tenantLicense].map((item) => item._id),
    );
    expect(ids(await listed(otherAdmin, '?search=LST-'))).toEqual([otherLicense._id]);
    expect(ids(await listed(tenantAdmin, '?search=needle'))).toEqual([siteLicense._id]);
    expect(ids(await listed(staff, `?search=LST-&businessId=${nodes['Site A']}`))).toEqual([
      siteLicense._id,
      endedLicense._id,
    ]);
    expect(ids(await listed(siteAdmin, `?search=LST-&forBusinessId=${nodes['Room A1']}`))).toEqual(
      [siteLicense, endedLicense, roomLicense, tenantLicense].map((item) => item._id),
    );
    expect(ids(await listed(staff, `?search=LST-&forBusinessId=${nodes['Site B']}`))).toEqual([
      siblingLicense._id,
      tenantLicense._id,
    ]);
    expect((await call('GET', `/api/usage-licenses?forBusinessId=${nodes['Site B']}`, siteAdmin)).statusCode).toBe(404);
    expect(ids(await listed(staff, '?search=LST-&expiringWithinDays=30'))).toEqual([siteLicense._id]);
    expect(ids(await listed(staff, '?search=LST-&expiringWithinDays=60'))).toEqual([siteLicense._id, roomLicense._id]);
    const ended = (await listed(staff, '?search=LST-E')).items[0];
    expect(ended?.expired).toBe(true);

    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: UsageLicensePage = await listed(
        staff,
        `?search=LST-&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.items.length).toBeLessThanOrEqual(2);
      paged.push(...ids(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(ids(await listed(staff, '?search=LST-')));
    expect((await call('GET', '/api/usage-licenses?cursor=nonsense', staff)).statusCode).toBe(400);
  });

  it('lets devices name a license of their level or above, and no other, flagging an expired one', async () => {
    const own = await license('Site A', 'DEV-OWN');
    const above = await license('Tenant', 'DEV-ABOVE', { endsAt: '2020-01-01T00:00:00Z' });
    const below = await license('Room A1', 'DEV-BELOW');
    const sibling = await license('Site B', 'DEV-SIB');
    const other = await license('Other', 'DEV-OTHER');

    const named = await device('Site A', own._id, 'Named own');
    expect(named).toMatchObject({
      usageLicenseId: own._id,
      usageLicense: { id: own._id, licenseId: 'DEV-OWN', expired: false },
    });
    const inherited = await device('Site A', above._id, 'Named above');
    expect(inherited.usageLicense).toEqual({ id: above._id, licenseId: 'DEV-ABOVE', expired: true });
    expect((await device('Site A', null, 'Unnamed')).usageLicense).toBeNull();

    for (const refused of [below, sibling, other, { _id: 'no-such-license' }]) {
      const answer = await call('POST', '/api/devices', staff, {
        businessId: nodes['Site A'],
        deviceType: 'th-sensor-sigfox',
        sigfoxID: 'CFFFF',
        usageLicenseId: refused._id,
      });
      expect(answer.statusCode, answer.body).toBe(422);
      expect(answer.json()).toMatchObject({
        code: 'device.usage_license_not_found',
        fields: { usageLicenseId: expect.any(String) },
      });
    }
    expect(await t.db.selectFrom('devices').select('id').where('sigfoxId', '=', 'CFFFF').execute()).toEqual([]);

    const edit = (usageLicenseId: string | null, version: number) =>
      call('PUT', '/api/devices', siteAdmin, { uuid: named.uuid, version, usageLicenseId });
    const refusedEdit = await edit(sibling._id, named.version);
    expect(refusedEdit.statusCode).toBe(422);
    expect(refusedEdit.json().code).toBe('device.usage_license_not_found');
    const changed = await edit(above._id, named.version);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(Device.parse(changed.json()).usageLicense).toMatchObject({ id: above._id, expired: true });
    const back = await edit(own._id, named.version + 1);
    expect(Device.parse(back.json()).usageLicense).toMatchObject({ id: own._id, expired: false });

    // A single device, a page of devices (listing and filter) and a detailed list all show the license.
    const single = Device.parse((await call('GET', `/api/devices/${inherited.uuid}`, siteAdmin)).json());
    expect(single.usageLicense).toEqual({ id: above._id, licenseId: 'DEV-ABOVE', expired: true });
    const page = DevicePage.parse((await call('GET', `/api/devices?businessId=${nodes['Site A']}`, siteAdmin)).json());
    const byDescription = new Map(page.items.map((item) => [item.description, item.usageLicense]));
    expect(byDescription.get('Named own')).toEqual({ id: own._id, licenseId: 'DEV-OWN', expired: false });
    expect(byDescription.get('Named above')).toEqual({ id: above._id, licenseId: 'DEV-ABOVE', expired: true });
    expect(byDescription.get('Unnamed')).toBeNull();
    const filtered = DevicePage.parse(
      (await call('POST', '/api/devices/filter', siteAdmin, { businessId: nodes['Site A'], search: 'Named' })).json(),
    );
    expect(filtered.items.find((item) => item.uuid === named.uuid)?.usageLicense?.id).toBe(own._id);
    const detailed = await call('GET', `/api/devices/list/detailed?deviceUUID=${inherited.uuid}`, siteAdmin);
    expect(detailed.json()[0].usageLicense).toEqual({ id: above._id, licenseId: 'DEV-ABOVE', expired: true });
  });

  it('counts and pages the devices naming a license, each caller those they reach', async () => {
    const shared = await license('Tenant', 'CNT-T');
    const inSiteA = [await device('Site A', shared._id, 'Beta'), await device('Room A1', shared._id, 'alpha')];
    const inSiteB = await device('Site B', shared._id, 'Gamma');
    expect(UsageLicense.parse((await call('GET', `/api/usage-licenses/${shared._id}`, staff)).json()).devices).toBe(3);
    expect(UsageLicense.parse((await call('GET', `/api/usage-licenses/${shared._id}`, siteAdmin)).json()).devices).toBe(
      2,
    );
    const listedCount = (await listed(staff, '?search=CNT-T')).items[0]?.devices;
    expect(listedCount).toBe(3);

    const pageOf = async (token: string, query = '') => {
      const response = await call('GET', `/api/usage-licenses/${shared._id}/devices${query}`, token);
      expect(response.statusCode, response.body).toBe(200);
      return UsageLicenseDevicePage.parse(response.json());
    };
    expect((await pageOf(staff)).items).toEqual([
      { uuid: inSiteA[1]?.uuid, description: 'alpha', business: { id: nodes['Room A1'], description: 'Room A1' } },
      { uuid: inSiteA[0]?.uuid, description: 'Beta', business: { id: nodes['Site A'], description: 'Site A' } },
      { uuid: inSiteB.uuid, description: 'Gamma', business: { id: nodes['Site B'], description: 'Site B' } },
    ]);
    expect((await pageOf(siteAdmin)).items.map((item) => item.description)).toEqual(['alpha', 'Beta']);
    const first = await pageOf(staff, '?limit=2');
    expect(first.items.map((item) => item.description)).toEqual(['alpha', 'Beta']);
    const second = await pageOf(staff, `?limit=2&cursor=${first.nextCursor}`);
    expect(second).toEqual({ items: [expect.objectContaining({ description: 'Gamma' })], nextCursor: null });

    // In use: refused with how many devices name it, until none does.
    const refused = await call('DELETE', `/api/usage-licenses/${shared._id}?version=1`, staff);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('usage_license.in_use');
    expect(refused.json().message).toContain('3');
    expect(await stored(shared._id)).toBeDefined();
    await t.db.updateTable('devices').set({ usageLicenseId: null }).where('usageLicenseId', '=', shared._id).execute();
    expect((await call('DELETE', `/api/usage-licenses/${shared._id}?version=1`, staff)).statusCode).toBe(204);
  });

  it('takes its license from a device moved where the license is off its path, in the move', async () => {
    const ofSiteA = await license('Site A', 'MOV-A');
    const ofTenant = await license('Tenant', 'MOV-T');
    const leaving = await device('Site A', ofSiteA._id, 'Leaving');
    const keeping = await device('Site A', ofTenant._id, 'Keeping');
    const down = await device('Site A', ofSiteA._id, 'Down');
    const moved = await call('POST', '/api/devices/bulk-business-set', tenantAdmin, {
      devices: [leaving.uuid, keeping.uuid],
      businessId: nodes['Site B'],
    });
    expect(moved.json()).toMatchObject({ succeeded: 2, failed: 0 });
    const movedDown = await call('POST', '/api/devices/bulk-business-set', tenantAdmin, {
      devices: [down.uuid],
      businessId: nodes['Room A1'],
    });
    expect(movedDown.json()).toMatchObject({ succeeded: 1 });
    const licenseOf = async (uuid: string) =>
      Device.parse((await call('GET', `/api/devices/${uuid}`, staff)).json()).usageLicense?.id ?? null;
    expect(await licenseOf(leaving.uuid)).toBeNull();
    expect(await licenseOf(keeping.uuid)).toBe(ofTenant._id);
    expect(await licenseOf(down.uuid)).toBe(ofSiteA._id);
  });

  it('refuses changes by customers: 403 to those who see the license, 404 to others', async () => {
    const ofSiteA = await license('Site A', 'AUTH-A');
    for (const [token, want] of [
      [siteAdmin, 403],
      [tenantAdmin, 403],
      [siteBAdmin, 404],
      [otherAdmin, 404],
    ] as const) {
      expect((await call('GET', `/api/usage-licenses/${ofSiteA._id}`, token)).statusCode).toBe(
        want === 403 ? 200 : 404,
      );
      expect((await call('GET', `/api/usage-licenses/${ofSiteA._id}/devices`, token)).statusCode).toBe(
        want === 403 ? 200 : 404,
      );
      const patch = await call('PATCH', `/api/usage-licenses/${ofSiteA._id}`, token, { version: 1, comments: 'x' });
      expect(patch.statusCode).toBe(want);
      expect((await call('DELETE', `/api/usage-licenses/${ofSiteA._id}?version=1`, token)).statusCode).toBe(want);
      const create = await call('POST', '/api/usage-licenses', token, {
        businessId: nodes['Site A'],
        licenseId: 'AUTH-NEW',
        type: 'annual',
      });
      expect(create.statusCode).toBe(want);
    }
    expect(await stored(ofSiteA._id)).toMatchObject({ version: 1, comments: '' });
    expect(await t.db.selectFrom('usageLicenses').select('id').where('licenseId', '=', 'AUTH-NEW').execute()).toEqual(
      [],
    );
    expect(
      (
        await call('POST', '/api/usage-licenses', staff, {
          businessId: 'no-such-level',
          licenseId: 'AUTH-NEW',
          type: 'annual',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses to delete a level holding licenses, cleanly', async () => {
    const level = (await t.createTree(staff, [['Doomed']])).Doomed ?? '';
    nodes.Doomed = level;
    const held = await license('Doomed', 'DOOM-1');
    const refused = await call('DELETE', `/api/customer-business/${level}`, staff);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('business.has_usage_licenses');
    const pt = await call('DELETE', `/api/customer-business/${level}?lang=pt`, staff);
    expect(pt.json().message).toContain('licenças de utilização');
    expect((await call('DELETE', `/api/usage-licenses/${held._id}?version=1`, staff)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/customer-business/${level}`, staff)).statusCode).toBe(204);
  });
});
