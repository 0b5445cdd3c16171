import { randomUUID } from 'node:crypto';
import { areaBounds, isValidImei, type PlaceArea } from '@iot/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';
import type { LiveEventEnvelope } from '../ingest/live-events.js';
import { emptyJourneySummary, parseJourneySummary } from '../journeys/progress.js';

const PASSWORD = 'a good password';
const BUSINESSES = '/api/customer-business';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Metres per degree of latitude. */
const M = 111_195;
const DEPOT = { lat: 41.15, lon: -8.61 };
/** A point `north` metres north of the depot's centre. */
const north = (metres: number) => ({ lat: DEPOT.lat + metres / M, lon: DEPOT.lon });

/**
 * Location states from scripted positions, through the HTTP ingest call and the history call: entering and dwelling
 * at a place, jitter on its border, leaving, a forbidden place raising its alarm, going silent (lost) and coming back.
 * Places are written straight to the database, with the revision bump the places module makes.
 */
describe.each(databaseKinds())('location states on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let nodes: Record<string, string>;
  let integrationToken: string;
  let serial = 0;

  beforeAll(async () => {
    t = await startTestApp(kind);
    // Each test sweeps when it means to.
    await t.services.lostSweeper.stop();
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    const staff = await t.signIn('staff@example.com', PASSWORD);
    nodes = await t.createTree(staff, [['Acme'], ['Porto', 'Acme'], ['Other']]);
    admin = await t.userWith('admin', PASSWORD, nodes.Acme ?? '', 'admin');
    const depots = await group('Acme', { name: 'Depots', enterAfterMs: 2 * MINUTE, lostAfterMs: HOUR });
    const scrap = await group('Acme', { name: 'Scrapyards', forbidden: 1, enterAfterMs: 0, lostAfterMs: HOUR });
    await place('Porto', 'Porto depot', { kind: 'circle', center: DEPOT, radius: 200 }, depots);
    const yard = north(5000);
    await place(
      'Acme',
      'Scrapyard',
      {
        kind: 'polygon',
        points: [
          { lat: yard.lat - 0.001, lon: yard.lon - 0.001 },
          { lat: yard.lat - 0.001, lon: yard.lon + 0.001 },
          { lat: yard.lat + 0.001, lon: yard.lon },
        ],
      },
      scrap,
    );
    // Another tenant's forbidden place where Acme's depot is: never Acme's devices'.
    const theirs = await group('Other', { name: 'Theirs', forbidden: 1, enterAfterMs: 0, lostAfterMs: HOUR });
    await place('Other', 'Their yard', { kind: 'circle', center: DEPOT, radius: 500 }, theirs);

    const actions = (
      await t.request({ method: 'GET', url: `${BUSINESSES}/${nodes.Acme}/actions`, token: admin })
    ).json();
    const saved = await t.request({
      method: 'PUT',
      url: `${BUSINESSES}/${nodes.Acme}/actions`,
      token: admin,
      payload: { version: actions.version, actions: [{ type: 'alarm', signalTypes: ['alarm', 'value'] }] },
    });
    expect(saved.statusCode).toBe(200);
    integrationToken = (
      await t.request({
        method: 'POST',
        url: `${BUSINESSES}/${nodes.Acme}/integrations`,
        token: admin,
        payload: { network: 'http', name: 'Vans' },
      })
    ).json().token;
  });
  afterAll(async () => t?.close());

  async function group(
    level: string,
    values: { name: string; forbidden?: number; enterAfterMs: number; lostAfterMs: number },
  ) {
    const id = randomUUID();
    const { path } = await t.db
      .selectFrom('businesses')
      .select('path')
      .where('id', '=', nodes[level] ?? '')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('placeGroups')
      .values({
        id,
        businessId: nodes[level] ?? '',
        businessPath: path,
        forbidden: 0,
        ...values,
        createdAt: 0,
        updatedAt: 0,
        version: 1,
      })
      .execute();
    await sql`update place_revision set revision = revision + 1 where id = 1`.execute(t.db);
    return id;
  }

  async function place(level: string, name: string, area: PlaceArea, groupId: string | null) {
    const { path } = await t.db
      .selectFrom('businesses')
      .select('path')
      .where('id', '=', nodes[level] ?? '')
      .executeTakeFirstOrThrow();
    const id = randomUUID();
    await t.db
      .insertInto('places')
      .values({
        id,
        businessId: nodes[level] ?? '',
        businessPath: path,
        name,
        groupId,
        area: JSON.stringify(area),
        ...areaBounds(area),
        createdAt: 0,
        updatedAt: 0,
        version: 1,
      })
      .execute();
    await sql`update place_revision set revision = revision + 1 where id = 1`.execute(t.db);
    return id;
  }

  async function tracker(description: string) {
    serial += 1;
    const body = String(35_693_803_564_300 + serial);
    const imei = body + [...'0123456789'].find((digit) => isValidImei(body + digit));
    const created = await t.request({
      method: 'POST',
      url: '/api/devices',
      token: admin,
      payload: { businessId: nodes.Porto, deviceType: 'gps-tracker', description, IMEI: imei },
    });
    expect(created.statusCode).toBe(201);
    return created.json().uuid as string;
  }

  let seq = 0;
  async function send(device: string, date: number, values: Record<string, unknown>) {
    seq += 1;
    const response = await t.request({
      method: 'POST',
      url: '/api/ingest/http',
      headers: { 'x-integration-token': integrationToken },
      payload: { device, seq, ts: date, values },
    });
    expect(response.json()).toEqual({ stored: 1, duplicates: 0 });
  }
  const at = (device: string, date: number, point: { lat: number; lon: number }, speed?: number) =>
    send(device, date, { position: point, ...(speed === undefined ? {} : { speed }) });

  async function history(device: string, from: number, to = Date.now() + HOUR, token = admin) {
    const answer = await t.request({
      method: 'GET',
      url: `/api/devices/${device}/location-states?from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`,
      token,
    });
    expect(answer.statusCode).toBe(200);
    return answer.json().items as {
      state: string;
      place: { id: string | null; name: string } | null;
      enteredAt: string;
      leftAt: string | null;
      dwellMs: number;
      position: { lat: number; lon: number } | null;
    }[];
  }
  const row = (device: string) =>
    t.db
      .selectFrom('devices')
      .select(['locationState', 'locationPlaceId', 'locationSince'])
      .where('id', '=', device)
      .executeTakeFirstOrThrow();
  const iso = (time: number) => new Date(time).toISOString();
  /** Dispatches condition edges until `check` holds (the app's own dispatcher may hold the lock meanwhile). */
  async function dispatchedUntil(check: () => Promise<boolean>) {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      await t.services.actionDispatcher.dispatchAll();
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it('documents the location history call in the OpenAPI document, with a summary', async () => {
    const { paths } = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    const operation = paths['/api/devices/{uuid}/location-states']?.get;
    expect(operation).toMatchObject({ tags: ['devices'], summary: expect.any(String) });
  });

  it('enters a place after dwelling, does not flap on its border, leaves it, and keeps every state with its dwell', async () => {
    const van = await tracker('Van 1');
    expect(await row(van)).toEqual({ locationState: 'unavailable', locationPlaceId: null, locationSince: null });
    const base = Date.now() - 3 * HOUR;
    await at(van, base, north(-2000), 40);
    await at(van, base + 2 * MINUTE, north(-1000), 40);
    // Inside, stopped: entering, the state it had stands until the group's two minutes have passed.
    await at(van, base + 4 * MINUTE, north(-50), 0);
    await at(van, base + 5 * MINUTE, north(-230), 0);
    expect(await row(van)).toMatchObject({ locationState: 'inTransit', locationSince: base });
    await at(van, base + 7 * MINUTE, north(-190), 0);
    expect(await row(van)).toMatchObject({ locationState: 'atPoi', locationSince: base + 4 * MINUTE });
    // Parked on the edge: inside, then a little outside it, in turn.
    for (let minute = 8; minute < 20; minute += 1) {
      await at(van, base + minute * MINUTE, north(minute % 2 === 0 ? -195 : -235), 0);
    }
    // Several positions in one message's batch are taken in date order, an older one ignored.
    await at(van, base + 25 * MINUTE, north(2000), 50);
    await at(van, base + 21 * MINUTE, north(-100), 0);

    const items = await history(van, base - HOUR);
    const depotId = items[1]?.place?.id;
    expect(items).toEqual([
      {
        state: 'inTransit',
        place: null,
        enteredAt: iso(base + 25 * MINUTE),
        leftAt: null,
        dwellMs: expect.any(Number),
        position: north(2000),
      },
      {
        state: 'atPoi',
        place: { id: depotId, name: 'Porto depot' },
        enteredAt: iso(base + 4 * MINUTE),
        leftAt: iso(base + 25 * MINUTE),
        dwellMs: 21 * MINUTE,
        position: north(-190),
      },
      {
        state: 'inTransit',
        place: null,
        enteredAt: iso(base),
        leftAt: iso(base + 4 * MINUTE),
        dwellMs: 4 * MINUTE,
        position: north(-2000),
      },
    ]);
    expect(items[0]?.dwellMs).toBeGreaterThanOrEqual(Date.now() - (base + 25 * MINUTE) - 1000);
    // A range answers the states that overlap it.
    expect(
      (await history(van, base + 10 * MINUTE, base + 20 * MINUTE)).map((item) => [item.state, item.enteredAt]),
    ).toEqual([['atPoi', iso(base + 4 * MINUTE)]]);
    expect(await history(van, base - 2 * HOUR, base - HOUR)).toEqual([]);
  });

  it('raises the forbidden place alarm on entering one, clears its condition on leaving', async () => {
    const van = await tracker('Van 2');
    const base = Date.now() - 2 * HOUR;
    await at(van, base, north(3000), 60);
    await at(van, base + 5 * MINUTE, north(5000), 0);
    expect(await row(van)).toMatchObject({ locationState: 'atForbiddenPoi', locationSince: base + 5 * MINUTE });
    const alarms = async () =>
      (await t.request({ method: 'GET', url: `${BUSINESSES}/${nodes.Acme}/alarms`, token: admin })).json().data as {
        deviceUUID?: string;
        status: string;
        signal: string;
        source: string;
        value: unknown;
      }[];
    await dispatchedUntil(async () => (await alarms()).length === 1);
    expect(await alarms()).toMatchObject([
      { status: 'active', signal: 'forbidden_place', source: 'signal', value: 'Scrapyard' },
    ]);
    const notifications = (
      await t.request({ method: 'GET', url: '/api/push-notification/user-notifications', token: admin })
    ).json().data as { message: { title: string; body: string } }[];
    expect(notifications.map((notification) => notification.message)).toContainEqual({
      title: 'Alarm on Van 2',
      body: 'Forbidden place: alarm #1 raised (value Scrapyard).',
    });

    await at(van, base + 15 * MINUTE, north(7000), 0);
    expect(await row(van)).toMatchObject({ locationState: 'atUnknownLocation' });
    await dispatchedUntil(async () => (await alarms())[0]?.status === 'latched');
    expect(await alarms()).toMatchObject([{ status: 'latched', signal: 'forbidden_place' }]);
    const edges = await t.db
      .selectFrom('conditionEvents')
      .select(['conditionKey', 'raised', 'value', 'date'])
      .where('deviceId', '=', van)
      .orderBy('id')
      .execute();
    expect(edges).toEqual([
      { conditionKey: 'place:forbidden', raised: 1, value: '"Scrapyard"', date: base + 5 * MINUTE },
      { conditionKey: 'place:forbidden', raised: 0, value: '"Scrapyard"', date: base + 15 * MINUTE },
    ]);
  });

  it("marks lost a device silent for its place's lost time, and takes it out of it when heard from again", async () => {
    const parked = await tracker('Van 3');
    const wandering = await tracker('Van 4');
    const base = Date.now() - 2 * HOUR;
    // At the depot (lost after an hour there), and at an unknown location (lost after a day).
    await at(parked, base, north(0), 0);
    await at(parked, base + 3 * MINUTE, north(10), 0);
    await at(wandering, base, north(-3000), 0);
    expect(await row(parked)).toMatchObject({ locationState: 'atPoi' });

    const before = Date.now();
    expect(await t.services.lostSweeper.sweep()).toBeGreaterThanOrEqual(1);
    expect(await row(parked)).toMatchObject({ locationState: 'lost', locationPlaceId: null });
    expect(await row(wandering)).toMatchObject({ locationState: 'atUnknownLocation' });
    const [lost, depot] = await history(parked, base - HOUR);
    expect(lost).toMatchObject({ state: 'lost', place: null, leftAt: null, position: null });
    expect(Date.parse(lost?.enteredAt ?? '')).toBeGreaterThanOrEqual(before);
    expect(depot).toMatchObject({ state: 'atPoi', place: { name: 'Porto depot' }, leftAt: lost?.enteredAt });
    // Swept again: nothing more.
    expect(await t.services.lostSweeper.sweep()).toBe(0);

    // A message without a position: heard, where is not known.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await send(parked, Date.now(), { battery: 80 });
    expect(await row(parked)).toMatchObject({ locationState: 'atUnknownLocation' });
    // Its next position inside the depot, where it has been all along: at it again from then.
    const back = Date.now() + 1;
    await at(parked, back, north(5), 0);
    expect(await row(parked)).toMatchObject({ locationState: 'atPoi', locationSince: back });
    expect((await history(parked, base - HOUR)).map((item) => item.state)).toEqual([
      'atPoi',
      'atUnknownLocation',
      'lost',
      'atPoi',
    ]);
  });

  it('publishes a live event when the location state changes, and none while it stays', async () => {
    const van = await tracker('Van 6');
    const heard: LiveEventEnvelope[] = [];
    const unsubscribe = t.services.liveEvents.subscribe((envelope) => heard.push(envelope));
    const base = Date.now() - HOUR;
    await at(van, base, north(-2000), 30);
    await at(van, base + MINUTE, north(-1000), 30);
    unsubscribe();
    expect(heard.filter((envelope) => envelope.event.type === 'location')).toEqual([
      {
        businessPath: expect.any(String),
        event: {
          type: 'location',
          deviceUUID: van,
          businessId: nodes.Porto,
          location: { state: 'inTransit', place: null, since: iso(base) },
        },
      },
    ]);
  });

  it("advances the running journey of a device with its positions, and adds them to the journey's track", async () => {
    const van = await tracker('Van 7');
    const { path } = await t.db
      .selectFrom('businesses')
      .select('path')
      .where('id', '=', nodes.Porto ?? '')
      .executeTakeFirstOrThrow();
    const journeyId = randomUUID();
    const base = Date.now() - HOUR;
    await t.db
      .insertInto('journeys')
      .values({
        id: journeyId,
        businessId: nodes.Porto ?? '',
        businessPath: path,
        deviceId: van,
        description: 'Delivery',
        state: 'running',
        summary: JSON.stringify(emptyJourneySummary(base)),
        createdAt: 0,
        updatedAt: 0,
        endedAt: null,
        version: 1,
      })
      .execute();
    await t.db.updateTable('devices').set({ journeyId }).where('id', '=', van).execute();
    // Dated before the journey began (sent late): not part of it.
    await at(van, base - 10 * MINUTE, north(-9000), 50);
    await at(van, base, north(-3000), 50);
    await at(van, base + 3 * MINUTE, north(0), 40);
    await at(van, base + 4 * MINUTE, north(0), 0);
    // Resent with the same date: already in the track.
    await at(van, base + 4 * MINUTE, north(1), 0);
    const journey = await t.db
      .selectFrom('journeys')
      .select(['summary', 'updatedAt', 'version'])
      .where('id', '=', journeyId)
      .executeTakeFirstOrThrow();
    expect(journey.version).toBe(1);
    expect(journey.updatedAt).toBeGreaterThan(0);
    const summary = parseJourneySummary(journey.summary);
    expect(summary.distanceM).toBeGreaterThan(2900);
    expect(summary.last).toMatchObject({ date: base + 4 * MINUTE, place: { name: 'Porto depot' } });
    const points = await t.db
      .selectFrom('journeyPoints')
      .select(['date', 'speedKmh'])
      .where('journeyId', '=', journeyId)
      .orderBy('date')
      .execute();
    expect(points).toEqual([
      { date: base, speedKmh: 50 },
      { date: base + 3 * MINUTE, speedKmh: 40 },
      { date: base + 4 * MINUTE, speedKmh: 0 },
    ]);
  });

  it('refuses a range that ends before it starts, and answers 404 for a device out of reach', async () => {
    const van = await tracker('Van 5');
    const refused = await t.request({
      method: 'GET',
      url: `/api/devices/${van}/location-states?from=${iso(Date.now())}&to=${iso(Date.now() - HOUR)}`,
      token: admin,
    });
    expect(refused.statusCode).toBe(400);
    const missing = await t.request({
      method: 'GET',
      url: `/api/devices/no-such-device/location-states?from=${iso(0)}&to=${iso(Date.now())}`,
      token: admin,
    });
    expect(missing.statusCode).toBe(404);
  });
});
