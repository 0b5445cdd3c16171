import { areaBounds, DevicePage, type LocationState, type PlaceArea } from '@iot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

const PASSWORD = 'a good password';
const AREA: PlaceArea = { kind: 'circle', center: { lat: 38.7076, lon: -9.1365 }, radius: 150 };
const SINCE = Date.parse('2026-03-04T05:06:07Z');

/** Where every device is now (SPEC section 4), as the device list filters, sorts and shows it. */
describe.each(databaseKinds())('device location state in the device list on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let admin: string;
  let viewer: string;
  let nodes: Record<string, string>;
  let placeId: string;
  const uuids: Record<string, string> = {};

  const filter = async (token: string, body: object) => {
    const answer = await t.request({ method: 'POST', url: '/api/devices/filter', token, payload: body });
    expect(answer.statusCode, answer.body).toBe(200);
    return DevicePage.parse(answer.json());
  };
  const descriptions = (page: DevicePage) => page.items.map((item) => item.description);

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    staff = await t.signIn('staff@example.com', PASSWORD);
    nodes = await t.createTree(staff, [['Fleet'], ['Depot', 'Fleet'], ['Elsewhere']]);
    admin = await t.userWith('fleet-admin', PASSWORD, nodes.Fleet ?? '', 'admin');
    viewer = await t.userWith('depot-viewer', PASSWORD, nodes.Depot ?? '', 'viewer');
    placeId = 'place-porto-dock';
    await t.db
      .insertInto('places')
      .values({
        id: placeId,
        businessId: nodes.Fleet ?? '',
        businessPath: `/${nodes.Fleet}/`,
        name: 'Porto dock',
        groupId: null,
        area: JSON.stringify(AREA),
        ...areaBounds(AREA),
        createdAt: 1,
        updatedAt: 1,
        version: 1,
      })
      .execute();
    const devices: [string, string, LocationState, boolean][] = [
      ['Van at dock', 'Depot', 'atPoi', true],
      ['Van in forbidden dock', 'Fleet', 'atForbiddenPoi', true],
      ['Van driving', 'Depot', 'inTransit', false],
      ['Van parked', 'Fleet', 'atUnknownLocation', false],
      ['Van silent', 'Depot', 'lost', false],
      ['Van new', 'Fleet', 'unavailable', false],
      ['Other van', 'Elsewhere', 'inTransit', false],
    ];
    for (const [index, [description, level, state, atPlace]] of devices.entries()) {
      const created = await t.request({
        method: 'POST',
        url: '/api/devices',
        token: staff,
        payload: {
          businessId: nodes[level],
          deviceType: 'th-sensor-sigfox',
          sigfoxID: `CD${String(index).padStart(4, '0')}`,
          description,
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      uuids[description] = created.json().uuid;
      await t.db
        .updateTable('devices')
        .set({
          locationState: state,
          locationPlaceId: atPlace ? placeId : null,
          locationSince: state === 'unavailable' ? null : SINCE,
        })
        .where('id', '=', created.json().uuid)
        .execute();
    }
  });
  afterAll(async () => t?.close());

  it('shows each device’s location state, since when, and the name of the place it is at, wherever it is listed', async () => {
    const page = await filter(admin, { businessId: nodes.Fleet });
    const byName = new Map(page.items.map((item) => [item.description, item.location]));
    expect(byName.get('Van at dock')).toEqual({
      state: 'atPoi',
      place: { id: placeId, name: 'Porto dock' },
      since: '2026-03-04T05:06:07.000Z',
    });
    expect(byName.get('Van in forbidden dock')).toMatchObject({
      state: 'atForbiddenPoi',
      place: { name: 'Porto dock' },
    });
    expect(byName.get('Van driving')).toEqual({ state: 'inTransit', place: null, since: '2026-03-04T05:06:07.000Z' });
    expect(byName.get('Van new')).toEqual({ state: 'unavailable', place: null, since: null });

    const atDock = uuids['Van at dock'] ?? '';
    for (const token of [admin, viewer, staff]) {
      const one = await t.request({ method: 'GET', url: `/api/devices/${atDock}`, token });
      expect(one.json().location, 'GET /devices/{uuid}').toMatchObject({ place: { name: 'Porto dock' } });
      const detailed = await t.request({
        method: 'GET',
        url: `/api/devices/list/detailed?deviceUUID=${atDock}`,
        token,
      });
      expect(detailed.json()[0].location, 'list/detailed').toMatchObject({ place: { name: 'Porto dock' } });
      const ofLevel = await t.request({ method: 'GET', url: `/api/customer-business/${nodes.Depot}/devices`, token });
      const listed = ofLevel.json().items.find((item: { uuid: string }) => item.uuid === atDock);
      expect(listed.location, 'customer-business devices').toMatchObject({ place: { name: 'Porto dock' } });
    }
    const current = await t.request({ method: 'GET', url: `/api/devices/${atDock}`, token: admin });
    const edited = await t.request({
      method: 'PUT',
      url: '/api/devices',
      token: admin,
      payload: { uuid: atDock, version: current.json().version, description: 'Van at dock' },
    });
    expect(edited.json().location, 'an edit answers it too').toMatchObject({ place: { name: 'Porto dock' } });
  });

  it('filters by location states, alone or with other filters, and counts the same', async () => {
    const states = async (locationStates: LocationState[], extra: object = {}) =>
      descriptions(await filter(admin, { locationStates, ...extra }));
    expect(await states(['atPoi', 'atForbiddenPoi'])).toEqual(['Van at dock', 'Van in forbidden dock']);
    expect(await states(['lost'])).toEqual(['Van silent']);
    expect(await states(['inTransit', 'unavailable'])).toEqual(['Van driving', 'Van new']);
    expect(await states(['inTransit'], { businessId: nodes.Depot })).toEqual(['Van driving']);
    expect(await states(['atPoi', 'lost'], { search: 'silent' })).toEqual(['Van silent']);
    // Staff reach every tenant: the other tenant's van in transit comes too.
    expect(descriptions(await filter(staff, { locationStates: ['inTransit'] }))).toEqual(['Other van', 'Van driving']);
    const count = await t.request({
      method: 'POST',
      url: '/api/devices/filter-count',
      token: admin,
      payload: { locationStates: ['atPoi', 'atForbiddenPoi', 'lost'] },
    });
    expect(count.json()).toEqual({ count: 3 });
    const unknown = await t.request({
      method: 'POST',
      url: '/api/devices/filter',
      token: admin,
      payload: { locationStates: ['atHome'] },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('sorts by location state both ways in keyset pages, the id breaking ties', async () => {
    const sorted = async (order: 'asc' | 'desc') => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: DevicePage = await filter(admin, {
          sort: { by: 'locationState', order },
          limit: 2,
          ...(cursor ? { cursor } : {}),
        });
        seen.push(...page.items.map((item) => item.location.state));
        cursor = page.nextCursor;
      } while (cursor);
      return seen;
    };
    const ascending = await sorted('asc');
    expect(ascending).toHaveLength(6);
    expect(ascending).toEqual([...ascending].sort());
    expect(await sorted('desc')).toEqual([...ascending].reverse());
  });
});
