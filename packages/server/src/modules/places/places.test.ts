import { randomUUID } from 'node:crypto';
import { areaBounds, Place, PlaceDevicePage, PlaceGroup, PlaceGroupList, PlacePage } from '@iot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

const PASSWORD = 'a good password';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const circle = (lat = 38.7076, lon = -9.1365, radius = 150) => ({ kind: 'circle', center: { lat, lon }, radius });
const square = (lat = 38.72, lon = -9.15, side = 0.002) => ({
  kind: 'polygon',
  points: [
    { lat, lon },
    { lat: lat + side, lon },
    { lat: lat + side, lon: lon + side },
    { lat, lon: lon + side },
  ],
});

describe.each(databaseKinds())('places and place groups on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let tenantAdmin: string;
  let siteAdmin: string;
  let siteViewer: string;
  let siteUser: string;
  let nodes: Record<string, string>;
  let serial = 0;

  const call = (method: Method, url: string, token: string | undefined, payload?: object) =>
    t.request({ method, url, token, ...(payload ? { payload } : {}) });
  const base = (level: string) => `/api/customer-business/${nodes[level]}`;

  async function group(level: string, payload: object, token = tenantAdmin) {
    const created = await call('POST', `${base(level)}/place-groups`, token, payload);
    expect(created.statusCode, created.body).toBe(201);
    return PlaceGroup.parse(created.json());
  }

  async function place(level: string, payload: object, token = tenantAdmin) {
    const created = await call('POST', `${base(level)}/places`, token, payload);
    expect(created.statusCode, created.body).toBe(201);
    return Place.parse(created.json());
  }

  /** A Sigfox sensor in `level`, created by staff: answers its uuid. */
  async function device(level: string, description = `Sensor ${serial + 1}`) {
    serial += 1;
    const created = await call('POST', '/api/devices', staff, {
      businessId: nodes[level],
      deviceType: 'th-sensor-sigfox',
      sigfoxID: `BC${String(serial).padStart(4, '0')}`,
      description,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().uuid as string;
  }

  /** Puts devices at a place now, as the ingest pipeline would. */
  async function at(placeId: string, uuids: string[], state: 'atPoi' | 'atForbiddenPoi' = 'atPoi') {
    await t.db
      .updateTable('devices')
      .set({ locationState: state, locationPlaceId: placeId, locationSince: Date.parse('2026-01-02T03:04:05Z') })
      .where('id', 'in', uuids)
      .execute();
  }

  const revision = async () =>
    Number(
      (await t.db.selectFrom('placeRevision').select('revision').where('id', '=', 1).executeTakeFirstOrThrow())
        .revision,
    );

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
      .filter((log) => log.action.startsWith('place'))
      .map((log) => ({ action: log.action, details: JSON.parse(log.details) }));

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
      ['Plain'],
    ]);
    for (const level of ['Tenant', 'Other'])
      await t.services.plansRepo.insert(
        { businessId: nodes[level] ?? '', name: 'Places', features: { poiSupport: true } },
        Date.now(),
      );
    tenantAdmin = await t.userWith('tenant-admin', PASSWORD, nodes.Tenant ?? '', 'admin');
    siteAdmin = await t.userWith('site-admin', PASSWORD, nodes['Site A'] ?? '', 'admin');
    siteViewer = await t.userWith('site-viewer', PASSWORD, nodes['Site A'] ?? '', 'viewer');
    siteUser = await t.userWith('site-user', PASSWORD, nodes['Site A'] ?? '', 'user');
  });
  afterAll(async () => t?.close());

  it('should require authentication', async () => {
    const id = nodes['Site A'];
    for (const [method, url] of [
      ['GET', `/api/customer-business/${id}/places`],
      ['POST', `/api/customer-business/${id}/places`],
      ['PATCH', `/api/customer-business/${id}/places/x`],
      ['DELETE', `/api/customer-business/${id}/places/x?version=1`],
      ['GET', `/api/customer-business/${id}/place-groups`],
      ['POST', `/api/customer-business/${id}/place-groups`],
      ['PATCH', `/api/customer-business/${id}/place-groups/x`],
      ['DELETE', `/api/customer-business/${id}/place-groups/x?version=1`],
      ['GET', '/api/places/x/devices'],
    ] as const) {
      const response = await call(method, url, undefined, method === 'POST' || method === 'PATCH' ? {} : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('documents every place call in the OpenAPI document, each with a summary', async () => {
    const { paths } = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    const documented = Object.entries(paths as Record<string, Record<string, { summary?: string; tags?: string[] }>>)
      .filter(([path]) => path.includes('/place'))
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(
          ([method, operation]) => `${method} ${path} ${Boolean(operation.summary)} ${operation.tags?.join()}`,
        ),
      )
      .sort();
    expect(documented).toEqual(
      expect.arrayContaining([
        'delete /api/customer-business/{id}/place-groups/{groupId} true places',
        'delete /api/customer-business/{id}/places/{placeId} true places',
        'get /api/customer-business/{id}/place-groups true places',
        'get /api/customer-business/{id}/places true places',
        'get /api/places/{placeId}/devices true places',
        'patch /api/customer-business/{id}/place-groups/{groupId} true places',
        'patch /api/customer-business/{id}/places/{placeId} true places',
        'post /api/customer-business/{id}/place-groups true places',
        'post /api/customer-business/{id}/places true places',
      ]),
    );
  });

  it('creates, lists, edits and deletes groups, with default timings, logs and the revision bumped each time', async () => {
    const before = await revision();
    const depots = await group('Site A', { name: 'Depots A' }, siteAdmin);
    expect(depots).toMatchObject({
      businessId: nodes['Site A'],
      business: { id: nodes['Site A'], description: 'Site A' },
      name: 'Depots A',
      forbidden: false,
      enterAfterMs: 120_000,
      lostAfterMs: 86_400_000,
      places: 0,
      version: 1,
    });
    const restricted = await group('Site A', {
      name: 'restricted A',
      forbidden: true,
      enterAfterMs: 0,
      lostAfterMs: 600_000,
    });
    expect(restricted).toMatchObject({ forbidden: true, enterAfterMs: 0, lostAfterMs: 600_000 });
    expect(await revision()).toBe(before + 2);

    const list = PlaceGroupList.parse((await call('GET', `${base('Site A')}/place-groups`, siteViewer)).json());
    expect(list.items.map((item) => item.name)).toEqual(['Depots A', 'restricted A']);
    // The level above lists its subtree's groups, each with its business.
    const tenantList = PlaceGroupList.parse((await call('GET', `${base('Tenant')}/place-groups`, tenantAdmin)).json());
    expect(tenantList.items.find((item) => item._id === depots._id)?.business.description).toBe('Site A');
    expect((await call('GET', `${base('Site B')}/place-groups`, tenantAdmin)).json().items).toEqual([]);

    const edited = await call('PATCH', `${base('Site A')}/place-groups/${depots._id}`, siteAdmin, {
      version: 1,
      name: 'Depots of A',
      lostAfterMs: 3_600_000,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Depots of A', lostAfterMs: 3_600_000, enterAfterMs: 120_000 });
    expect(edited.json().version).toBe(2);
    const stale = await call('PATCH', `${base('Site A')}/place-groups/${depots._id}`, siteAdmin, {
      version: 1,
      name: 'Stale',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('conflict');
    const badTiming = await call('PATCH', `${base('Site A')}/place-groups/${depots._id}`, siteAdmin, {
      version: 2,
      lostAfterMs: 1000,
    });
    expect(badTiming.statusCode).toBe(400);
    expect(badTiming.json().fields).toHaveProperty('lostAfterMs');

    const staleDelete = await call('DELETE', `${base('Site A')}/place-groups/${depots._id}?version=1`, siteAdmin);
    expect(staleDelete.statusCode).toBe(409);
    const before2 = await revision();
    const deleted = await call('DELETE', `${base('Site A')}/place-groups/${depots._id}?version=2`, siteAdmin);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await revision()).toBe(before2 + 1);
    expect((await call('GET', `${base('Site A')}/place-groups`, siteViewer)).json().items).toHaveLength(1);

    const logs = (await logsOf('Site A')).filter((log) =>
      [depots._id, restricted._id].includes(log.details.groupId as string),
    );
    expect(logs).toEqual([
      { action: 'place_group_created', details: { groupId: depots._id, name: 'Depots A' } },
      { action: 'place_group_created', details: { groupId: restricted._id, name: 'restricted A' } },
      { action: 'place_group_updated', details: { groupId: depots._id, name: 'Depots of A', from: 'Depots A' } },
      { action: 'place_group_deleted', details: { groupId: depots._id, name: 'Depots of A' } },
    ]);
  });

  it('creates circles and polygons with their bounding box, in a group of the level or above, and edits them', async () => {
    const depots = await group('Tenant', { name: 'Tenant depots' });
    const before = await revision();
    const dock = await place('Site A', { name: 'Dock', area: circle(), groupId: depots._id }, siteAdmin);
    expect(dock).toMatchObject({
      businessId: nodes['Site A'],
      business: { id: nodes['Site A'], description: 'Site A' },
      name: 'Dock',
      area: circle(),
      group: { id: depots._id, name: 'Tenant depots', forbidden: false },
      devicesNow: 0,
      version: 1,
    });
    expect(await revision()).toBe(before + 1);
    const stored = await t.db.selectFrom('places').selectAll().where('id', '=', dock._id).executeTakeFirstOrThrow();
    const bounds = areaBounds(circle() as Parameters<typeof areaBounds>[0]);
    expect(stored).toMatchObject({ businessPath: expect.stringContaining(nodes['Site A'] ?? '') });
    for (const key of ['minLat', 'minLon', 'maxLat', 'maxLon'] as const)
      expect(stored[key]).toBeCloseTo(bounds[key], 9);

    const yard = await place('Room A1', { name: 'Yard', area: square() }, siteAdmin);
    expect(yard).toMatchObject({ area: square(), group: null });
    const yardRow = await t.db.selectFrom('places').selectAll().where('id', '=', yard._id).executeTakeFirstOrThrow();
    expect(yardRow).toMatchObject({ minLat: 38.72, minLon: -9.15 });
    expect(yardRow.maxLat).toBeCloseTo(38.722, 9);

    const moved = await call('PATCH', `${base('Site A')}/places/${yard._id}`, siteAdmin, {
      version: 1,
      name: 'Yard 2',
      area: circle(38.73, -9.14, 80),
      groupId: depots._id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      name: 'Yard 2',
      area: circle(38.73, -9.14, 80),
      group: { id: depots._id },
      version: 2,
    });
    const movedRow = await t.db.selectFrom('places').selectAll().where('id', '=', yard._id).executeTakeFirstOrThrow();
    expect(movedRow.minLat).toBeLessThan(38.73);
    expect(movedRow.maxLat).toBeGreaterThan(38.73);
    // Absent parts stay; null takes the place out of its group.
    const ungrouped = await call('PATCH', `${base('Room A1')}/places/${yard._id}`, siteAdmin, {
      version: 2,
      groupId: null,
    });
    expect(ungrouped.json()).toMatchObject({ name: 'Yard 2', area: circle(38.73, -9.14, 80), group: null, version: 3 });
    const stale = await call('PATCH', `${base('Site A')}/places/${yard._id}`, siteAdmin, { version: 2, name: 'X' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('conflict');

    const logs = (await logsOf('Room A1')).filter((log) => log.details.placeId === yard._id);
    expect(logs).toEqual([
      { action: 'place_created', details: { placeId: yard._id, name: 'Yard' } },
      { action: 'place_updated', details: { placeId: yard._id, name: 'Yard 2', from: 'Yard' } },
      { action: 'place_updated', details: { placeId: yard._id, name: 'Yard 2' } },
    ]);
  });

  it('refuses a group of another level than the place’s or above, and areas that enclose nothing', async () => {
    const below = await group('Room A1', { name: 'Below' });
    const sibling = await group('Site B', { name: 'Sibling' });
    const other = (
      await call('POST', `${base('Other')}/place-groups`, staff, { name: 'Other tenant' })
    ).json() as PlaceGroup;
    const count = async () => (await t.db.selectFrom('places').select('id').execute()).length;
    const before = await count();
    for (const groupId of [below._id, sibling._id, other._id, 'no-such-group']) {
      const refused = await call('POST', `${base('Site A')}/places`, tenantAdmin, {
        name: 'Misgrouped',
        area: circle(),
        groupId,
      });
      expect(refused.statusCode, groupId).toBe(422);
      expect(refused.json().code).toBe('place.group_not_found');
    }
    const own = await place('Site A', { name: 'Own group later', area: circle() });
    const edit = await call('PATCH', `${base('Site A')}/places/${own._id}`, tenantAdmin, {
      version: 1,
      groupId: sibling._id,
    });
    expect(edit.json().code).toBe('place.group_not_found');

    const line = await call('POST', `${base('Site A')}/places`, tenantAdmin, {
      name: 'Line',
      area: {
        kind: 'polygon',
        points: [
          { lat: 38.7, lon: -9.1 },
          { lat: 38.71, lon: -9.11 },
          { lat: 38.72, lon: -9.12 },
        ],
      },
    });
    expect(line.statusCode).toBe(422);
    expect(line.json().code).toBe('place.area_invalid');
    for (const area of [
      circle(38.7, -9.1, 5),
      circle(91, 0, 100),
      { kind: 'polygon', points: [{ lat: 1, lon: 1 }] },
      { kind: 'square' },
    ]) {
      const refused = await call('POST', `${base('Site A')}/places`, tenantAdmin, { name: 'Bad', area });
      expect(refused.statusCode, JSON.stringify(area)).toBe(400);
      expect(refused.json().code).toBe('validation.failed');
    }
    const unnamed = await call('POST', `${base('Site A')}/places`, tenantAdmin, { name: ' ', area: circle() });
    expect(unnamed.json().fields).toHaveProperty('name');
    expect(await count()).toBe(before + 1);
  });

  it('ignores fields a client may not set (mass assignment)', async () => {
    const created = await call('POST', `${base('Site A')}/places`, tenantAdmin, {
      _id: 'chosen-id',
      businessId: nodes.Other,
      businessPath: `/${nodes.Other}/`,
      tenantPath: `/${nodes.Other}/`,
      version: 99,
      devicesNow: 12,
      minLat: 0,
      createdAt: '2020-01-01T00:00:00.000Z',
      name: 'Mass assigned',
      area: circle(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = Place.parse(created.json());
    expect(body._id).not.toBe('chosen-id');
    expect(body).toMatchObject({ businessId: nodes['Site A'], version: 1, devicesNow: 0 });
    const row = await t.db.selectFrom('places').selectAll().where('id', '=', body._id).executeTakeFirstOrThrow();
    expect(row.businessPath).toContain(nodes['Site A']);
    expect(row.minLat).toBeGreaterThan(38);

    const edited = await call('PATCH', `${base('Site A')}/places/${body._id}`, tenantAdmin, {
      version: 1,
      businessId: nodes.Other,
      businessPath: `/${nodes.Other}/`,
      createdAt: '2020-01-01T00:00:00.000Z',
      name: 'Mass assigned 2',
    });
    expect(edited.json()).toMatchObject({ businessId: nodes['Site A'], name: 'Mass assigned 2', version: 2 });

    const grouped = await call('POST', `${base('Site A')}/place-groups`, tenantAdmin, {
      _id: 'chosen',
      businessId: nodes.Other,
      places: 5,
      version: 7,
      name: 'Mass group',
    });
    expect(grouped.json()).toMatchObject({ businessId: nodes['Site A'], places: 0, version: 1 });
    expect(grouped.json()._id).not.toBe('chosen');
  });

  it('answers plan.unavailable on a level whose plan has no places, after checking reach', async () => {
    const token = await t.userWith('plain-admin', PASSWORD, nodes.Plain ?? '', 'admin');
    const calls: [Method, string, object?][] = [
      ['GET', `${base('Plain')}/places`],
      ['POST', `${base('Plain')}/places`, { name: 'P', area: circle() }],
      ['PATCH', `${base('Plain')}/places/x`, { version: 1, name: 'P' }],
      ['DELETE', `${base('Plain')}/places/x?version=1`],
      ['GET', `${base('Plain')}/place-groups`],
      ['POST', `${base('Plain')}/place-groups`, { name: 'G' }],
      ['PATCH', `${base('Plain')}/place-groups/x`, { version: 1, name: 'G' }],
      ['DELETE', `${base('Plain')}/place-groups/x?version=1`],
    ];
    for (const [method, url, payload] of calls) {
      const answer = await call(method, url, token, payload);
      expect(answer.statusCode, `${method} ${url}`).toBe(422);
      expect(answer.json().code).toBe('plan.unavailable');
      // Another tenant's admin learns nothing of the level, not even its plan.
      expect((await call(method, url, tenantAdmin, payload)).statusCode).toBe(404);
    }
    // A place made while the plan had places is not shown once it has none.
    const id = randomUUID();
    await t.db
      .insertInto('places')
      .values({
        id,
        businessId: nodes.Plain ?? '',
        businessPath: `/${nodes.Plain}/`,
        name: 'Old',
        groupId: null,
        area: JSON.stringify(circle()),
        ...areaBounds(circle() as Parameters<typeof areaBounds>[0]),
        createdAt: 1,
        updatedAt: 1,
        version: 1,
      })
      .execute();
    const devices = await call('GET', `/api/places/${id}/devices`, token);
    expect(devices.statusCode).toBe(422);
    expect(devices.json().code).toBe('plan.unavailable');
    expect((await call('GET', `/api/places/${id}/devices`, tenantAdmin)).statusCode).toBe(404);
    await t.db.deleteFrom('places').where('id', '=', id).execute();
  });

  it('lists the subtree’s places by name in keyset pages, with search, group filter and devices at each now', async () => {
    const tree = await t.createTree(staff, [['Paging'], ['Paging child', 'Paging']]);
    await t.services.plansRepo.insert(
      { businessId: tree.Paging ?? '', name: 'Places', features: { poiSupport: true } },
      Date.now(),
    );
    const admin = await t.userWith('paging-admin', PASSWORD, tree.Paging ?? '', 'admin');
    const childViewer = await t.userWith('paging-child', PASSWORD, tree['Paging child'] ?? '', 'viewer');
    nodes = { ...nodes, ...tree };
    const depots = await group('Paging', { name: 'Depots' }, admin);
    const names = ['beta', 'Alpha', 'gamma 100%', 'delta', 'Epsilon', 'zeta_1', 'eta'];
    const made: Record<string, Place> = {};
    for (const [index, name] of names.entries())
      made[name] = await place(
        index % 2 === 0 ? 'Paging' : 'Paging child',
        { name, area: circle(38.7 + index / 100), ...(index < 3 ? { groupId: depots._id } : {}) },
        admin,
      );
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const answer = await call('GET', `${base('Paging')}/places?limit=3${query}`, admin);
      expect(answer.statusCode, answer.body).toBe(200);
      const page = PlacePage.parse(answer.json());
      pages.push(page.items.map((item) => item.name));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toEqual([['Alpha', 'beta', 'delta'], ['Epsilon', 'eta', 'gamma 100%'], ['zeta_1']]);
    const search = async (text: string, token = admin) =>
      PlacePage.parse(
        (await call('GET', `${base('Paging')}/places?search=${encodeURIComponent(text)}`, token)).json(),
      ).items.map((item) => item.name);
    expect(await search('ETA')).toEqual(['beta', 'eta', 'zeta_1']);
    expect(await search('%')).toEqual(['gamma 100%']);
    expect(await search('_')).toEqual(['zeta_1']);
    const grouped = PlacePage.parse(
      (await call('GET', `${base('Paging')}/places?groupId=${depots._id}`, admin)).json(),
    ).items;
    expect(grouped.map((item) => item.name)).toEqual(['Alpha', 'beta', 'gamma 100%']);
    expect((await call('GET', `${base('Paging')}/places?cursor=nonsense`, admin)).statusCode).toBe(400);
    // The child level lists its own places alone, each with its business.
    const child = PlacePage.parse((await call('GET', `${base('Paging child')}/places`, childViewer)).json()).items;
    expect(child.map((item) => [item.name, item.business.description])).toEqual([
      ['Alpha', 'Paging child'],
      ['delta', 'Paging child'],
      ['zeta_1', 'Paging child'],
    ]);
    expect((await call('GET', `${base('Paging')}/places`, childViewer)).statusCode).toBe(404);

    // Devices at each place now, counted for the devices the caller reaches.
    const top = [await device('Paging'), await device('Paging')];
    const below = [await device('Paging child'), await device('Paging child'), await device('Paging child')];
    await at(made.beta?._id ?? '', [...top, below[0] ?? '']);
    await at(made.Alpha?._id ?? '', below.slice(1), 'atForbiddenPoi');
    const counts = async (token: string, level: string) =>
      Object.fromEntries(
        PlacePage.parse((await call('GET', `${base(level)}/places`, token)).json()).items.map((item) => [
          item.name,
          item.devicesNow,
        ]),
      );
    expect(await counts(admin, 'Paging')).toMatchObject({ beta: 3, Alpha: 2, delta: 0 });
    expect(await counts(staff, 'Paging')).toMatchObject({ beta: 3, Alpha: 2 });
    expect(await counts(childViewer, 'Paging child')).toMatchObject({ Alpha: 2 });
    const groups = PlaceGroupList.parse((await call('GET', `${base('Paging')}/place-groups`, admin)).json());
    expect(groups.items.find((item) => item._id === depots._id)?.places).toBe(3);
  });

  it('answers the devices at a place now, by description in keyset pages, of the caller’s reach alone', async () => {
    const dock = await place('Site A', { name: 'Devices dock', area: circle() });
    const own = [] as string[];
    for (const name of ['d', 'B', 'a', 'c', 'E']) own.push(await device('Site A', `Truck ${name}`));
    const elsewhere = await device('Site B', 'Truck from B');
    const notThere = await device('Site A', 'Truck away');
    await at(dock._id, [...own, elsewhere]);
    const names = async (token: string, limit = 2) => {
      const pages: string[][] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `&cursor=${cursor}` : '';
        const answer = await call('GET', `/api/places/${dock._id}/devices?limit=${limit}${query}`, token);
        expect(answer.statusCode, answer.body).toBe(200);
        const page = PlaceDevicePage.parse(answer.json());
        pages.push(page.items.map((item) => item.description));
        cursor = page.nextCursor;
      } while (cursor);
      return pages;
    };
    expect(await names(tenantAdmin)).toEqual([
      ['Truck a', 'Truck B'],
      ['Truck c', 'Truck d'],
      ['Truck E', 'Truck from B'],
    ]);
    // A viewer of Site A sees the place but not Site B's truck at it.
    expect((await names(siteViewer, 50)).flat()).toEqual(['Truck a', 'Truck B', 'Truck c', 'Truck d', 'Truck E']);
    expect((await names(siteUser, 50)).flat()).not.toContain('Truck away');
    const first = PlaceDevicePage.parse((await call('GET', `/api/places/${dock._id}/devices`, siteAdmin)).json())
      .items[0];
    expect(first).toEqual({
      uuid: own[2],
      description: 'Truck a',
      deviceType: 'th-sensor-sigfox',
      businessId: nodes['Site A'],
      business: { id: nodes['Site A'], description: 'Site A' },
      location: { state: 'atPoi', place: { id: dock._id, name: 'Devices dock' }, since: '2026-01-02T03:04:05.000Z' },
      lastSeenAt: null,
    });
    expect(notThere).toBeDefined();

    // Site B's admin does not see Site A's place at all, nor does another tenant, nor anyone a place that is not.
    const siteBAdmin = await t.userWith('site-b-admin', PASSWORD, nodes['Site B'] ?? '', 'admin');
    const otherAdmin = await t.userWith('other-admin', PASSWORD, nodes.Other ?? '', 'admin');
    for (const token of [siteBAdmin, otherAdmin]) {
      const hidden = await call('GET', `/api/places/${dock._id}/devices`, token);
      const missing = await call('GET', '/api/places/no-such-place/devices', token);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.body).toBe(missing.body);
    }
    expect((await call('GET', `/api/places/${dock._id}/devices?cursor=%%%`, tenantAdmin)).statusCode).toBe(400);
    expect((await call('GET', `/api/places/${dock._id}/devices?limit=201`, tenantAdmin)).statusCode).toBe(400);
  });

  it('deletes a place: its devices are at an unknown location from then on and keep their history', async () => {
    const gate = await place('Site A', { name: 'Gate', area: circle() });
    const [kept, away] = [await device('Site A', 'At the gate'), await device('Site A', 'Not at the gate')];
    await at(gate._id, [kept ?? '']);
    await t.db
      .insertInto('deviceLocationStates')
      .values({
        deviceId: kept ?? '',
        enteredAt: 1000,
        leftAt: null,
        state: 'atPoi',
        placeId: gate._id,
        placeName: 'Gate',
        lat: 38.7076,
        lon: -9.1365,
      })
      .execute();
    await t.db
      .updateTable('devices')
      .set({ locationState: 'inTransit', locationSince: 5 })
      .where('id', '=', away ?? '')
      .execute();
    const stale = await call('DELETE', `${base('Site A')}/places/${gate._id}?version=2`, tenantAdmin);
    expect(stale.statusCode).toBe(409);
    expect((await call('DELETE', `${base('Site A')}/places/${gate._id}`, tenantAdmin)).statusCode).toBe(400);
    const before = await revision();
    const started = Date.now();
    const deleted = await call('DELETE', `${base('Site A')}/places/${gate._id}?version=1`, tenantAdmin);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await revision()).toBe(before + 1);
    const rows = await t.db
      .selectFrom('devices')
      .select(['id', 'locationState', 'locationPlaceId', 'locationSince'])
      .where('id', 'in', [kept ?? '', away ?? ''])
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(kept ?? '')).toMatchObject({ locationState: 'atUnknownLocation', locationPlaceId: null });
    expect(Number(byId.get(kept ?? '')?.locationSince)).toBeGreaterThanOrEqual(started);
    expect(byId.get(away ?? '')).toMatchObject({ locationState: 'inTransit', locationSince: 5 });
    const history = await t.db
      .selectFrom('deviceLocationStates')
      .selectAll()
      .where('deviceId', '=', kept ?? '')
      .execute();
    expect(history).toMatchObject([{ placeName: 'Gate', state: 'atPoi' }]);
    expect((await call('GET', `/api/places/${gate._id}/devices`, tenantAdmin)).statusCode).toBe(404);
    const logs = (await logsOf('Site A')).filter((log) => log.details.placeId === gate._id);
    expect(logs.map((log) => log.action)).toEqual(['place_created', 'place_deleted']);
    expect(logs[1]?.details).toEqual({ placeId: gate._id, name: 'Gate' });
  });

  it('refuses to delete a group that still has places, until they leave it', async () => {
    const busy = await group('Site A', { name: 'Busy group' });
    const member = await place('Site A', { name: 'Member', area: circle(), groupId: busy._id });
    const before = await revision();
    const refused = await call('DELETE', `${base('Site A')}/place-groups/${busy._id}?version=1`, tenantAdmin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('place_group.in_use');
    expect(await revision()).toBe(before);
    await call('PATCH', `${base('Site A')}/places/${member._id}`, tenantAdmin, { version: 1, groupId: null });
    const deleted = await call('DELETE', `${base('Site A')}/place-groups/${busy._id}?version=1`, tenantAdmin);
    expect(deleted.statusCode, deleted.body).toBe(204);
  });

  it('edits and deletes only through a level that holds the object, as if it did not exist elsewhere', async () => {
    const held = await place('Site A', { name: 'Held', area: circle() });
    const heldGroup = await group('Site A', { name: 'Held group' });
    for (const [method, url, payload] of [
      ['PATCH', `${base('Site B')}/places/${held._id}`, { version: 1, name: 'Taken' }],
      ['DELETE', `${base('Site B')}/places/${held._id}?version=1`],
      ['PATCH', `${base('Room A1')}/places/${held._id}`, { version: 1, name: 'Taken' }],
      ['PATCH', `${base('Site B')}/place-groups/${heldGroup._id}`, { version: 1, name: 'Taken' }],
      ['DELETE', `${base('Site B')}/place-groups/${heldGroup._id}?version=1`],
    ] as [Method, string, object?][]) {
      const answer = await call(method, url, tenantAdmin, payload);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
    }
    // Users and viewers of the level read but do not write.
    for (const token of [siteUser, siteViewer]) {
      expect((await call('GET', `${base('Site A')}/places`, token)).statusCode).toBe(200);
      const edit = await call('PATCH', `${base('Site A')}/places/${held._id}`, token, { version: 1, name: 'No' });
      expect(edit.statusCode).toBe(403);
    }
    expect((await call('GET', `/api/places/${held._id}/devices`, siteViewer)).statusCode).toBe(200);
  });

  it('keeps places with their level: a level with places is not deleted, a moved level takes them along', async () => {
    const created = await call('POST', `/api/customer-business/${nodes.Tenant}`, staff, { description: 'Yard' });
    const yard = created.json()._id as string;
    const yardGroup = await call('POST', `/api/customer-business/${yard}/place-groups`, tenantAdmin, { name: 'Yard' });
    const yardPlace = await call('POST', `/api/customer-business/${yard}/places`, tenantAdmin, {
      name: 'Gate',
      area: circle(),
      groupId: yardGroup.json()._id,
    });
    expect(yardPlace.statusCode, yardPlace.body).toBe(201);
    const refused = await call('DELETE', `/api/customer-business/${yard}`, tenantAdmin);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('business.has_places');

    const before = await revision();
    const siteB = (await call('GET', `/api/customer-business/${nodes['Site B']}`, tenantAdmin)).json();
    const moved = await call('PUT', `/api/customer-business/${yard}`, tenantAdmin, { version: 1, parent: siteB.slug });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await revision()).toBeGreaterThan(before);
    const paths = await t.db
      .selectFrom('places')
      .innerJoin('placeGroups', 'placeGroups.id', 'places.groupId')
      .select(['places.businessPath as placePath', 'placeGroups.businessPath as groupPath'])
      .where('places.id', '=', yardPlace.json()._id)
      .executeTakeFirstOrThrow();
    const expected = `/${nodes.Tenant}/${nodes['Site B']}/${yard}/`;
    expect(paths).toEqual({ placePath: expected, groupPath: expected });
    // Site A's admin no longer reaches it; Site B's subtree lists it.
    const listed = PlacePage.parse((await call('GET', `${base('Site B')}/places?search=Gate`, tenantAdmin)).json());
    expect(listed.items.map((item) => item._id)).toEqual([yardPlace.json()._id]);

    await call('DELETE', `/api/customer-business/${yard}/places/${yardPlace.json()._id}?version=1`, tenantAdmin);
    await call('DELETE', `/api/customer-business/${yard}/place-groups/${yardGroup.json()._id}?version=1`, tenantAdmin);
    const deleted = await call('DELETE', `/api/customer-business/${yard}`, tenantAdmin);
    expect(deleted.statusCode, deleted.body).toBe(204);
  });

  it('lists with a level’s groups those of the levels above it, which its places may be in', async () => {
    const above = await group('Tenant', { name: 'Tenant-wide depots' });
    const names = async (level: string, token: string) =>
      PlaceGroupList.parse((await call('GET', `${base(level)}/place-groups`, token)).json()).items.map(
        (item) => item.name,
      );
    expect(await names('Room A1', siteViewer)).toContain('Tenant-wide depots');
    expect(await names('Site B', tenantAdmin)).toContain('Tenant-wide depots');
    const inRoom = await place('Room A1', { name: 'Room corner', area: circle(), groupId: above._id }, siteAdmin);
    expect(inRoom.group?.name).toBe('Tenant-wide depots');
    // Read only from below: its level's admins edit it.
    const edit = await call('PATCH', `${base('Site A')}/place-groups/${above._id}`, siteAdmin, {
      version: 1,
      name: 'X',
    });
    expect(edit.statusCode).toBe(404);
  });
});
