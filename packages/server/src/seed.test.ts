import { ContractPage, JourneyDetail, JourneyPage, LevelContracts, UsageLicensePage } from '@iot/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { seedOnFirstStart } from './seed.js';
import { DEMO_PLACES, demoPlaces } from './seed-places.js';
import { startTestApp, type TestApp } from './testing/test-app.js';
import { databaseKinds } from './testing/test-database.js';

describe.each(databaseKinds())('first start on %s', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => t?.close());

  it('creates the provider-staff user with a generated password and the demo users, once', async () => {
    t = await startTestApp(kind);
    const seeded = await seedOnFirstStart(t.db, loadConfig({}));
    expect(seeded?.admin).toMatchObject({ email: 'admin@example.com', generated: true });
    expect(seeded?.admin.password.length).toBeGreaterThanOrEqual(12);
    expect(seeded?.demoUsers.map((user) => user.email)).toEqual(['operator@example.com', 'tecnico@example.com']);

    const admin = await t.request({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'admin@example.com', password: seeded?.admin.password },
    });
    expect(admin.json().user.role).toBe('product');
    const demo = await t.signIn('tecnico@example.com', seeded?.demoUsers[0]?.password ?? '');
    const profile = await t.request({ method: 'GET', url: '/api/users/tecnico@example.com', token: demo });
    expect(profile.json().profile).toEqual({ firstName: 'Tiago', lastName: 'Técnico', language: 'pt' });

    expect(await seedOnFirstStart(t.db, loadConfig({}))).toBeUndefined();
    expect(await t.services.usersRepo.count()).toBe(3);
  });

  it('gives the demo users notifications in their language and shows a Sigfox token warning', async () => {
    t = await startTestApp(kind);
    const seeded = await seedOnFirstStart(t.db, loadConfig({ ADMIN_PASSWORD: 'admin password' }));
    const demoPassword = seeded?.demoUsers[0]?.password ?? '';
    const notifications = async (token: string) =>
      (await t?.request({ method: 'GET', url: '/api/push-notification/user-notifications', token }))?.json();

    const tecnico = await notifications(await t.signIn('tecnico@example.com', demoPassword));
    expect(tecnico.totalElements).toBe(4);
    expect(tecnico.data[0]).toMatchObject({
      read: false,
      code: 'notification.alarm_raised',
      message: { title: 'Alarme em Cold room 2', body: 'Temperatura: alarme n.º 1 disparado (valor 9,1 °C).' },
    });
    expect(tecnico.data.filter((n: { read: boolean }) => !n.read)).toHaveLength(2);
    const operator = await notifications(await t.signIn('operator@example.com', demoPassword));
    expect(operator.data.map((n: { message: { title: string } }) => n.message.title)).toEqual([
      'Alarm on Cold room 2',
      'Battery low',
      'Journey finished',
      'Contract about to expire',
    ]);
    // Spread over the days before the first start, not all at the seed's time.
    const ages = operator.data.map((n: { createdAt: string }) => Date.now() - Date.parse(n.createdAt));
    expect(new Set(ages.map((age: number) => Math.round(age / 60_000))).size).toBe(4);
    expect(Math.max(...ages)).toBeGreaterThan(2 * 24 * 3_600_000);

    const admin = await t.signIn('admin@example.com', 'admin password');
    expect((await notifications(admin)).data[0].message.title).toBe('Sigfox tokens at 92%');
    const tokens = await t.request({ method: 'GET', url: '/api/sigfox-contracts/contract-dots', token: admin });
    // Computed from the demo contracts of a token type and the Sigfox devices in their reach.
    expect(tokens.json()).toEqual([
      { type: 'GOLD', maxTokens: 20, tokensInUse: 1, tokensUsed: 1, tokenRatio: 0.05 },
      { type: 'PLATINUM', maxTokens: 2, tokensInUse: 2, tokensUsed: 2, tokenRatio: 1 },
    ]);
  });

  it('creates a demo business tree of two tenants with the demo users on parts of one', async () => {
    t = await startTestApp(kind);
    const seeded = await seedOnFirstStart(t.db, loadConfig({ ADMIN_PASSWORD: 'admin password' }));
    const demoPassword = seeded?.demoUsers[0]?.password ?? '';
    const tree = async (token: string) =>
      ((await t?.request({ method: 'GET', url: '/api/customer-business', token }))?.json() as
        | { description: string; _id: string }[]
        | undefined) ?? [];
    const descriptions = async (token: string) => (await tree(token)).map((business) => business.description);

    const admin = await t.signIn('admin@example.com', 'admin password');
    expect(await descriptions(admin)).toEqual([
      'Acme Water',
      'Blue Harbour Logistics',
      'Braga plant',
      'Lisbon plant',
      'Lisbon warehouse',
      'North region',
      'Porto plant',
      'South region',
    ]);
    const operator = await t.signIn('operator@example.com', demoPassword);
    expect(await descriptions(operator)).toEqual([
      'Acme Water',
      'Braga plant',
      'Lisbon plant',
      'North region',
      'Porto plant',
      'South region',
    ]);
    const tecnico = await t.signIn('tecnico@example.com', demoPassword);
    const tecnicoTree = await tree(tecnico);
    expect(tecnicoTree.map((business) => business.description)).toEqual(['Braga plant', 'North region', 'Porto plant']);
    const idOf = (description: string) => tecnicoTree.find((business) => business.description === description)?._id;
    const addChild = (id: string | undefined) =>
      t?.request({
        method: 'POST',
        url: `/api/customer-business/${id}`,
        payload: { description: 'Line 1' },
        token: tecnico,
      });
    expect((await addChild(idOf('Porto plant')))?.statusCode).toBe(201);
    expect((await addChild(idOf('Braga plant')))?.statusCode).toBe(403);

    // Devices of every type across the tree, each tenant seeing its own.
    const deviceCount = async (token: string) =>
      (await t?.request({ method: 'GET', url: '/api/devices/all?mode=count', token }))?.json().count;
    expect(await deviceCount(admin)).toBe(13);
    expect(await deviceCount(operator)).toBe(11);
    expect(await deviceCount(tecnico)).toBe(8);
    const types = await t.db.selectFrom('devices').select('deviceType').distinct().execute();
    expect(types.map((row) => row.deviceType).sort()).toEqual([
      'cayenne-lpp',
      'gps-tracker',
      'th-sensor-sigfox',
      'water-meter-lora',
    ]);

    const app = t;
    // The vans have outputs to command.
    const van = (
      await app.request({ method: 'POST', url: '/api/devices/filter', payload: { search: 'Van 1' }, token: admin })
    ).json().items[0].uuid as string;
    const outputs = (await app.request({ method: 'GET', url: `/api/devices/${van}/outputs`, token: admin })).json();
    expect(outputs.outputs.map((output: { name: string; value: boolean }) => [output.name, output.value])).toEqual([
      ['Engine immobiliser', false],
      ['Cabin light', false],
    ]);

    // Parameter presets to configure them with, each tenant seeing its own.
    const presetNames = async (token: string) =>
      ((await app.request({ method: 'GET', url: '/api/parameter-presets', token })).json() as { name: string }[])
        .map((preset) => preset.name)
        .sort();
    expect(await presetNames(operator)).toEqual(['Cold room, chilled goods', 'Meter, night leak watch']);
    expect(await presetNames(admin)).toHaveLength(3);

    // The second tenant has a two-level plan: no level below Lisbon warehouse.
    const warehouse = (await tree(admin)).find((business) => business.description === 'Lisbon warehouse')?._id;
    const refused = await t.request({
      method: 'POST',
      url: `/api/customer-business/${warehouse}`,
      payload: { description: 'Dock 1' },
      token: admin,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('plan.limit_exceeded');
    const plan = await t.request({ method: 'GET', url: `/api/contracts/pfs?businessId=${warehouse}`, token: admin });
    expect(plan.json()).toMatchObject({
      features: { maxHierarchyLevels: 2, customColorAndLogo: false },
      business: { description: 'Blue Harbour Logistics' },
    });

    // Assets in the first tenant, whose plan has them: most linked to its devices, two orphans.
    const acme = (await tree(operator)).find((business) => business.description === 'Acme Water')?._id;
    const assets = await t.request({ method: 'GET', url: `/api/customer-business/${acme}/assets`, token: operator });
    expect(assets.statusCode, assets.body).toBe(200);
    const items = assets.json().items as { description: string; device: { description: string } | null }[];
    expect(items.map((asset) => [asset.description, asset.device?.description ?? null])).toEqual([
      ['Braga entrance', 'Water meter 4'],
      ['Braga garden', null],
      ['Dairy cold room', 'Cold room 1'],
      ['Delivery van AA-12-BC', 'Van 1'],
      ['Meat cold room', 'Cold room 2'],
      ['Porto canteen', 'Water meter 2'],
      ['Porto main supply', 'Water meter 1'],
      ['Service van 34-XY-56', 'Van 2'],
      ['Vegetable cold room', null],
    ]);
    expect(assets.json().items.every((asset: { incomplete: boolean }) => !asset.incomplete)).toBe(true);
    const assetTypes = await t.request({ method: 'GET', url: '/api/asset-types', token: operator });
    expect(assetTypes.json().map((type: { name: string }) => type.name)).toEqual([
      'Cold room',
      'Van',
      'Water meter point',
    ]);
    const blueHarbour = (await tree(admin)).find((business) => business.description === 'Blue Harbour Logistics')?._id;
    const unavailable = await t.request({
      method: 'GET',
      url: `/api/customer-business/${blueHarbour}/assets`,
      token: admin,
    });
    expect(unavailable.json().code).toBe('plan.unavailable');

    // Places and journeys in the first tenant too: groups on its top level, places on the vans' route in Lisbon.
    const acmePlan = await t.request({ method: 'GET', url: `/api/contracts/pfs?businessId=${acme}`, token: operator });
    expect(acmePlan.json().features).toMatchObject({ assetSupport: true, poiSupport: true, journeyUnlocked: true });
    const groups = await t.request({
      method: 'GET',
      url: `/api/customer-business/${acme}/place-groups`,
      token: operator,
    });
    expect(groups.statusCode, groups.body).toBe(200);
    expect(
      groups
        .json()
        .items.map((group: { name: string; forbidden: boolean; places: number }) => [
          group.name,
          group.forbidden,
          group.places,
        ]),
    ).toEqual([
      ['Depots', false, 3],
      ['Restricted areas', true, 1],
    ]);
    const places = await t.request({ method: 'GET', url: `/api/customer-business/${acme}/places`, token: operator });
    const placeItems = places.json().items as { name: string; business: { description: string } }[];
    expect(placeItems).toHaveLength(DEMO_PLACES.length);
    expect(new Set(placeItems.map((place) => place.business.description))).toEqual(new Set(['Lisbon plant']));
    expect((await demoPlaces(t.db)).map((place) => place.name)).toEqual(DEMO_PLACES.map((place) => place.name));
    expect(Number((await t.db.selectFrom('placeRevision').select('revision').executeTakeFirstOrThrow()).revision)).toBe(
      1,
    );
    const noPlaces = await t.request({
      method: 'GET',
      url: `/api/customer-business/${blueHarbour}/places`,
      token: admin,
    });
    expect(noPlaces.json().code).toBe('plan.unavailable');
  });

  it('puts the demo vans on journeys between the seeded places, and keeps the trip that finished yesterday', async () => {
    t = await startTestApp(kind);
    const seeded = await seedOnFirstStart(t.db, loadConfig({ ADMIN_PASSWORD: 'admin password' }));
    const operator = await t.signIn('operator@example.com', seeded?.demoUsers[0]?.password ?? '');
    const lisbon = await t.db
      .selectFrom('businesses')
      .select('id')
      .where('description', '=', 'Lisbon plant')
      .executeTakeFirstOrThrow();
    const listed = await t.request({
      method: 'GET',
      url: `/api/customer-business/${lisbon.id}/journeys`,
      token: operator,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const page = JourneyPage.parse(listed.json());
    expect(page.items.map((journey) => [journey.description, journey.device.description, journey.state])).toEqual([
      ['Praça do Comércio → Areeiro', 'Van 1', 'running'],
      ['Areeiro → Martim Moniz', 'Van 2', 'running'],
      ['Porto → Lisbon', 'Van 1', 'finished'],
    ]);
    const app = t;
    const detail = async (id: string) =>
      JourneyDetail.parse((await app.request({ method: 'GET', url: `/api/journeys/${id}`, token: operator })).json());
    const [round, deliveries, trip] = await Promise.all(page.items.map((journey) => detail(journey._id)));
    const stopPlaces = (journey: JourneyDetail | undefined) =>
      journey?.summary.stops.map((stop) => stop.place?.name ?? null);

    // Running: the operator may act on them, each device carries its journey, its last position is the device's own.
    for (const journey of [round, deliveries]) {
      expect(journey?.actions).toMatchObject({ pause: true, finalize: true });
      const device = await app.db
        .selectFrom('devices')
        .select(['journeyId', 'signalValues'])
        .where('id', '=', journey?.device.uuid ?? '')
        .executeTakeFirstOrThrow();
      expect(device.journeyId).toBe(journey?._id);
      const position = JSON.parse(device.signalValues).position.value;
      expect(journey?.summary.end).toMatchObject({ lat: position.lat, lon: position.lon });
      expect(journey?.track.at(-1)).toMatchObject({ lat: position.lat, lon: position.lon });
    }
    expect(stopPlaces(round)).toEqual(['Praça do Comércio depot', 'Cais do Sodré depot']);
    expect(round?.summary.stops.at(-1)?.leftAt).not.toBeNull();
    expect(stopPlaces(deliveries)).toEqual(['Areeiro depot', 'Alameda loading bay', 'Martim Moniz customer', null]);
    // Van 2 stands where it stopped last, and its pause cut the stop at the customer's.
    expect(deliveries?.summary.stops.at(-1)?.leftAt).toBeNull();
    expect(deliveries?.history.map((entry) => entry.transition)).toEqual(['created', 'paused', 'restarted']);

    // Yesterday's trip: Porto to the Areeiro depot with a break on the way, read as it was stored when it ended.
    expect(trip?.summary.distanceM).toBeGreaterThan(280_000);
    expect(trip?.summary.distanceM).toBeLessThan(360_000);
    expect(trip?.summary.averageSpeedKmh).toBeGreaterThan(60);
    expect(stopPlaces(trip)).toEqual([null, null, 'Areeiro depot']);
    expect(trip?.summary.legs).toHaveLength(2);
    expect(trip?.track.length).toBeGreaterThan(100);
    expect(trip?.history.map((entry) => [entry.transition, entry.user])).toEqual([
      ['created', 'operator@example.com'],
      ['comment', 'operator@example.com'],
      ['finished', 'operator@example.com'],
    ]);
    const endedHoursAgo = (Date.now() - Date.parse(trip?.endedAt ?? '')) / 3_600_000;
    expect(Math.abs(endedHoursAgo - 26.8)).toBeLessThan(0.1);
    expect(trip?.summary.stops.at(-1)?.leftAt).toBe(trip?.endedAt);
    const logged = await app.db
      .selectFrom('businessLogs')
      .select('action')
      .where('businessId', '=', lisbon.id)
      .where('action', 'in', ['journey_created', 'journey_changed'])
      .execute();
    expect(logged).toHaveLength(7);
  });

  it("gives each tenant a contract, Acme's near this month's credit limit, and licenses, one of them ended", async () => {
    t = await startTestApp(kind);
    const seeded = await seedOnFirstStart(t.db, loadConfig({ ADMIN_PASSWORD: 'admin password' }));
    const operator = await t.signIn('operator@example.com', seeded?.demoUsers[0]?.password ?? '');
    const staff = await t.signIn('admin@example.com', 'admin password');
    const idOf = async (description: string) =>
      (
        await (t as TestApp).db
          .selectFrom('businesses')
          .select('id')
          .where('description', '=', description)
          .executeTakeFirstOrThrow()
      ).id;
    const acme = await t.request({
      method: 'GET',
      url: `/api/customer-business/${await idOf('Porto plant')}/contracts`,
      token: operator,
    });
    expect(acme.statusCode, acme.body).toBe(200);
    const governing = LevelContracts.parse(acme.json()).governing;
    expect(governing).toMatchObject({ name: 'North region alerts', state: 'purchase' });
    expect(governing?.credits).toMatchObject({ limitForPeriod: 100, spentInPeriod: 37, userChangeable: true });
    expect(governing?.credits.fromContract?.name).toBe('Water utilities');

    const all = ContractPage.parse((await t.request({ method: 'GET', url: '/api/contracts', token: staff })).json());
    const byName = Object.fromEntries(all.items.map((contract) => [contract.name, contract]));
    expect(byName['Water utilities']?.state).toBe('reaching_limit');
    expect(byName['Water utilities']?.credits).toMatchObject({ spentInPeriod: 462, limitForPeriod: 500, left: 2920 });
    expect(byName['Water utilities']?.tokens).toMatchObject({ type: 'PLATINUM', inUse: 2, total: 2 });
    expect(byName.Starter?.state).toBe('about_to_expire');
    const stored = await t.db.selectFrom('contracts').select(['name', 'state']).orderBy('name').execute();
    expect(stored).toEqual([
      { name: 'North region alerts', state: 'purchase' },
      { name: 'Starter', state: 'about_to_expire' },
      { name: 'Water utilities', state: 'reaching_limit' },
    ]);

    const licenses = UsageLicensePage.parse(
      (await t.request({ method: 'GET', url: '/api/usage-licenses', token: staff })).json(),
    );
    expect(licenses.items.map((license) => [license.business.description, license.devices, license.expired])).toEqual(
      expect.arrayContaining([
        ['Acme Water', 4, false],
        ['Acme Water', 1, true],
        ['Blue Harbour Logistics', 1, false],
      ]),
    );
  });

  it('uses ADMIN_EMAIL and ADMIN_PASSWORD, and no demo users with SEED_DEMO=false', async () => {
    t = await startTestApp(kind);
    const config = loadConfig({
      ADMIN_EMAIL: 'Boss@Example.org',
      ADMIN_PASSWORD: 'chosen password',
      SEED_DEMO: 'false',
    });
    const seeded = await seedOnFirstStart(t.db, config);
    expect(seeded).toEqual({
      admin: { email: 'boss@example.org', password: 'chosen password', generated: false },
      demoUsers: [],
    });
    const admin = await t.signIn('boss@example.org', 'chosen password');
    expect(await t.services.usersRepo.count()).toBe(1);
    const notifications = await t.request({
      method: 'GET',
      url: '/api/push-notification/user-notifications',
      token: admin,
    });
    expect(notifications.json().totalElements).toBe(0);
    const tokens = await t.request({ method: 'GET', url: '/api/sigfox-contracts/contract-dots', token: admin });
    expect(tokens.json()).toEqual([]);
    const businesses = await t.request({ method: 'GET', url: '/api/customer-business?mode=count', token: admin });
    expect(businesses.json()).toEqual({ count: 0 });
  });
});
