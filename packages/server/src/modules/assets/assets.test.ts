import { randomUUID } from 'node:crypto';
import { AssetCount, AssetDetail, AssetPage, Asset as AssetSchema } from '@iot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

const PASSWORD = 'a good password';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

describe.each(databaseKinds())('assets on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let tenantAdmin: string;
  let siteAdmin: string;
  let siteViewer: string;
  let nodes: Record<string, string>;
  let coldRoom: string;
  let van: string;
  let serial = 0;

  const call = (method: Method, url: string, token: string | undefined, payload?: object) =>
    t.request({ method, url, token, ...(payload ? { payload } : {}) });

  /** A Sigfox sensor in `place`, created by staff: answers its uuid. */
  async function device(place: string, description = `Sensor ${serial + 1}`) {
    serial += 1;
    const created = await call('POST', '/api/devices', staff, {
      businessId: nodes[place],
      deviceType: 'th-sensor-sigfox',
      sigfoxID: `AA${String(serial).padStart(4, '0')}`,
      description,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().uuid as string;
  }

  async function create(place: string, assetData: object, token = tenantAdmin) {
    return call('POST', `/api/customer-business/${nodes[place]}/asset`, token, { assetData });
  }

  const coldRoomValues = { 'Target temperature (°C)': 4, Product: 'Dairy' };

  async function coldRoomIn(place: string, description: string, extra: object = {}) {
    const created = await create(place, { description, assetType: coldRoom, values: coldRoomValues, ...extra });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as AssetSchema;
  }

  const detail = async (id: string, token = tenantAdmin) =>
    (await call('GET', `/api/assets/${id}`, token)).json() as AssetDetail;

  const logsOf = async (place: string) =>
    t.db
      .selectFrom('businessLogs')
      .select(['action', 'details'])
      .where('businessId', '=', nodes[place] ?? '')
      .orderBy('createdAt')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    staff = await t.signIn('staff@example.com', PASSWORD);
    nodes = await t.createTree(staff, [['Tenant'], ['Site A', 'Tenant'], ['Site B', 'Tenant'], ['Other'], ['Plain']]);
    for (const place of ['Tenant', 'Other'])
      await t.services.plansRepo.insert(
        { businessId: nodes[place] ?? '', name: 'Assets', features: { assetSupport: true } },
        Date.now(),
      );
    tenantAdmin = await t.userWith('tenant-admin', PASSWORD, nodes.Tenant ?? '', 'admin');
    siteAdmin = await t.userWith('site-admin', PASSWORD, nodes['Site A'] ?? '', 'admin');
    siteViewer = await t.userWith('site-viewer', PASSWORD, nodes['Site A'] ?? '', 'viewer');
    const type = async (payload: object) => {
      const created = await call('POST', '/api/asset-types', staff, payload);
      expect(created.statusCode, created.body).toBe(201);
      return created.json().id as string;
    };
    coldRoom = await type({
      name: 'Cold room',
      fields: [
        { name: 'Target temperature (°C)', type: 'number', required: true },
        { name: 'Product', type: 'options', options: ['Dairy', 'Meat', 'Vegetables'] },
      ],
    });
    van = await type({ name: 'Van', fields: [{ name: 'Plate', type: 'text', required: true }] });
  });
  afterAll(async () => t?.close());

  it('should require authentication', async () => {
    const id = nodes['Site A'];
    for (const [method, url] of [
      ['GET', `/api/customer-business/${id}/assets`],
      ['POST', `/api/customer-business/${id}/asset`],
      ['PATCH', `/api/customer-business/${id}/asset`],
      ['DELETE', `/api/customer-business/${id}/asset`],
      ['GET', '/api/assets/some-id'],
      ['GET', `/api/customer-business/${id}/assets/export-csv`],
      ['POST', `/api/customer-business/${id}/assets/import-csv?assetType=x`],
    ] as const) {
      const response = await call(method, url, undefined, method === 'GET' ? undefined : {});
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('documents every asset call in the OpenAPI document, each with a summary', async () => {
    const { paths } = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    const documented = Object.entries(paths as Record<string, Record<string, { summary?: string }>>)
      .filter(([path]) => path.includes('/asset') && !path.includes('asset-types') && !path.includes('/move'))
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, operation]) => `${method} ${path} ${Boolean(operation.summary)}`),
      )
      .sort();
    expect(documented).toEqual(
      expect.arrayContaining([
        'delete /api/customer-business/{id}/asset true',
        'get /api/assets/{assetId} true',
        'get /api/customer-business/{id}/assets true',
        'get /api/customer-business/{id}/assets/export-csv true',
        'patch /api/customer-business/{id}/asset true',
        'post /api/customer-business/{id}/asset true',
        'post /api/customer-business/{id}/assets/import-csv true',
      ]),
    );
  });

  it('creates an asset linked to a device of the subtree, shows it with its fields, device and history', async () => {
    const uuid = await device('Site A', 'Cold room sensor');
    const now = Date.now();
    await t.db
      .insertInto('alarms')
      .values(
        (['active', 'acknowledged', 'snoozed'] as const).map((status, index) => ({
          id: randomUUID(),
          deviceId: uuid,
          sequenceId: index + 1,
          number: 1000 + index,
          conditionKey: `temperature:${index}`,
          signal: 'temperature',
          source: 'signal' as const,
          status,
          conditionActive: 1,
          snoozedUntil: null,
          value: '{}',
          lastEventId: randomUUID(),
          raisedAt: now,
          updatedAt: now,
          version: 1,
        })),
      )
      .execute();
    const created = await create('Site A', {
      description: 'Cold room North',
      assetType: coldRoom,
      values: { 'Target temperature (°C)': '3,5', Product: 'Meat' },
      deviceUUID: uuid,
    });
    expect(created.statusCode, created.body).toBe(201);
    const asset = AssetSchema.parse(created.json());
    expect(asset).toMatchObject({
      businessId: nodes['Site A'],
      business: { id: nodes['Site A'], description: 'Site A' },
      description: 'Cold room North',
      assetType: { id: coldRoom, name: 'Cold room' },
      fields: [
        { name: 'Target temperature (°C)', type: 'number', required: true, value: 3.5 },
        { name: 'Product', type: 'options', options: ['Dairy', 'Meat', 'Vegetables'], value: 'Meat' },
      ],
      incomplete: false,
      device: {
        uuid,
        description: 'Cold room sensor',
        deviceType: 'th-sensor-sigfox',
        lastSeenAt: null,
        openAlarms: 2,
      },
      version: 1,
    });
    expect(asset.linkedAt).not.toBeNull();

    const shown = AssetDetail.parse(await detail(asset._id, siteViewer));
    expect(shown.links).toEqual([
      { device: { uuid, description: 'Cold room sensor' }, linkedAt: asset.linkedAt, unlinkedAt: null },
    ]);
    expect(shown.device?.openAlarms).toBe(2);

    const listed = await call('GET', `/api/customer-business/${nodes['Site A']}/assets?search=north`, siteViewer);
    expect(listed.statusCode, listed.body).toBe(200);
    const page = AssetPage.parse(listed.json());
    expect(page.items.map((item) => item._id)).toEqual([asset._id]);
    expect(page.items[0]?.device?.openAlarms).toBe(2);

    expect(await logsOf('Site A')).toEqual(
      expect.arrayContaining([
        {
          action: 'asset_created',
          details: JSON.stringify({ assetId: asset._id, description: 'Cold room North', assetType: 'Cold room' }),
        },
        {
          action: 'asset_linked',
          details: JSON.stringify({
            assetId: asset._id,
            description: 'Cold room North',
            deviceId: uuid,
            device: 'Cold room sensor',
          }),
        },
      ]),
    );
  });

  it('refuses values that do not fit the type, field by field, and stores nothing', async () => {
    const before = await t.db.selectFrom('assets').select('id').execute();
    const refused = await create('Site A', {
      description: 'Bad cold room',
      assetType: coldRoom,
      values: { Product: 'Fish', Colour: 'Blue' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'validation.failed',
      fields: {
        'values.Target temperature (°C)': 'Required',
        'values.Product': 'Choose one of the options.',
        'values.Colour': 'This asset type has no field named Colour.',
      },
    });
    const notNumber = await call('POST', `/api/customer-business/${nodes['Site A']}/asset?lang=pt`, tenantAdmin, {
      assetData: { description: 'Bad', assetType: coldRoom, values: { 'Target temperature (°C)': 'cold' } },
    });
    expect(notNumber.json().fields).toEqual({ 'values.Target temperature (°C)': 'Introduza um número.' });
    const unknownType = await create('Site A', { description: 'Bad', assetType: 'no-such-type' });
    expect(unknownType.json()).toMatchObject({ code: 'validation.failed', fields: { assetType: expect.any(String) } });
    const required = await create('Site A', { description: 'Van 9', assetType: van, values: { Plate: '  ' } });
    expect(required.json().fields).toEqual({ 'values.Plate': 'Required' });
    expect(await t.db.selectFrom('assets').select('id').execute()).toEqual(before);

    const asset = await coldRoomIn('Site A', 'Cold room to edit');
    const badEdit = await call('PATCH', `/api/customer-business/${nodes['Site A']}/asset`, tenantAdmin, {
      assetData: { _id: asset._id, version: asset.version, values: { 'Target temperature (°C)': 'x' } },
    });
    expect(badEdit.statusCode).toBe(400);
    expect((await detail(asset._id)).version).toBe(1);
  });

  it('marks assets incomplete once their type gains a required field, and keeps them editable', async () => {
    const type = await call('POST', '/api/asset-types', staff, {
      name: 'Tank',
      fields: [{ name: 'Capacity', type: 'number' }],
    });
    const tank = type.json();
    const asset = (await create('Site A', { description: 'Tank 1', assetType: tank.id, values: {} })).json();
    expect(asset.incomplete).toBe(false);
    const updatedType = await call('PUT', `/api/asset-types/${tank.id}`, staff, {
      version: tank.version,
      fields: [
        { name: 'Capacity', type: 'number' },
        { name: 'Material', type: 'text', required: true },
      ],
    });
    expect(updatedType.statusCode, updatedType.body).toBe(200);
    const incomplete = await detail(asset._id);
    expect(incomplete.incomplete).toBe(true);
    expect(incomplete.fields.map((field) => [field.name, field.value])).toEqual([
      ['Capacity', null],
      ['Material', null],
    ]);
    const renamed = await call('PATCH', `/api/customer-business/${nodes['Site A']}/asset`, tenantAdmin, {
      assetData: { _id: asset._id, version: incomplete.version, description: 'Tank one' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ description: 'Tank one', incomplete: true, version: 2 });
    const filled = await call('PATCH', `/api/customer-business/${nodes['Site A']}/asset`, tenantAdmin, {
      assetData: { _id: asset._id, version: 2, values: { Material: 'Steel' } },
    });
    expect(filled.json()).toMatchObject({ incomplete: false, version: 3 });
  });

  it('links only a free device of the asset level subtree', async () => {
    const inSiteB = await device('Site B');
    const inOther = await device('Other');
    const taken = await device('Site A', 'Taken sensor');
    await coldRoomIn('Site A', 'Holder', { deviceUUID: taken });
    for (const uuid of [inSiteB, inOther, 'no-such-device']) {
      const refused = await create('Site A', {
        description: 'X',
        assetType: van,
        values: { Plate: 'AA' },
        deviceUUID: uuid,
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        code: 'asset.device_not_found',
        message: `The device ${uuid} does not exist in this level or its sublevels.`,
      });
    }
    const refused = await create('Site A', {
      description: 'X',
      assetType: van,
      values: { Plate: 'AA' },
      deviceUUID: taken,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'asset.device_taken',
      message: 'The device Taken sensor is already linked to another asset.',
    });
    const orphan = await coldRoomIn('Site A', 'Orphan');
    const linking = await call('PATCH', `/api/customer-business/${nodes['Site A']}/asset`, tenantAdmin, {
      assetData: { _id: orphan._id, version: orphan.version, deviceUUID: taken },
    });
    expect(linking.json().code).toBe('asset.device_taken');
    expect((await detail(orphan._id)).version).toBe(orphan.version);
    // A device of a sublevel may be linked to an asset of the level above.
    const fromSite = await create('Tenant', {
      description: 'Van',
      assetType: van,
      values: { Plate: 'AA-00-BB' },
      deviceUUID: inSiteB,
    });
    expect(fromSite.statusCode, fromSite.body).toBe(201);
  });

  it('keeps every link with its dates across device swaps, newest first', async () => {
    const first = await device('Site A', 'First meter');
    const second = await device('Site A', 'Second meter');
    const asset = await coldRoomIn('Site A', 'Swapped', { deviceUUID: first });
    const patch = async (version: number, deviceUUID: string | null) => {
      const answer = await call('PATCH', `/api/customer-business/${nodes['Site A']}/asset`, tenantAdmin, {
        assetData: { _id: asset._id, version, deviceUUID },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as AssetSchema;
    };
    const swapped = await patch(asset.version, second);
    expect(swapped.device?.uuid).toBe(second);
    const unlinked = await patch(swapped.version, null);
    expect(unlinked).toMatchObject({ device: null, linkedAt: null });
    const relinked = await patch(unlinked.version, first);
    const { links } = await detail(asset._id);
    expect(links.map((link) => [link.device.description, link.unlinkedAt === null])).toEqual([
      ['First meter', true],
      ['Second meter', false],
      ['First meter', false],
    ]);
    expect(links[0]?.linkedAt).toBe(relinked.linkedAt);
    for (const [index, link] of links.entries()) {
      const older = links[index + 1];
      if (older) expect(Date.parse(older.unlinkedAt ?? '')).toBeLessThanOrEqual(Date.parse(link.linkedAt));
      if (link.unlinkedAt) expect(Date.parse(link.unlinkedAt)).toBeGreaterThanOrEqual(Date.parse(link.linkedAt));
    }
    // The second meter is free again: another asset may take it.
    expect((await coldRoomIn('Site A', 'Takes the second', { deviceUUID: second })).device?.uuid).toBe(second);
    const actions = (await logsOf('Site A'))
      .filter((log) => JSON.parse(log.details).assetId === asset._id)
      .map((log) => `${log.action} ${JSON.parse(log.details).device ?? ''}`.trim());
    expect(actions).toEqual([
      'asset_created',
      'asset_linked First meter',
      'asset_unlinked First meter',
      'asset_linked Second meter',
      'asset_unlinked Second meter',
      'asset_linked First meter',
    ]);
  });

  it('answers 409 to an edit over a stale version, and changes nothing', async () => {
    const asset = await coldRoomIn('Site A', 'Versioned');
    const first = await call('PATCH', `/api/customer-business/${nodes['Site A']}/asset`, tenantAdmin, {
      assetData: { _id: asset._id, version: asset.version, description: 'Versioned 2' },
    });
    expect(first.statusCode).toBe(200);
    const stale = await call('PATCH', `/api/customer-business/${nodes['Site A']}/asset`, tenantAdmin, {
      assetData: {
        _id: asset._id,
        version: asset.version,
        description: 'Versioned 3',
        deviceUUID: await device('Site A'),
      },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('conflict');
    expect(await detail(asset._id)).toMatchObject({ description: 'Versioned 2', version: 2, device: null });
  });

  it('ignores fields a client may not set (mass assignment)', async () => {
    const created = await create('Site A', {
      _id: 'chosen-id',
      businessId: nodes.Other,
      businessPath: `/${nodes.Other}/`,
      tenantPath: `/${nodes.Other}/`,
      version: 99,
      deviceId: 'some-device',
      linkedAt: '2020-01-01T00:00:00.000Z',
      createdAt: '2020-01-01T00:00:00.000Z',
      incomplete: true,
      description: 'Mass assigned',
      assetType: van,
      values: { Plate: 'ZZ-11-ZZ' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const asset = created.json();
    expect(asset._id).not.toBe('chosen-id');
    expect(asset).toMatchObject({ businessId: nodes['Site A'], version: 1, device: null, linkedAt: null });
    expect(Date.parse(asset.createdAt)).toBeGreaterThan(Date.parse('2025-01-01'));
    const row = await t.db.selectFrom('assets').selectAll().where('id', '=', asset._id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ businessPath: expect.stringContaining(nodes['Site A'] ?? ''), deviceId: null });

    const edited = await call('PATCH', `/api/customer-business/${nodes['Site A']}/asset`, tenantAdmin, {
      assetData: {
        _id: asset._id,
        version: 1,
        businessId: nodes.Other,
        assetType: coldRoom,
        assetTypeId: coldRoom,
        deviceId: 'some-device',
        createdAt: '2020-01-01T00:00:00.000Z',
        description: 'Mass assigned 2',
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      businessId: nodes['Site A'],
      assetType: { id: van },
      device: null,
      version: 2,
      createdAt: asset.createdAt,
    });
  });

  it('answers plan.unavailable on a level whose plan has no assets, after checking reach', async () => {
    const token = await t.userWith('plain-admin', PASSWORD, nodes.Plain ?? '', 'admin');
    const id = nodes.Plain;
    const calls: [Method, string, object?][] = [
      ['GET', `/api/customer-business/${id}/assets`],
      [
        'POST',
        `/api/customer-business/${id}/asset`,
        { assetData: { description: 'X', assetType: van, values: { Plate: 'A' } } },
      ],
      ['PATCH', `/api/customer-business/${id}/asset`, { assetData: { _id: 'x', version: 1 } }],
      ['DELETE', `/api/customer-business/${id}/asset`, { assets: ['x'] }],
      ['GET', `/api/customer-business/${id}/assets/export-csv`],
    ];
    for (const [method, url, payload] of calls) {
      const answer = await call(method, url, token, payload);
      expect(answer.statusCode, `${method} ${url}`).toBe(422);
      expect(answer.json().code).toBe('plan.unavailable');
      // Another tenant's admin learns nothing of the level, not even its plan.
      expect((await call(method, url, tenantAdmin, payload)).statusCode).toBe(404);
    }
    const imported = await t.request({
      method: 'POST',
      url: `/api/customer-business/${id}/assets/import-csv?assetType=${van}`,
      headers: { 'content-type': 'text/csv' },
      payload: 'Description,Plate\nVan,AA\n',
      token,
    });
    expect(imported.json().code).toBe('plan.unavailable');
    // An asset that was made while the plan had assets is not shown once it has none.
    const asset = await t.db
      .insertInto('assets')
      .values({
        id: randomUUID(),
        businessId: id ?? '',
        businessPath: `/${id}/`,
        description: 'Old',
        assetTypeId: van,
        fieldValues: '{}',
        deviceId: null,
        linkedAt: null,
        createdAt: 1,
        updatedAt: 1,
        version: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await call('GET', `/api/assets/${asset.id}`, token)).json().code).toBe('plan.unavailable');
    await t.db.deleteFrom('assets').where('id', '=', asset.id).execute();
  });

  it('lists the subtree in description order by keyset pages, with filters, and counts the matches', async () => {
    const tree = await t.createTree(staff, [['Paged'], ['Paged site', 'Paged']]);
    await t.services.plansRepo.insert(
      { businessId: tree.Paged ?? '', name: 'Assets', features: { assetSupport: true } },
      Date.now(),
    );
    const admin = await t.userWith('paged-admin', PASSWORD, tree.Paged ?? '', 'admin');
    const siteOnly = await t.userWith('paged-site', PASSWORD, tree['Paged site'] ?? '', 'viewer');
    const names = ['delta', 'Alpha', 'charlie', 'Bravo', 'echo', 'alpha'];
    const ids: Record<string, string> = {};
    for (const [index, name] of names.entries()) {
      const place = index % 2 === 0 ? tree.Paged : tree['Paged site'];
      const answer = await call('POST', `/api/customer-business/${place}/asset`, admin, {
        assetData:
          index === 4
            ? { description: name, assetType: van, values: { Plate: 'EE' } }
            : { description: name, assetType: coldRoom, values: coldRoomValues },
      });
      expect(answer.statusCode, answer.body).toBe(201);
      ids[name] = answer.json()._id;
    }
    const uuid = (
      await call('POST', '/api/devices', staff, {
        businessId: tree.Paged,
        deviceType: 'th-sensor-sigfox',
        sigfoxID: 'BB0001',
      })
    ).json().uuid;
    const linked = await call('PATCH', `/api/customer-business/${tree.Paged}/asset`, admin, {
      assetData: { _id: ids.delta, version: 1, deviceUUID: uuid },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const all = async (token: string, query: string, limit = 2) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `/api/customer-business/${tree.Paged}/assets?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`;
        const answer = await call('GET', url, token);
        expect(answer.statusCode, answer.body).toBe(200);
        const page = AssetPage.parse(answer.json());
        seen.push(...page.items.map((item) => item.description));
        cursor = page.nextCursor;
      } while (cursor);
      const counted = await call('GET', `/api/customer-business/${tree.Paged}/assets?mode=count${query}`, token);
      expect(counted.statusCode, counted.body).toBe(200);
      return { seen, count: AssetCount.parse(counted.json()).count };
    };
    const sorted = ['Alpha', 'alpha', 'Bravo', 'charlie', 'delta', 'echo'];
    const byId = (a: string, b: string) =>
      a.toLowerCase() === b.toLowerCase()
        ? (ids[a] ?? '') < (ids[b] ?? '')
          ? -1
          : 1
        : a.toLowerCase() < b.toLowerCase()
          ? -1
          : 1;
    expect(await all(admin, '')).toEqual({ seen: [...sorted].sort(byId), count: 6 });
    expect(await all(admin, '&search=ALP', 1)).toEqual({ seen: ['Alpha', 'alpha'].sort(byId), count: 2 });
    expect(await all(admin, `&assetType=${van}`)).toEqual({ seen: ['echo'], count: 1 });
    expect((await all(admin, '&orphan=true', 10)).seen).not.toContain('delta');
    expect((await all(admin, '&orphan=true', 10)).count).toBe(5);
    // A viewer of the site reaches its assets alone, even when asking for the level above (not reachable: 404).
    expect((await call('GET', `/api/customer-business/${tree.Paged}/assets`, siteOnly)).statusCode).toBe(404);
    const site = await call('GET', `/api/customer-business/${tree['Paged site']}/assets`, siteOnly);
    expect(site.json().items.map((item: AssetSchema) => item.description)).toEqual([
      ...['Alpha', 'alpha'].sort(byId),
      'Bravo',
    ]);
    const badCursor = await call('GET', `/api/customer-business/${tree.Paged}/assets?cursor=nonsense`, admin);
    expect(badCursor.statusCode).toBe(400);
  });

  it('deletes assets: their devices become free and stay with their readings; all or none', async () => {
    const uuid = await device('Site A', 'Freed sensor');
    const asset = await coldRoomIn('Site A', 'To delete', { deviceUUID: uuid });
    const other = await coldRoomIn('Site A', 'Stays');
    const key = (await t.db.selectFrom('devices').select('key').where('id', '=', uuid).executeTakeFirstOrThrow()).key;
    await t.db
      .insertInto('readings')
      .values({ deviceKey: key, signal: 'temperature', date: Date.now(), value: '4.2' })
      .execute();
    const readingsBefore = await t.db.selectFrom('readings').select('deviceKey').where('deviceKey', '=', key).execute();

    const partly = await call('DELETE', `/api/customer-business/${nodes['Site A']}/asset`, tenantAdmin, {
      assets: [asset._id, 'no-such-asset'],
    });
    expect(partly.statusCode).toBe(404);
    const asViewer = await call('DELETE', `/api/customer-business/${nodes['Site A']}/asset`, siteViewer, {
      assets: [asset._id],
    });
    expect(asViewer.statusCode).toBe(403);
    const fromSibling = await call('DELETE', `/api/customer-business/${nodes['Site B']}/asset`, tenantAdmin, {
      assets: [asset._id],
    });
    expect(fromSibling.statusCode).toBe(404);
    expect((await detail(asset._id)).device?.uuid).toBe(uuid);

    const deleted = await call('DELETE', `/api/customer-business/${nodes['Site A']}/asset`, siteAdmin, {
      assets: [asset._id],
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await call('GET', `/api/assets/${asset._id}`, tenantAdmin)).statusCode).toBe(404);
    expect((await detail(other._id)).description).toBe('Stays');
    expect(await t.db.selectFrom('assetLinks').select('deviceId').where('assetId', '=', asset._id).execute()).toEqual(
      [],
    );
    expect((await call('GET', `/api/devices/${uuid}`, tenantAdmin)).statusCode).toBe(200);
    expect(readingsBefore).toHaveLength(1);
    expect(await t.db.selectFrom('readings').select('deviceKey').where('deviceKey', '=', key).execute()).toEqual(
      readingsBefore,
    );
    expect((await coldRoomIn('Site A', 'Takes the freed', { deviceUUID: uuid })).device?.uuid).toBe(uuid);
    const logs = (await logsOf('Site A')).filter((log) => JSON.parse(log.details).assetId === asset._id);
    expect(logs.map((log) => log.action)).toEqual(['asset_created', 'asset_linked', 'asset_unlinked', 'asset_deleted']);
  });

  it('exports the assets as CSV with the types’ fields and imports them back, all or nothing', async () => {
    const tree = await t.createTree(staff, [['Csv'], ['Csv site', 'Csv']]);
    await t.services.plansRepo.insert(
      { businessId: tree.Csv ?? '', name: 'Assets', features: { assetSupport: true } },
      Date.now(),
    );
    const admin = await t.userWith('csv-admin', PASSWORD, tree.Csv ?? '', 'admin');
    const uuid = (
      await call('POST', '/api/devices', staff, {
        businessId: tree['Csv site'],
        deviceType: 'th-sensor-sigfox',
        sigfoxID: 'CC0001',
        description: 'Csv sensor',
      })
    ).json().uuid;
    const post = (place: string | undefined, assetData: object) =>
      call('POST', `/api/customer-business/${place}/asset`, admin, { assetData });
    await post(tree.Csv, {
      description: '=HYPERLINK("x")',
      assetType: coldRoom,
      values: { 'Target temperature (°C)': -18, Product: 'Meat' },
      deviceUUID: uuid,
    });
    await post(tree['Csv site'], {
      description: 'Cold, "big" room',
      assetType: coldRoom,
      values: { 'Target temperature (°C)': 2 },
    });
    await post(tree.Csv, { description: 'Van 7', assetType: van, values: { Plate: '@plate' } });

    const exported = await call('GET', `/api/customer-business/${tree.Csv}/assets/export-csv`, admin);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.body).toBe(
      'Description,Asset type,Device,Target temperature (°C),Product,Plate\r\n' +
        `"'=HYPERLINK(""x"")",Cold room,${uuid},'-18,Meat,\r\n` +
        '"Cold, ""big"" room",Cold room,,2,,\r\n' +
        "Van 7,Van,,,,'@plate\r\n",
    );
    const coldRooms = await call(
      'GET',
      `/api/customer-business/${tree.Csv}/assets/export-csv?assetType=${coldRoom}`,
      admin,
    );
    const file = coldRooms.body;
    expect(file.split('\r\n')[0]).toBe('Description,Asset type,Device,Target temperature (°C),Product');

    const importInto = (place: string | undefined, body: string, assetType = coldRoom) =>
      t.request({
        method: 'POST',
        url: `/api/customer-business/${place}/assets/import-csv?assetType=${assetType}`,
        headers: { 'content-type': 'text/csv' },
        payload: body,
        token: admin,
      });
    // Its device is still linked to the exported asset: the whole file is refused, naming the line.
    const taken = await importInto(tree.Csv, file);
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields).toEqual({
      'lines.2.device': 'The device Csv sensor is already linked to another asset.',
    });
    const before = await t.db.selectFrom('assets').select('id').execute();
    const all = await call('GET', `/api/customer-business/${tree.Csv}/assets`, admin);
    await call('DELETE', `/api/customer-business/${tree.Csv}/asset`, admin, {
      assets: all.json().items.map((item: AssetSchema) => item._id),
    });
    const imported = await importInto(tree['Csv site'], file);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ created: 2 });
    const again = await call('GET', `/api/customer-business/${tree.Csv}/assets/export-csv`, admin);
    expect(again.body).toBe(file);
    expect(before.length).toBeGreaterThan(0);
    const logs = await t.db
      .selectFrom('businessLogs')
      .select(['action', 'details'])
      .where('businessId', '=', tree['Csv site'] ?? '')
      .where('action', '=', 'assets_imported')
      .execute();
    expect(logs).toEqual([
      { action: 'assets_imported', details: JSON.stringify({ count: 2, assetType: 'Cold room' }) },
    ]);

    const count = async () => (await t.db.selectFrom('assets').select('id').execute()).length;
    const stored = await count();
    const malformed = await importInto(tree.Csv, 'Description,Target temperature (°C)\nA,1\nB,2,3\n');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      code: 'asset.csv_invalid',
      message: 'CSV file format is incorrect. Error at line 3.',
    });
    const openQuote = await importInto(tree.Csv, 'Description;Product\nA;Dairy\n"B;Meat\nC;Dairy\n');
    expect(openQuote.json().message).toBe('CSV file format is incorrect. Error at line 3.');
    const unknownColumn = await importInto(tree.Csv, 'Description,Colour\nA,Blue\n');
    expect(unknownColumn.json().message).toBe('CSV file format is incorrect. Error at line 1.');
    const empty = await importInto(tree.Csv, '');
    expect(empty.json().code).toBe('asset.csv_invalid');
    const values = await importInto(
      tree.Csv,
      'Description,Target temperature (°C),Product\nGood,1,Dairy\n\nNo number,cold,Meat\n,3,Fish\n',
    );
    expect(values.statusCode).toBe(400);
    expect(values.json().fields).toEqual({
      'lines.4.values.Target temperature (°C)': 'Enter a number.',
      'lines.5.description': 'Required',
      'lines.5.values.Product': 'Choose one of the options.',
    });
    expect(await count()).toBe(stored);
    const semicolons = await importInto(tree.Csv, '\uFEFFdescription;Plate\nVan A;AA-01\nVan B;AA-02\n', van);
    expect(semicolons.json()).toEqual({ created: 2 });
  });

  it('refuses to delete a level holding assets and an asset type in use, and re-paths assets on moves', async () => {
    const tree = await t.createTree(staff, [['Holder'], ['Holder site', 'Holder'], ['Target', 'Holder']]);
    await t.services.plansRepo.insert(
      { businessId: tree.Holder ?? '', name: 'Assets', features: { assetSupport: true } },
      Date.now(),
    );
    const type = (await call('POST', '/api/asset-types', staff, { name: 'Boat', fields: [] })).json();
    const asset = (
      await call('POST', `/api/customer-business/${tree['Holder site']}/asset`, staff, {
        assetData: { description: 'Boat 1', assetType: type.id },
      })
    ).json();
    const refused = await call('DELETE', `/api/customer-business/${tree['Holder site']}`, staff);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'business.has_assets',
      message:
        'This level cannot be deleted: it or one of its sublevels has assets. Move the assets or sublevels first.',
    });
    const typeRefused = await call('DELETE', `/api/asset-types/${type.id}?lang=pt`, staff);
    expect(typeRefused.statusCode).toBe(409);
    expect(typeRefused.json()).toMatchObject({
      code: 'asset_type.in_use',
      message: 'Este tipo de ativo é usado por 1 ativos e não pode ser eliminado.',
    });

    const node = (await call('GET', `/api/customer-business/${tree['Holder site']}`, staff)).json();
    const moved = await call('PUT', `/api/customer-business/${tree['Holder site']}`, staff, {
      version: node.version,
      parent: tree.Target,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const row = await t.db
      .selectFrom('assets')
      .select('businessPath')
      .where('id', '=', asset._id)
      .executeTakeFirstOrThrow();
    expect(row.businessPath).toBe(`/${tree.Holder}/${tree.Target}/${tree['Holder site']}/`);
    const listed = await call('GET', `/api/customer-business/${tree.Target}/assets`, staff);
    expect(listed.json().items.map((item: AssetSchema) => item._id)).toEqual([asset._id]);

    await call('DELETE', `/api/customer-business/${tree.Target}/asset`, staff, { assets: [asset._id] });
    expect((await call('DELETE', `/api/customer-business/${tree['Holder site']}`, staff)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/asset-types/${type.id}`, staff)).statusCode).toBe(204);
  });

  it('closes the link of a device that is deleted, leaving its asset an orphan', async () => {
    const uuid = await device('Site A', 'Doomed sensor');
    const asset = await coldRoomIn('Site A', 'Loses its device', { deviceUUID: uuid });
    expect((await call('DELETE', `/api/devices/${uuid}`, tenantAdmin)).statusCode).toBe(204);
    const after = await detail(asset._id);
    expect(after).toMatchObject({ device: null, linkedAt: null, version: asset.version + 1 });
    expect(after.links).toHaveLength(1);
    expect(after.links[0]?.unlinkedAt).not.toBeNull();
    const logs = (await logsOf('Site A')).filter((log) => JSON.parse(log.details).assetId === asset._id);
    expect(logs.map((log) => log.action)).toEqual(['asset_created', 'asset_linked', 'asset_unlinked']);
  });
});
