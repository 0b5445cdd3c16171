import {
  type Alarm,
  type AlarmWithHistory,
  type BusinessRole,
  type Device,
  DevicePage,
  MoveAssetsResult,
  ReadingsAnswer,
} from '@iot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAsset, insertAssetType } from '../../testing/asset-rows.js';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';
import { applyConditionEvent } from '../alarms/engine.js';

const PASSWORD = 'a good password';
const BUSINESSES = '/api/customer-business';
const DAY = 86_400_000;
const T0 = Date.parse('2026-03-01T00:00:00Z');

describe.each(databaseKinds())('assets with devices and alarms on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let nodes: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  const userIds: Record<string, string> = {};
  let sequence = 0;
  let imei = 0;

  const call = (method: 'GET' | 'POST', url: string, token: string | undefined, payload?: object | string) =>
    t.request({
      method,
      url,
      token,
      ...(payload === undefined ? {} : { payload }),
      ...(typeof payload === 'string' ? { headers: { 'content-type': 'text/csv' } } : {}),
    });
  /** A GPS tracker in `node`, its IMEI made valid (Luhn) from a counter. */
  const createDevice = async (node: string, description: string) => {
    imei += 1;
    const body = `35693803${String(imei).padStart(6, '0')}`;
    let sum = 0;
    for (const [index, char] of [...body].reverse().entries()) {
      const digit = Number(char) * (index % 2 === 0 ? 2 : 1);
      sum += digit > 9 ? digit - 9 : digit;
    }
    const response = await call('POST', '/api/devices', staff, {
      businessId: nodes[node],
      deviceType: 'gps-tracker',
      description,
      IMEI: `${body}${(10 - (sum % 10)) % 10}`,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Device;
  };
  /** An alarm raised on `device` at `date` through the engine, as the dispatcher raises it. */
  const raiseAlarm = async (device: Device, date: number) => {
    sequence += 1;
    const event = {
      id: `edge-${String(sequence).padStart(8, '0')}`,
      deviceId: device.uuid,
      conditionKey: `sos-${sequence}`,
      signal: 'sos',
      kind: 'alarm' as const,
      raised: 1,
      value: 'true',
      date,
      createdAt: date,
      dispatchedAt: date,
    };
    await t.db.insertInto('conditionEvents').values(event).execute();
    const [change] = await t.db.transaction().execute((trx) => applyConditionEvent(trx, event, date));
    return change?.alarmId ?? '';
  };
  const deviceRow = (uuid: string) =>
    t.db.selectFrom('devices').selectAll().where('id', '=', uuid).executeTakeFirstOrThrow();
  const deviceCountOf = async (node: string) =>
    (
      await t.db
        .selectFrom('businessNodes')
        .select('deviceCount')
        .where('id', '=', nodes[node] ?? '')
        .executeTakeFirst()
    )?.deviceCount;
  const insertReadings = async (device: Device, rows: [number, number][]) => {
    const { key } = await deviceRow(device.uuid);
    await t.db
      .insertInto('readings')
      .values(rows.map(([date, value]) => ({ deviceKey: key, signal: 'temperature', date, value: String(value) })))
      .execute();
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.database.startReader();
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    staff = await t.signIn('staff@example.com', PASSWORD);
    nodes = await t.createTree(staff, [
      ['Acme'],
      ['North', 'Acme'],
      ['Porto', 'North'],
      ['South', 'Acme'],
      ['Bravo'],
      ['Plain'],
    ]);
    for (const tenant of ['Acme', 'Bravo'])
      await t.services.plansRepo.insert(
        { businessId: nodes[tenant] ?? '', name: 'Assets', features: { assetSupport: true, journeyUnlocked: true } },
        Date.now(),
      );
    const userWith = async (name: string, node: string, role: BusinessRole) => {
      tokens[name] = await t.userWith(name, PASSWORD, nodes[node] ?? '', role);
      userIds[name] = (
        await t.db.selectFrom('users').select('id').where('email', '=', `${name}@example.com`).executeTakeFirstOrThrow()
      ).id;
    };
    await userWith('acmeadmin', 'Acme', 'admin');
    await userWith('northadmin', 'North', 'admin');
    await userWith('northuser', 'North', 'user');
    // Admin below (in Porto) of a level where they are only a user: they may move there, not move North's assets.
    await t.services.businessesRepo.setEntry(nodes.Porto ?? '', userIds.northuser ?? '', 'admin', Date.now());
    await userWith('portoviewer', 'Porto', 'viewer');
    await userWith('bravoadmin', 'Bravo', 'admin');
    await userWith('plainadmin', 'Plain', 'admin');
    await insertAssetType(t.db);
  });
  afterAll(async () => t?.close());

  describe('devices', () => {
    let linked: Device;
    let free: Device;
    beforeAll(async () => {
      // The device sits in Porto, below its asset's level (North): Porto's viewer reaches the device, not the asset.
      linked = await createDevice('Porto', 'Linked tracker');
      free = await createDevice('Porto', 'Free tracker');
      await insertAsset(t.db, {
        id: 'asset-van',
        businessId: nodes.North ?? '',
        description: 'Van 1',
        links: [{ deviceId: linked.uuid, from: T0 }],
      });
    });

    it('answer the asset of a linked device, owned when the caller reaches its level, in every device answer', async () => {
      const owned = { UUID: 'asset-van', description: 'Van 1', ownedByUser: true };
      const notOwned = { ...owned, ownedByUser: false };
      for (const [token, asset] of [
        [tokens.northadmin, owned],
        [staff, owned],
        [tokens.portoviewer, notOwned],
      ] as const) {
        const one = await call('GET', `/api/devices/${linked.uuid}`, token);
        expect(one.statusCode, one.body).toBe(200);
        expect(one.json().asset).toEqual(asset);
        expect((await call('GET', `/api/devices/${free.uuid}`, token)).json().asset).toBeNull();
        const page = DevicePage.parse(
          (await call('POST', '/api/devices/filter', token, { businessId: nodes.Porto, limit: 50 })).json(),
        );
        expect(page.items.find((item) => item.uuid === linked.uuid)?.asset).toEqual(asset);
        expect(page.items.find((item) => item.uuid === free.uuid)?.asset).toBeNull();
        const business = DevicePage.parse((await call('GET', `${BUSINESSES}/${nodes.Porto}/devices`, token)).json());
        expect(business.items.find((item) => item.uuid === linked.uuid)?.asset).toEqual(asset);
        const detailed = await call('GET', `/api/devices/list/detailed?deviceUUID=${linked.uuid},${free.uuid}`, token);
        const byUuid = new Map((detailed.json() as Device[]).map((device) => [device.uuid, device.asset]));
        expect(Object.fromEntries(byUuid)).toEqual({ [linked.uuid]: asset, [free.uuid]: null });
      }
      const renamed = await t.request({
        method: 'PUT',
        url: '/api/devices',
        token: tokens.northadmin,
        payload: { uuid: linked.uuid, version: (await deviceRow(linked.uuid)).version, description: 'Linked tracker' },
      });
      expect(renamed.json().asset).toEqual(owned);
    });

    it('lists only the devices linked to no asset with onlyFreeDevices, with fromDate still applying', async () => {
      const list = async (query: string) =>
        DevicePage.parse((await call('GET', `${BUSINESSES}/${nodes.North}/devices?${query}`, tokens.northadmin)).json())
          .items.map((item) => item.uuid)
          .sort();
      expect(await list('filter=all')).toEqual([linked.uuid, free.uuid].sort());
      expect(await list('filter=onlyFreeDevices')).toEqual([free.uuid]);
      const later = new Date(Date.now() + DAY).toISOString();
      expect(await list(`filter=onlyFreeDevices&fromDate=${later}`)).toEqual([]);
      const earlier = new Date(Date.now() - DAY).toISOString();
      expect(await list(`filter=onlyFreeDevices&fromDate=${earlier}`)).toEqual([free.uuid]);
    });

    it("answers the asset's linked device by assetID, and nothing of an asset out of reach", async () => {
      const detailed = async (token: string | undefined, assetId: string) =>
        ((await call('GET', `/api/devices/list/detailed?assetID=${assetId}`, token)).json() as Device[]).map(
          (device) => device.uuid,
        );
      expect(await detailed(tokens.northadmin, 'asset-van')).toEqual([linked.uuid]);
      expect(await detailed(tokens.bravoadmin, 'asset-van')).toEqual([]);
      expect(await detailed(tokens.portoviewer, 'asset-van')).toEqual([]);
      expect(await detailed(tokens.northadmin, 'no-such-asset')).toEqual([]);
    });

    it('refuses to move a device linked to an asset (move the asset instead), and moves nothing', async () => {
      const before = await Promise.all([deviceRow(linked.uuid), deviceRow(free.uuid)]);
      for (const dryRun of [true, false]) {
        const moved = await call('POST', '/api/devices/bulk-business-set', tokens.acmeadmin, {
          devices: [linked.uuid, free.uuid],
          businessId: nodes.South,
          dryRun,
        });
        expect(moved.statusCode, moved.body).toBe(200);
        expect(moved.json()).toMatchObject({
          results: [
            {
              device: linked.uuid,
              ok: false,
              code: 'asset.device_tied',
              message: 'The device Linked tracker is linked to an asset: move the asset instead.',
            },
            { device: free.uuid, ok: false, code: 'device.move_held_back' },
          ],
          succeeded: 0,
          failed: 2,
        });
      }
      const renamed = await call(
        'POST',
        `/api/devices/import-csv?mode=rename&businessId=${nodes.South}`,
        tokens.acmeadmin,
        `Device ID,Description\n${linked.uuid},Renamed\n`,
      );
      expect(renamed.json().results).toMatchObject([{ ok: false, code: 'asset.device_tied' }]);
      expect(await Promise.all([deviceRow(linked.uuid), deviceRow(free.uuid)])).toEqual(before);
      // The free device alone moves.
      const alone = await call('POST', '/api/devices/bulk-business-set', tokens.acmeadmin, {
        devices: [free.uuid],
        businessId: nodes.South,
      });
      expect(alone.json().succeeded).toBe(1);
    });
  });

  describe('alarms', () => {
    it("lists an asset's alarms: its devices', raised while linked, each naming the asset it was raised under", async () => {
      const first = await createDevice('North', 'Meter A');
      const second = await createDevice('North', 'Meter B');
      await insertAsset(t.db, {
        id: 'asset-meter',
        businessId: nodes.North ?? '',
        description: 'Meter point',
        links: [
          { deviceId: first.uuid, from: T0, until: T0 + 10 * DAY },
          { deviceId: second.uuid, from: T0 + 10 * DAY },
        ],
      });
      const before = await raiseAlarm(first, T0 - DAY);
      const whileFirst = await raiseAlarm(first, T0 + DAY);
      const afterFirst = await raiseAlarm(first, T0 + 11 * DAY);
      const whileSecond = await raiseAlarm(second, T0 + 12 * DAY);
      const list = await call('GET', `${BUSINESSES}/${nodes.Acme}/alarms?assetID=asset-meter`, tokens.acmeadmin);
      expect(list.statusCode, list.body).toBe(200);
      expect((list.json().data as Alarm[]).map((alarm) => alarm.id)).toEqual([whileSecond, whileFirst]);
      expect(list.json().totalElements).toBe(2);

      const all = await call('GET', `${BUSINESSES}/${nodes.North}/alarms?pageSize=100`, tokens.northadmin);
      const assetOf = new Map((all.json().data as Alarm[]).map((alarm) => [alarm.id, alarm.asset]));
      const meter = { id: 'asset-meter', description: 'Meter point' };
      expect([before, whileFirst, afterFirst, whileSecond].map((id) => assetOf.get(id))).toEqual([
        null,
        meter,
        null,
        meter,
      ]);
      const visible = await call('GET', `/api/alarms?business=${nodes.North}&pageSize=100`, tokens.northadmin);
      const visibleAssets = new Map((visible.json().data as Alarm[]).map((alarm) => [alarm.id, alarm.asset]));
      expect(visibleAssets.get(whileSecond)).toEqual(meter);
      expect(visibleAssets.get(before)).toBeNull();
      expect((await call('GET', `/api/alarms/${whileFirst}`, tokens.northadmin)).json().asset).toEqual(meter);

      // Another tenant's asset is not found, as one that does not exist.
      const other = await call('GET', `${BUSINESSES}/${nodes.Bravo}/alarms?assetID=asset-meter`, tokens.bravoadmin);
      const missing = await call('GET', `${BUSINESSES}/${nodes.Bravo}/alarms?assetID=no-such`, tokens.bravoadmin);
      expect(other.statusCode).toBe(404);
      expect(other.body).toBe(missing.body);
    });
  });

  describe('moving assets', () => {
    const move = (token: string | undefined, target: string, body: object) =>
      call('POST', `${BUSINESSES}/${nodes[target]}/asset/move`, token, body);
    const snapshot = async () =>
      JSON.stringify(
        await Promise.all([
          t.db.selectFrom('assets').selectAll().orderBy('id').execute(),
          t.db.selectFrom('devices').selectAll().orderBy('id').execute(),
          t.db.selectFrom('alarms').selectAll().orderBy('id').execute(),
          t.db.selectFrom('alarmHistory').selectAll().orderBy('id').execute(),
          t.db.selectFrom('businessLogs').selectAll().orderBy('id').execute(),
          t.db.selectFrom('businessNodes').selectAll().orderBy('id').execute(),
          t.db.selectFrom('journeys').selectAll().orderBy('id').execute(),
          t.db.selectFrom('journeyHistory').selectAll().orderBy('journeyId').orderBy('seq').execute(),
        ]),
      );

    it('answers what a move would do without changing anything, then moves assets, devices and closes alarms', async () => {
      const tracker = await createDevice('Porto', 'Crane tracker');
      const other = await createDevice('North', 'Crane 2 tracker');
      await insertAsset(t.db, {
        id: 'asset-crane',
        businessId: nodes.North ?? '',
        description: 'Crane',
        links: [{ deviceId: tracker.uuid, from: T0 }],
      });
      await insertAsset(t.db, {
        id: 'asset-crane-2',
        businessId: nodes.North ?? '',
        description: 'Crane 2',
        links: [{ deviceId: other.uuid, from: T0 }],
      });
      await insertAsset(t.db, { id: 'asset-orphan', businessId: nodes.North ?? '', description: 'Orphan' });
      const open = [await raiseAlarm(tracker, T0 + DAY), await raiseAlarm(tracker, T0 + 2 * DAY)];
      const closed = await raiseAlarm(other, T0 + DAY);
      const closedAt = (await call('GET', `/api/alarms/${closed}`, staff)).json().version;
      expect(
        (await call('POST', `/api/alarms/${closed}/acknowledge`, tokens.northadmin, { version: closedAt })).statusCode,
      ).toBe(200);
      const assets = ['asset-crane', 'asset-crane-2', 'asset-orphan'];
      const counts = { assets: 3, devices: 2, alarmsAcknowledged: 2, journeysFinalised: 0 };

      const before = await snapshot();
      const dry = await move(tokens.acmeadmin, 'South', { assets, dryRun: true });
      expect(dry.statusCode, dry.body).toBe(200);
      expect(MoveAssetsResult.parse(dry.json())).toEqual({ dryRun: true, ...counts });
      expect(await snapshot()).toBe(before);

      const southBefore = await deviceCountOf('South');
      const moved = await move(tokens.acmeadmin, 'South', { assets });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toEqual({ dryRun: false, ...counts });
      const rows = await t.db.selectFrom('assets').selectAll().where('id', 'in', assets).orderBy('id').execute();
      expect(rows.map((row) => [row.id, row.businessId, row.version])).toEqual(
        assets.map((id) => [id, nodes.South, 2]),
      );
      for (const device of [tracker, other]) {
        const row = await deviceRow(device.uuid);
        expect([row.businessId, row.businessPath.endsWith(`/${nodes.South}/`)]).toEqual([nodes.South, true]);
      }
      expect(await deviceCountOf('South')).toBe((southBefore ?? 0) + 2);
      for (const id of open) {
        const alarm = (await call('GET', `/api/alarms/${id}`, staff)).json() as AlarmWithHistory;
        expect(alarm.status).toBe('acknowledged');
        expect(alarm.history.at(-1)).toMatchObject({
          transition: 'forcedAcknowledge',
          user: { id: userIds.acmeadmin },
          comment: 'Asset Crane moved to South.',
        });
      }
      // The alarm acknowledged before keeps its history.
      const untouched = (await call('GET', `/api/alarms/${closed}`, staff)).json() as AlarmWithHistory;
      expect(untouched.history.at(-1)?.transition).toBe('acknowledgedByUser');
      const logs = await t.db
        .selectFrom('businessLogs')
        .select(['businessId', 'userId', 'details'])
        .where('action', '=', 'assets_moved')
        .orderBy('businessId')
        .execute();
      expect(logs.map((log) => [log.businessId, log.userId, JSON.parse(log.details).count]).sort()).toEqual(
        [
          [nodes.North, userIds.acmeadmin, 3],
          [nodes.South, userIds.acmeadmin, 3],
        ].sort(),
      );
      // The devices follow their assets: moving them back, on their own, is still refused.
      const alone = await call('POST', '/api/devices/bulk-business-set', tokens.acmeadmin, {
        devices: [tracker.uuid],
        businessId: nodes.North,
      });
      expect(alone.json().results[0].code).toBe('asset.device_tied');
    });

    it("finishes the moved devices' running and paused journeys, after the dry run's warning counts them", async () => {
      const vans = [await createDevice('North', 'Van A tracker'), await createDevice('North', 'Van B tracker')];
      const bystander = await createDevice('North', 'Van C tracker');
      for (const [index, van] of vans.entries())
        await insertAsset(t.db, {
          id: `asset-van-${index}`,
          businessId: nodes.North ?? '',
          description: `Van ${index}`,
          links: [{ deviceId: van.uuid, from: T0 }],
        });
      const start = async (device: Device, description: string) => {
        const created = await call('POST', `${BUSINESSES}/${nodes.North}/journeys`, tokens.northadmin, {
          description,
          deviceUUID: device.uuid,
        });
        expect(created.statusCode, created.body).toBe(201);
        return created.json() as { _id: string; version: number };
      };
      const done = await start(vans[0] as Device, 'Earlier delivery');
      const finishing = await call('POST', `/api/journeys/${done._id}/finalize`, tokens.northadmin, {
        version: done.version,
      });
      expect(finishing.statusCode, finishing.body).toBe(200);
      const running = await start(vans[0] as Device, 'Delivery to Porto');
      const paused = await start(vans[1] as Device, 'Delivery to Braga');
      expect(
        (await call('POST', `/api/journeys/${paused._id}/pause`, tokens.northadmin, { version: paused.version }))
          .statusCode,
      ).toBe(200);
      const untouched = await start(bystander, 'Not moving');
      const assets = ['asset-van-0', 'asset-van-1'];

      const before = await snapshot();
      const dry = await move(tokens.acmeadmin, 'South', { assets, dryRun: true });
      expect(dry.json()).toMatchObject({ dryRun: true, journeysFinalised: 2 });
      expect(await snapshot()).toBe(before);

      const moved = await move(tokens.acmeadmin, 'South', { assets });
      expect(moved.json()).toMatchObject({ dryRun: false, journeysFinalised: 2 });
      const journey = async (id: string) => (await call('GET', `/api/journeys/${id}`, staff)).json();
      for (const [id, asset] of [
        [running._id, 'Van 0'],
        [paused._id, 'Van 1'],
      ] as const) {
        const finished = await journey(id);
        expect(finished.state).toBe('finished');
        expect(finished.endedAt).not.toBeNull();
        expect(finished.history.at(-1)).toMatchObject({
          transition: 'finished',
          user: 'acmeadmin@example.com',
          comment: `Finished: asset ${asset} moved to South.`,
        });
      }
      expect((await journey(done._id)).history.map((entry: { transition: string }) => entry.transition)).toEqual([
        'created',
        'finished',
      ]);
      expect((await journey(untouched._id)).state).toBe('running');
      // The moved journeys' level users hear of it, as when a user finishes one; the mover does not.
      const notified = await t.db
        .selectFrom('notifications')
        .innerJoin('users', 'users.id', 'notifications.userId')
        .select(['users.email', 'notifications.source'])
        .where('notifications.code', '=', 'notification.journey_finished')
        .where(
          'notifications.source',
          'in',
          [running._id, paused._id].map((id) => `journey:${id}:finished`),
        )
        .execute();
      expect(new Set(notified.map((row) => row.email))).toEqual(
        new Set(['northadmin@example.com', 'northuser@example.com']),
      );
      expect(notified).toHaveLength(4);
      const carried = await t.db
        .selectFrom('devices')
        .select(['id', 'journeyId'])
        .where(
          'id',
          'in',
          [...vans, bystander].map((device) => device.uuid),
        )
        .execute();
      expect(Object.fromEntries(carried.map((row) => [row.id, row.journeyId]))).toEqual({
        [vans[0]?.uuid ?? '']: null,
        [vans[1]?.uuid ?? '']: null,
        [bystander.uuid]: untouched._id,
      });
    });

    it('refuses a target the caller does not administer, assets out of reach, another tenant and a plan without assets', async () => {
      const device = await createDevice('North', 'Boat tracker');
      await insertAsset(t.db, {
        id: 'asset-boat',
        businessId: nodes.North ?? '',
        description: 'Boat',
        links: [{ deviceId: device.uuid, from: T0 }],
      });
      await insertAsset(t.db, { id: 'asset-bravo', businessId: nodes.Bravo ?? '', description: 'Bravo asset' });
      await insertAsset(t.db, { id: 'asset-plain', businessId: nodes.Plain ?? '', description: 'Plain asset' });
      await raiseAlarm(device, T0 + DAY);
      const before = await snapshot();
      const refusals: [string, string, string, object, number, string][] = [
        ['target not administered', 'northuser', 'North', { assets: ['asset-boat'] }, 403, 'business.no_permission'],
        ['target out of reach', 'northadmin', 'South', { assets: ['asset-boat'] }, 404, 'not_found'],
        ['asset not administered', 'northuser', 'Porto', { assets: ['asset-boat'], dryRun: true }, 403, 'forbidden'],
        ['other tenant asset', 'northadmin', 'North', { assets: ['asset-boat', 'asset-bravo'] }, 404, 'not_found'],
        ['other tenant target', 'bravoadmin', 'Bravo', { assets: ['asset-boat'] }, 404, 'not_found'],
        ['asset that does not exist', 'northadmin', 'North', { assets: ['no-such-asset'] }, 404, 'not_found'],
        ['plan without assets', 'plainadmin', 'Plain', { assets: ['asset-plain'] }, 422, 'plan.unavailable'],
      ];
      const unexpected: string[] = [];
      for (const [name, principal, target, body, status, code] of refusals) {
        const answer = await move(tokens[principal], target, body);
        if (answer.statusCode !== status || (code && answer.json().code !== code))
          unexpected.push(`${name}: ${answer.statusCode} ${answer.body}`);
      }
      expect(unexpected).toEqual([]);
      expect(await snapshot()).toBe(before);
      // The asset's own admin moves it within their reach.
      const porto = await move(tokens.northadmin, 'Porto', { assets: ['asset-boat'] });
      expect(porto.json()).toMatchObject({ assets: 1, devices: 1, alarmsAcknowledged: 1 });
    });
  });

  describe('readings', () => {
    it("answers an asset's readings across a device swap: the old device's before, the new one's after", async () => {
      const old = await createDevice('North', 'Old meter');
      const replacement = await createDevice('North', 'New meter');
      const swap = T0 + 10 * DAY;
      await insertAsset(t.db, {
        id: 'asset-water',
        businessId: nodes.North ?? '',
        description: 'Water point',
        links: [
          { deviceId: old.uuid, from: T0, until: swap },
          { deviceId: replacement.uuid, from: swap },
        ],
      });
      // The old device goes on reporting after the swap (and did before the link): none of that is the asset's.
      await insertReadings(old, [
        [T0 - DAY, 1],
        [T0 + DAY, 2],
        [swap - 1, 3],
        [swap, 97],
        [swap + DAY, 98],
      ]);
      await insertReadings(replacement, [
        [T0 + DAY, 99],
        [swap, 4],
        [swap + 2 * DAY, 5],
      ]);
      const readings = async (query: string, token = tokens.portoviewer) =>
        call('GET', `/api/assets/asset-water/readings?signals=temperature&${query}`, token);
      // Porto's viewer does not reach the asset's level (North).
      expect((await readings(`from=0&to=${swap + 30 * DAY}`)).statusCode).toBe(404);
      const all = await readings(`from=0&to=${swap + 30 * DAY}`, tokens.northuser);
      expect(all.statusCode, all.body).toBe(200);
      expect(ReadingsAnswer.parse(all.json()).signals).toEqual([
        {
          signal: 'temperature',
          readings: [5, 4, 3, 2].map((value) => ({ date: expect.any(Number), value })),
          total: 4,
          truncated: false,
          cutoff: null,
        },
      ]);
      expect(all.json().signals[0].readings.map((reading: { date: number }) => reading.date)).toEqual([
        swap + 2 * DAY,
        swap,
        swap - 1,
        T0 + DAY,
      ]);
      const cut = await readings(`from=${T0}&to=${swap + 30 * DAY}&limit=10`, tokens.northuser);
      expect(cut.json().signals[0]).toMatchObject({ total: 4, truncated: false });
      const narrow = await readings(`from=${swap - DAY}&to=${swap}`, tokens.northuser);
      expect(narrow.json().signals[0].readings.map((reading: { value: number }) => reading.value)).toEqual([4, 3]);
      // Another tenant's asset is not found; a plan without assets answers so.
      expect((await readings(`from=0&to=${swap}`, tokens.bravoadmin)).statusCode).toBe(404);
      await insertAsset(t.db, { id: 'asset-plain-readings', businessId: nodes.Plain ?? '' });
      const plain = await call(
        'GET',
        `/api/assets/asset-plain-readings/readings?signals=temperature&from=0&to=1`,
        tokens.plainadmin,
      );
      expect([plain.statusCode, plain.json().code]).toEqual([422, 'plan.unavailable']);
    });

    it('cuts the merged readings at the limit, counting every period', async () => {
      const first = await createDevice('North', 'Cut meter A');
      const second = await createDevice('North', 'Cut meter B');
      const swap = T0 + 100 * 60_000;
      await insertAsset(t.db, {
        id: 'asset-cut',
        businessId: nodes.North ?? '',
        links: [
          { deviceId: first.uuid, from: T0, until: swap },
          { deviceId: second.uuid, from: swap },
        ],
      });
      const minutes = (from: number, count: number, value: number) =>
        Array.from({ length: count }, (_, index) => [from + index * 60_000, value] as [number, number]);
      await insertReadings(first, minutes(T0, 100, 1));
      await insertReadings(second, minutes(swap, 30, 2));
      const answer = await call(
        'GET',
        `/api/assets/asset-cut/readings?signals=temperature&from=0&to=${swap + DAY}&limit=50`,
        tokens.northuser,
      );
      expect(answer.statusCode, answer.body).toBe(200);
      const [signal] = ReadingsAnswer.parse(answer.json()).signals;
      expect(signal?.readings).toHaveLength(50);
      expect(signal?.readings.filter((reading) => reading.value === 2)).toHaveLength(30);
      expect(signal).toMatchObject({ total: 130, truncated: true, cutoff: swap - 20 * 60_000 });
    });
  });
});
