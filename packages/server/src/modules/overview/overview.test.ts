import type { BusinessRole, Device, Overview } from '@iot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAsset, insertAssetType } from '../../testing/asset-rows.js';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';
import { applyConditionEvent } from '../alarms/engine.js';

const PASSWORD = 'a good password';
const HOUR = 3_600_000;

describe.each(databaseKinds())('overview on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  const nodes: Record<string, string> = {};
  const tokens = {} as Record<'admin' | 'plant' | 'bravo', string>;
  const devices: Record<string, Device> = {};
  const alarmIds: Record<string, string> = {};
  let edges = 0;

  const overviewOf = async (token: string | undefined) => {
    const answer = await t.request({ method: 'GET', url: '/api/overview', token });
    expect(answer.statusCode).toBe(200);
    return answer.json() as Overview;
  };

  /** Raises the device's SOS alarm as ingest would (an edge applied by the engine), at `date`. */
  async function raise(device: Device, date: number): Promise<string> {
    edges += 1;
    const event = {
      id: `edge-${String(edges).padStart(8, '0')}`,
      deviceId: device.uuid,
      conditionKey: 'sos',
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
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    staff = await t.signIn('staff@example.com', PASSWORD);
    Object.assign(nodes, await t.createTree(staff, [['Acme'], ['Plant', 'Acme'], ['Store', 'Acme'], ['Bravo']]));
    const grants: [keyof typeof tokens, string, BusinessRole][] = [
      ['admin', 'Acme', 'admin'],
      ['plant', 'Plant', 'viewer'],
      ['bravo', 'Bravo', 'admin'],
    ];
    for (const [name, node, role] of grants) tokens[name] = await t.userWith(name, PASSWORD, nodes[node] ?? '', role);
    const imeis = ['490154203237518', '356938035643809', '353918057929438', '353879234252633', '353879234252674'];
    const placed: [string, string, number | null][] = [
      ['heard', 'Plant', Date.now() - HOUR],
      ['silent', 'Plant', Date.now() - 48 * HOUR],
      ['never', 'Plant', null],
      ['store', 'Store', null],
      ['bravo', 'Bravo', Date.now() - 72 * HOUR],
    ];
    for (const [index, [name, node, lastSeenAt]] of placed.entries()) {
      const created = await t.request({
        method: 'POST',
        url: '/api/devices',
        token: staff,
        payload: { businessId: nodes[node], deviceType: 'gps-tracker', IMEI: imeis[index] },
      });
      expect(created.statusCode).toBe(201);
      devices[name] = created.json() as Device;
      await t.db
        .updateTable('devices')
        .set({ lastSeenAt })
        .where('id', '=', devices[name]?.uuid ?? '')
        .execute();
    }
    const base = Date.parse('2026-05-01T10:00:00Z');
    const raised: [string, string, number][] = [
      ['heardActive', 'heard', 0],
      ['silentLatched', 'silent', 1],
      ['storeSnoozed', 'store', 2],
      ['neverAcknowledged', 'never', 3],
      ['bravoActive', 'bravo', 4],
    ];
    for (const [name, device, minutes] of raised) {
      alarmIds[name] = await raise(devices[device] as Device, base + minutes * 60_000);
    }
    const setStatus = (name: string, status: 'latched' | 'snoozed' | 'acknowledged') =>
      t.db
        .updateTable('alarms')
        .set({ status })
        .where('id', '=', alarmIds[name] ?? '')
        .execute();
    await setStatus('silentLatched', 'latched');
    await setStatus('storeSnoozed', 'snoozed');
    await setStatus('neverAcknowledged', 'acknowledged');
  });
  afterAll(async () => t?.close());

  it('is described in the OpenAPI document', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(
      Object.keys(document.paths['/api/overview'].get.responses['200'].content['application/json'].schema.properties),
    ).toEqual(['alarms', 'devices', 'notifications']);
  });

  it('should require authentication', async () => {
    const answer = await t.request({ method: 'GET', url: '/api/overview' });
    expect(answer.statusCode).toBe(401);
  });

  it("counts open alarms by status, silent and never-heard devices over the caller's reach alone", async () => {
    const figures = async (token: string) => {
      const { alarms, devices: counted } = await overviewOf(token);
      return {
        alarms: { active: alarms.active, latched: alarms.latched, snoozed: alarms.snoozed },
        devices: counted,
        latest: alarms.latest.map((alarm) => alarm.device.description),
      };
    };
    const named = (...names: string[]) => names.map((name) => devices[name]?.description);
    expect(await figures(staff)).toEqual({
      alarms: { active: 2, latched: 1, snoozed: 1 },
      devices: { total: 5, silent: 4, neverHeard: 2 },
      latest: named('bravo', 'store', 'silent', 'heard'),
    });
    expect(await figures(tokens.admin)).toEqual({
      alarms: { active: 1, latched: 1, snoozed: 1 },
      devices: { total: 4, silent: 3, neverHeard: 2 },
      latest: named('store', 'silent', 'heard'),
    });
    expect(await figures(tokens.plant)).toEqual({
      alarms: { active: 1, latched: 1, snoozed: 0 },
      devices: { total: 3, silent: 2, neverHeard: 1 },
      latest: named('silent', 'heard'),
    });
    expect(await figures(tokens.bravo)).toEqual({
      alarms: { active: 1, latched: 0, snoozed: 0 },
      devices: { total: 1, silent: 1, neverHeard: 0 },
      latest: named('bravo'),
    });
  });

  it('gives figures that match the device list filters they link to', async () => {
    const { devices: counted } = await overviewOf(tokens.admin);
    const countOf = async (payload: object) =>
      (await t.request({ method: 'POST', url: '/api/devices/filter-count', token: tokens.admin, payload })).json()
        .count;
    expect(await countOf({ notSeenForHours: 24 })).toBe(counted.silent);
    expect(await countOf({ neverSeen: true })).toBe(counted.neverHeard);
  });

  it('names the asset each latest alarm belongs to: the one its device was linked to when it was raised', async () => {
    const base = Date.parse('2026-05-01T10:00:00Z');
    await insertAssetType(t.db, 'overview-asset-type');
    await insertAsset(t.db, {
      id: 'overview-pump',
      businessId: nodes.Plant ?? '',
      description: 'Pump room',
      assetType: 'overview-asset-type',
      links: [{ deviceId: devices.heard?.uuid ?? '', from: base - 60_000 }],
    });
    // Linked only after its alarm was raised: that alarm belongs to no asset.
    await insertAsset(t.db, {
      id: 'overview-late',
      businessId: nodes.Plant ?? '',
      description: 'Late room',
      assetType: 'overview-asset-type',
      links: [{ deviceId: devices.silent?.uuid ?? '', from: base + 10 * 60_000 }],
    });
    const { alarms } = await overviewOf(tokens.plant);
    expect(alarms.latest.map((alarm) => [alarm.device.description, alarm.asset])).toEqual([
      [devices.silent?.description, null],
      [devices.heard?.description, { id: 'overview-pump', description: 'Pump room' }],
    ]);
  });

  it("counts the caller's own unread notifications", async () => {
    const unreadOf = async (name: string) => {
      const user = await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', `${name}@example.com`)
        .executeTakeFirstOrThrow();
      const row = await t.db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('userId', '=', user.id)
        .where('readAt', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    const plantUnread = await unreadOf('plant');
    // The raised alarms notified those who see the devices: some unread, and not the same for everyone.
    expect(plantUnread).toBeGreaterThan(0);
    expect((await overviewOf(tokens.plant)).notifications.unread).toBe(plantUnread);
    expect((await overviewOf(tokens.bravo)).notifications.unread).toBe(await unreadOf('bravo'));
    await t.request({ method: 'POST', url: '/api/push-notification/read-all', token: tokens.plant });
    expect((await overviewOf(tokens.plant)).notifications.unread).toBe(0);
  });
});
