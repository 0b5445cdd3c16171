import { type Device, JourneyDetail, JourneyPage } from '@iot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';
import { advanceJourney, emptyJourneySummary, type JourneyPosition } from './progress.js';

const PASSWORD = 'a good password';
const BUSINESSES = '/api/customer-business';
const MINUTE = 60_000;

type Method = 'GET' | 'POST';

describe.each(databaseKinds())('journeys on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let tenantUser: string;
  let siteUser: string;
  let siteViewer: string;
  let otherAdmin: string;
  let plainUser: string;
  let hiddenUser: string;
  let nodes: Record<string, string>;
  let imei = 0;

  const call = (method: Method, url: string, token: string | undefined, payload?: object) =>
    t.request({ method, url, token, ...(payload ? { payload } : {}) });

  /** A GPS tracker in `place`, its IMEI made valid (Luhn) from a counter. */
  async function tracker(place: string, description = `Van ${imei + 1}`) {
    imei += 1;
    const body = `35693803${String(imei).padStart(6, '0')}`;
    let sum = 0;
    for (const [index, char] of [...body].reverse().entries()) {
      const digit = Number(char) * (index % 2 === 0 ? 2 : 1);
      sum += digit > 9 ? digit - 9 : digit;
    }
    const created = await call('POST', '/api/devices', staff, {
      businessId: nodes[place],
      deviceType: 'gps-tracker',
      description,
      IMEI: `${body}${(10 - (sum % 10)) % 10}`,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as Device;
  }

  const create = (place: string, payload: object, token = tenantUser) =>
    call('POST', `${BUSINESSES}/${nodes[place]}/journeys`, token, payload);

  async function journeyOf(place: string, device: Device, description = 'Delivery', token = tenantUser) {
    const created = await create(place, { description, deviceUUID: device.uuid, comment: 'Leaving now' }, token);
    expect(created.statusCode, created.body).toBe(201);
    return JourneyDetail.parse(created.json());
  }

  const act = (id: string, action: string, payload: object, token = tenantUser) =>
    call('POST', `/api/journeys/${id}/${action}`, token, payload);

  const detail = async (id: string, token = tenantUser) => {
    const answer = await call('GET', `/api/journeys/${id}`, token);
    expect(answer.statusCode, answer.body).toBe(200);
    return JourneyDetail.parse(answer.json());
  };

  const carried = async (device: Device) =>
    (await t.db.selectFrom('devices').select('journeyId').where('id', '=', device.uuid).executeTakeFirstOrThrow())
      .journeyId;

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
      ['Hidden'],
    ]);
    for (const place of ['Tenant', 'Other'])
      await t.services.plansRepo.insert(
        { businessId: nodes[place] ?? '', name: 'Journeys', features: { journeyUnlocked: true } },
        Date.now(),
      );
    await t.services.plansRepo.insert(
      { businessId: nodes.Hidden ?? '', name: 'No journeys', features: { journeyVisible: false } },
      Date.now(),
    );
    tenantUser = await t.userWith('tenant-user', PASSWORD, nodes.Tenant ?? '', 'user');
    siteUser = await t.userWith('site-user', PASSWORD, nodes['Site A'] ?? '', 'user');
    siteViewer = await t.userWith('site-viewer', PASSWORD, nodes['Site A'] ?? '', 'viewer');
    otherAdmin = await t.userWith('other-admin', PASSWORD, nodes.Other ?? '', 'admin');
    plainUser = await t.userWith('plain-user', PASSWORD, nodes.Plain ?? '', 'admin');
    hiddenUser = await t.userWith('hidden-user', PASSWORD, nodes.Hidden ?? '', 'admin');
  });
  afterAll(async () => t?.close());

  it('should require authentication', async () => {
    for (const [method, url] of [
      ['GET', `${BUSINESSES}/${nodes.Tenant}/journeys`],
      ['POST', `${BUSINESSES}/${nodes.Tenant}/journeys`],
      ['GET', '/api/devices/some-device/journeys'],
      ['GET', '/api/journeys/some-id'],
      ['GET', '/api/journeys/some-id/export-csv'],
      ['POST', '/api/journeys/some-id/pause'],
      ['POST', '/api/journeys/some-id/comment'],
    ] as const) {
      const answer = await call(method, url, undefined, method === 'GET' ? undefined : {});
      expect(answer.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('documents every journey call in the OpenAPI document, each with a summary', async () => {
    const { paths } = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    const documented = Object.entries(paths as Record<string, Record<string, { summary?: string }>>)
      .filter(([path]) => path.includes('journeys'))
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, operation]) => `${method} ${path} ${Boolean(operation.summary)}`),
      )
      .sort();
    expect(documented).toEqual([
      'get /api/customer-business/{id}/journeys true',
      'get /api/devices/{uuid}/journeys true',
      'get /api/journeys/{journeyId} true',
      'get /api/journeys/{journeyId}/export-csv true',
      'post /api/customer-business/{id}/journeys true',
      'post /api/journeys/{journeyId}/{action} true',
    ]);
  });

  it('creates a running journey of a device of the subtree: its device carries it, its history and log say so', async () => {
    const van = await tracker('Room A1', 'Van to Porto');
    const journey = await journeyOf('Site A', van, 'Lisbon → Porto');
    expect(journey).toMatchObject({
      businessId: nodes['Site A'],
      business: { id: nodes['Site A'], description: 'Site A' },
      description: 'Lisbon → Porto',
      comment: 'Leaving now',
      device: { uuid: van.uuid, description: 'Van to Porto' },
      state: 'running',
      endedAt: null,
      version: 1,
      actions: { comment: true, pause: true, restart: false, finalize: true, cancel: true },
      summary: { distanceM: 0, movingMs: 0, start: null, end: null, legs: [], stops: [] },
      track: [],
    });
    expect(journey.history).toEqual([
      { transition: 'created', user: 'tenant-user@example.com', comment: 'Leaving now', date: journey.createdAt },
    ]);
    expect(await carried(van)).toBe(journey._id);
    const logs = await t.db
      .selectFrom('businessLogs')
      .select(['action', 'details'])
      .where('businessId', '=', nodes['Site A'] ?? '')
      .where('action', '=', 'journey_created')
      .execute();
    expect(logs.map((log) => JSON.parse(log.details))).toContainEqual({
      journeyId: journey._id,
      description: 'Lisbon → Porto',
      device: 'Van to Porto',
    });
  });

  it('ignores fields a client may not set (mass assignment)', async () => {
    const van = await tracker('Site A');
    const created = await create('Site A', {
      _id: 'chosen-id',
      description: 'Chosen',
      deviceUUID: van.uuid,
      businessId: nodes.Other,
      state: 'finished',
      version: 42,
      summary: { distanceM: 99 },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      businessId: nodes['Site A'],
      state: 'running',
      version: 1,
      summary: { distanceM: 0 },
    });
    expect(created.json()._id).not.toBe('chosen-id');
  });

  it('refuses a device out of the subtree or out of reach, a busy device, bad input and a viewer', async () => {
    const inSiteB = await tracker('Site B');
    const inOther = await tracker('Other');
    const busy = await tracker('Site A');
    await journeyOf('Site A', busy);
    const free = await tracker('Site A');
    const before = await t.db.selectFrom('journeys').select('id').execute();
    const refusals: [string, string, object, string, number, string][] = [
      [
        'device of a sibling level',
        'Site A',
        { description: 'x', deviceUUID: inSiteB.uuid },
        tenantUser,
        422,
        'journey.device_not_found',
      ],
      [
        'device of another tenant',
        'Site A',
        { description: 'x', deviceUUID: inOther.uuid },
        tenantUser,
        422,
        'journey.device_not_found',
      ],
      [
        'no such device',
        'Site A',
        { description: 'x', deviceUUID: 'no-such-device' },
        tenantUser,
        422,
        'journey.device_not_found',
      ],
      [
        'device already in a journey',
        'Site A',
        { description: 'x', deviceUUID: busy.uuid },
        tenantUser,
        409,
        'journey.device_busy',
      ],
      ['no description', 'Site A', { description: '  ', deviceUUID: free.uuid }, tenantUser, 400, 'validation.failed'],
      ['no device', 'Site A', { description: 'x' }, tenantUser, 400, 'validation.failed'],
      ['a viewer', 'Site A', { description: 'x', deviceUUID: free.uuid }, siteViewer, 403, 'forbidden'],
      ['a level out of reach', 'Site B', { description: 'x', deviceUUID: inSiteB.uuid }, siteUser, 404, 'not_found'],
      ['another tenant', 'Site A', { description: 'x', deviceUUID: free.uuid }, otherAdmin, 404, 'not_found'],
      [
        'a plan without journeyUnlocked',
        'Plain',
        { description: 'x', deviceUUID: free.uuid },
        plainUser,
        422,
        'plan.unavailable',
      ],
    ];
    const unexpected: string[] = [];
    for (const [name, place, body, token, status, code] of refusals) {
      const answer = await create(place, body, token);
      if (answer.statusCode !== status || answer.json().code !== code)
        unexpected.push(`${name}: ${answer.statusCode} ${answer.body}`);
    }
    expect(unexpected).toEqual([]);
    expect(await t.db.selectFrom('journeys').select('id').execute()).toHaveLength(before.length);
    expect((await create('Site A', { description: 'x', deviceUUID: inSiteB.uuid })).json().message).toContain(
      inSiteB.uuid,
    );
  });

  it('lets exactly one of two journeys created at once for one device in', async () => {
    const van = await tracker('Site A');
    const answers = await Promise.all(
      ['First', 'Second', 'Third'].map((description) => create('Site A', { description, deviceUUID: van.uuid })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409]);
    for (const answer of answers.filter((candidate) => candidate.statusCode === 409))
      expect(answer.json().code).toBe('journey.device_busy');
    const open = await t.db
      .selectFrom('journeys')
      .select('id')
      .where('deviceId', '=', van.uuid)
      .where('state', '=', 'running')
      .execute();
    expect(open).toHaveLength(1);
    expect(await carried(van)).toBe(open[0]?.id);
  });

  it('pauses, restarts, comments and finalizes as the state machine allows, with 409 on a stale version', async () => {
    const van = await tracker('Site A', 'Van of the round');
    let journey = await journeyOf('Site A', van, 'Morning round');
    const step = async (action: string, comment = '', token = tenantUser) => {
      const answer = await act(journey._id, action, { version: journey.version, comment }, token);
      expect(answer.statusCode, `${action}: ${answer.body}`).toBe(200);
      journey = JourneyDetail.parse(answer.json());
      return journey;
    };
    const refused = async (action: string, status: number, code: string, payload?: object) => {
      const answer = await act(journey._id, action, payload ?? { version: journey.version });
      expect([answer.statusCode, answer.json().code], `${action}: ${answer.body}`).toEqual([status, code]);
    };

    await refused('restart', 422, 'journey.not_paused');
    expect(await step('pause', 'Lunch')).toMatchObject({
      state: 'paused',
      version: 2,
      actions: { comment: true, pause: false, restart: true, finalize: true, cancel: true },
    });
    expect(await carried(van)).toBeNull();
    await refused('pause', 422, 'journey.not_running');
    await refused('restart', 409, 'conflict', { version: 1 });
    expect((await step('restart')).state).toBe('running');
    expect(await carried(van)).toBe(journey._id);
    await refused('comment', 400, 'journey.comment_required', { version: journey.version, comment: '   ' });
    expect(await step('comment', 'Traffic on the A1', siteUser)).toMatchObject({
      state: 'running',
      comment: 'Traffic on the A1',
    });
    const finished = await step('finalize', 'Delivered');
    expect(finished).toMatchObject({
      state: 'finished',
      actions: { comment: true, pause: false, restart: false, finalize: false, cancel: false },
    });
    expect(finished.endedAt).not.toBeNull();
    expect(await carried(van)).toBeNull();
    await refused('pause', 409, 'journey.closed');
    await refused('restart', 409, 'journey.closed');
    await refused('finalize', 409, 'journey.closed');
    await refused('cancel', 409, 'journey.closed');
    expect((await step('comment', 'Invoice sent')).state).toBe('finished');
    expect(journey.history.map((entry) => [entry.transition, entry.user, entry.comment])).toEqual([
      ['created', 'tenant-user@example.com', 'Leaving now'],
      ['paused', 'tenant-user@example.com', 'Lunch'],
      ['restarted', 'tenant-user@example.com', ''],
      ['comment', 'site-user@example.com', 'Traffic on the A1'],
      ['finished', 'tenant-user@example.com', 'Delivered'],
      ['comment', 'tenant-user@example.com', 'Invoice sent'],
    ]);
    expect(journey.version).toBe(6);
    const logs = await t.db
      .selectFrom('businessLogs')
      .select('details')
      .where('action', '=', 'journey_changed')
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
    expect(logs.map((log) => JSON.parse(log.details)).filter((details) => details.journeyId === journey._id)).toEqual(
      ['paused', 'restarted', 'comment', 'finished', 'comment'].map((transition) => ({
        journeyId: journey._id,
        description: 'Morning round',
        transition,
      })),
    );
    // The device is free again: a new journey may take it.
    expect((await create('Site A', { description: 'Afternoon round', deviceUUID: van.uuid })).statusCode).toBe(201);
  });

  it('cancels a running or a paused journey, freeing its device', async () => {
    for (const pausedFirst of [false, true]) {
      const van = await tracker('Site A');
      let journey = await journeyOf('Site A', van);
      if (pausedFirst) journey = JourneyDetail.parse((await act(journey._id, 'pause', { version: 1 })).json());
      const cancelled = await act(journey._id, 'cancel', { version: journey.version, comment: 'Order cancelled' });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toMatchObject({ state: 'cancelled', actions: { comment: true, cancel: false } });
      expect(cancelled.json().endedAt).not.toBeNull();
      expect(await carried(van)).toBeNull();
    }
  });

  it("tells the level's users that a journey finished, but not the one who finished it", async () => {
    const van = await tracker('Site A', 'Van 7');
    const journey = await journeyOf('Site A', van, 'Porto → Braga');
    await act(journey._id, 'finalize', { version: journey.version });
    const notified = await t.db
      .selectFrom('notifications')
      .innerJoin('users', 'users.id', 'notifications.userId')
      .select(['users.email', 'notifications.code', 'notifications.params'])
      .where('notifications.source', '=', `journey:${journey._id}:finished`)
      .orderBy('users.email')
      .execute();
    expect(notified.map((row) => row.email)).toEqual(['site-user@example.com', 'site-viewer@example.com']);
    expect(JSON.parse(notified[0]?.params ?? '{}')).toEqual({ journey: 'Porto → Braga', vehicle: 'Van 7' });
    expect(notified[0]?.code).toBe('notification.journey_finished');
  });

  it('refuses a viewer, another tenant and a plan without journeyUnlocked every action, changing nothing', async () => {
    const van = await tracker('Site A');
    const journey = await journeyOf('Site A', van);
    const viewed = await detail(journey._id, siteViewer);
    expect(Object.values(viewed.actions).some(Boolean)).toBe(false);
    for (const action of ['pause', 'finalize', 'cancel', 'comment']) {
      const payload = { version: 1, comment: 'No' };
      const byViewer = await act(journey._id, action, payload, siteViewer);
      expect([byViewer.statusCode, byViewer.json().code]).toEqual([403, 'forbidden']);
      const byOther = await act(journey._id, action, payload, otherAdmin);
      const missing = await act('no-such-journey', action, payload, otherAdmin);
      expect(byOther.statusCode).toBe(404);
      expect(byOther.body).toBe(missing.body);
    }
    expect((await detail(journey._id)).version).toBe(1);
    // The plan loses journeyUnlocked: the journey is still read, with no action, and every action is refused.
    await t.db
      .updateTable('contracts')
      .set({ features: JSON.stringify({ journeyUnlocked: false }) })
      .where('businessId', '=', nodes.Tenant ?? '')
      .execute();
    try {
      expect(Object.values((await detail(journey._id)).actions).some(Boolean)).toBe(false);
      const locked = await act(journey._id, 'pause', { version: 1 });
      expect([locked.statusCode, locked.json().code]).toEqual([422, 'plan.unavailable']);
    } finally {
      await t.db
        .updateTable('contracts')
        .set({ features: JSON.stringify({ journeyUnlocked: true }) })
        .where('businessId', '=', nodes.Tenant ?? '')
        .execute();
    }
  });

  it('lists newest first a page at a time, by state and device, within the caller reach', async () => {
    const vans = [await tracker('Site B', 'B van 1'), await tracker('Site B', 'B van 2')];
    const ids: string[] = [];
    for (const [index, description] of ['B1', 'B2', 'B3', 'B4'].entries()) {
      const van = vans[index % 2] as Device;
      const journey = await journeyOf('Site B', van, description);
      ids.push(journey._id);
      if (index < 2) await act(journey._id, 'finalize', { version: 1 });
    }
    const list = async (query: string, token = tenantUser, place = 'Site B') => {
      const answer = await call('GET', `${BUSINESSES}/${nodes[place]}/journeys${query}`, token);
      expect(answer.statusCode, answer.body).toBe(200);
      return JourneyPage.parse(answer.json());
    };
    const first = await list('?limit=3');
    expect(first.items.map((item) => item.description)).toEqual(['B4', 'B3', 'B2']);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(`?limit=3&cursor=${first.nextCursor}`);
    expect(second.items.map((item) => item.description)).toEqual(['B1']);
    expect(second.nextCursor).toBeNull();
    expect((await list('?state=running')).items.map((item) => item.description)).toEqual(['B4', 'B3']);
    expect((await list('?state=running&state=finished')).items).toHaveLength(4);
    expect((await list('?state=paused')).items).toEqual([]);
    expect((await list(`?deviceUUID=${vans[0]?.uuid}`)).items.map((item) => item.description)).toEqual(['B3', 'B1']);
    // The tenant's list holds the subtree's journeys; a sibling level's user and another tenant see none of these.
    const tenantList = (await list('?limit=200', tenantUser, 'Tenant')).items.map((item) => item._id);
    expect(tenantList).toEqual(expect.arrayContaining(ids));
    expect((await list('?limit=200', siteUser, 'Site A')).items.map((item) => item._id)).not.toEqual(
      expect.arrayContaining([ids[0]]),
    );
    const outOfReach = await call('GET', `${BUSINESSES}/${nodes['Site B']}/journeys`, siteUser);
    expect(outOfReach.statusCode).toBe(404);
    expect((await list('', otherAdmin, 'Other')).items).toEqual([]);
    const bad = await call('GET', `${BUSINESSES}/${nodes['Site B']}/journeys?cursor=nonsense`, tenantUser);
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'validation.failed']);

    const ofDevice = await call('GET', `/api/devices/${vans[1]?.uuid}/journeys?state=finished`, tenantUser);
    expect(ofDevice.statusCode, ofDevice.body).toBe(200);
    expect(JourneyPage.parse(ofDevice.json()).items.map((item) => item.description)).toEqual(['B2']);
    expect((await call('GET', `/api/devices/${vans[1]?.uuid}/journeys`, otherAdmin)).statusCode).toBe(404);
    expect((await call('GET', `/api/devices/${vans[1]?.uuid}/journeys`, siteUser)).statusCode).toBe(404);
  });

  it('hides journeys from a plan without journeyVisible, and shows them without actions without journeyUnlocked', async () => {
    const hidden = await call('GET', `${BUSINESSES}/${nodes.Hidden}/journeys`, hiddenUser);
    expect([hidden.statusCode, hidden.json().code]).toEqual([422, 'plan.unavailable']);
    const van = await tracker('Plain');
    const locked = await create('Plain', { description: 'Staff journey', deviceUUID: van.uuid }, staff);
    expect([locked.statusCode, locked.json().code]).toEqual([422, 'plan.unavailable']);
    // A journey from before the plan lost journeyUnlocked.
    const now = Date.now();
    await t.db
      .insertInto('journeys')
      .values({
        id: 'journey-of-plain',
        businessId: nodes.Plain ?? '',
        businessPath: `/${nodes.Plain}/`,
        deviceId: van.uuid,
        description: 'Earlier journey',
        state: 'finished',
        summary: JSON.stringify(emptyJourneySummary()),
        createdAt: now,
        updatedAt: now,
        endedAt: now,
        version: 2,
      })
      .execute();
    const plain = await call('GET', `${BUSINESSES}/${nodes.Plain}/journeys`, plainUser);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().items[0]).toMatchObject({
      _id: 'journey-of-plain',
      actions: { comment: false, pause: false },
    });
    const hiddenVan = await tracker('Hidden');
    const ofDevice = await call('GET', `/api/devices/${hiddenVan.uuid}/journeys`, hiddenUser);
    expect([ofDevice.statusCode, ofDevice.json().code]).toEqual([422, 'plan.unavailable']);
  });

  it("shows a journey's summary and track as the ingest pipeline stored them, and exports its legs and stops", async () => {
    const van = await tracker('Site A', 'Van of the track');
    const journey = await journeyOf('Site A', van, 'Porto → Braga');
    const start = Date.parse(journey.createdAt);
    const porto = { id: 'place-porto', name: 'Porto depot' };
    const at = (minute: number, lat: number, place: JourneyPosition['place'] = null): JourneyPosition => ({
      lat,
      lon: -8.61,
      date: start + minute * MINUTE,
      speedKmh: null,
      place,
    });
    const positions = [
      at(1, 41.15, porto),
      at(2, 41.16),
      at(3, 41.17),
      at(4, 41.17),
      at(12, 41.17),
      at(13, 41.18),
      at(14, 41.19),
    ];
    const summary = positions.reduce(advanceJourney, emptyJourneySummary());
    await t.db
      .insertInto('journeyPoints')
      .values(
        [...positions].reverse().map((position) => ({
          journeyId: journey._id,
          date: position.date,
          lat: position.lat,
          lon: position.lon,
          speedKmh: null,
        })),
      )
      .execute();
    await t.db
      .updateTable('journeys')
      .set({ summary: JSON.stringify(summary) })
      .where('id', '=', journey._id)
      .execute();

    const shown = await detail(journey._id);
    expect(shown.track.map((point) => point.lat)).toEqual(positions.map((position) => position.lat));
    expect(shown.summary.stops).toHaveLength(1);
    expect(shown.summary.legs).toHaveLength(2);
    expect(shown.summary.distanceM).toBeGreaterThan(4000);
    expect(shown.summary.start?.lat).toBe(41.15);

    const finished = JourneyDetail.parse((await act(journey._id, 'finalize', { version: journey.version })).json());
    const read = async () => (await detail(journey._id)).summary;
    expect(await read()).toEqual(finished.summary);

    for (const [lang, header, leg, stop] of [
      ['en', 'Kind,Start,End,Duration (min),Place,Start latitude', 'Leg', 'Stop'],
      ['pt', 'Tipo,Início,Fim,Duração (min),Local,Latitude inicial', 'Trajeto', 'Paragem'],
    ] as const) {
      const csv = await call('GET', `/api/journeys/${journey._id}/export-csv?lang=${lang}`, siteViewer);
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      const lines = csv.body.trimEnd().split('\r\n');
      expect(lines[0]?.startsWith(header)).toBe(true);
      expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([leg, stop, leg]);
    }
    const other = await call('GET', `/api/journeys/${journey._id}/export-csv`, otherAdmin);
    expect(other.statusCode).toBe(404);
  });

  it('deletes a device with its journeys', async () => {
    const van = await tracker('Site A');
    const journey = await journeyOf('Site A', van);
    const deleted = await call('DELETE' as Method, `/api/devices/${van.uuid}`, staff);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect((await call('GET', `/api/journeys/${journey._id}`, staff)).statusCode).toBe(404);
  });

  it("answers another tenant's journey as one that does not exist", async () => {
    const van = await tracker('Site A');
    const journey = await journeyOf('Site A', van);
    const answer = await call('GET', `/api/journeys/${journey._id}`, otherAdmin);
    const missing = await call('GET', '/api/journeys/no-such-journey', otherAdmin);
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toBe(missing.body);
  });

  it('finishes the open journey of a device moved to another level, so the old level stops following it', async () => {
    const van = await tracker('Site A');
    const journey = await journeyOf('Site A', van, 'Before the move');
    const moved = await call('POST', '/api/devices/bulk-business-set', staff, {
      devices: [van.uuid],
      businessId: nodes.Other,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().results[0].ok).toBe(true);
    const after = await detail(journey._id);
    expect(after.state).toBe('finished');
    expect(after.history.at(-1)).toMatchObject({ transition: 'finished', user: 'staff@example.com' });
    expect(after.history.at(-1)?.comment).toContain('Other');
    expect(await carried(van)).toBeNull();
  });
});
