import type { Device } from '@iot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';
import { ruleKey } from '../ingest/alarm-conditions.js';
import { createDeviceTypeAlarmsRepo, TYPE_RULES_CACHE_MS } from './repo.js';

const PASSWORD = 'a good password';
const URL = '/api/device-types/gps-tracker/alarms';
const speeding = { signal: 'speed', condition: 'above' as const, threshold: 100, hysteresis: 10 };

describe.each(databaseKinds())('alarm rules per device type on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let admin: string;
  let viewer: string;
  let ingestToken: string;
  let tracker: Device;
  let seq = 0;

  const call = (method: 'GET' | 'PUT' | 'PATCH' | 'POST', url: string, token: string, payload?: object) =>
    t.request({ method, url, token, ...(payload ? { payload } : {}) });
  const send = (values: Record<string, number>) =>
    t.request({
      method: 'POST',
      url: '/api/ingest/http',
      headers: { 'x-integration-token': ingestToken },
      payload: { device: tracker.uuid, seq: ++seq, ts: 1_763_900_000_000 + seq * 1000, values },
    });
  const edgesOf = async (conditionKey: string) =>
    t.db
      .selectFrom('conditionEvents')
      .select(['raised', 'value'])
      .where('deviceId', '=', tracker.uuid)
      .where('conditionKey', '=', conditionKey)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    staff = await t.signIn('staff@example.com', PASSWORD);
    const nodes = await t.createTree(staff, [['Acme'], ['Plant', 'Acme']]);
    admin = await t.userWith('admin', PASSWORD, nodes.Acme ?? '', 'admin');
    viewer = await t.userWith('viewer', PASSWORD, nodes.Plant ?? '', 'viewer');
    tracker = (
      await call('POST', '/api/devices', staff, {
        businessId: nodes.Plant,
        deviceType: 'gps-tracker',
        IMEI: '490154203237518',
      })
    ).json();
    const integration = await call('POST', `/api/customer-business/${nodes.Acme}/integrations`, admin, {
      network: 'http',
      name: 'Acme http',
    });
    expect(integration.statusCode).toBe(201);
    ingestToken = integration.json().token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers no rules at version 0 to anyone signed in, and 404 for a type the platform does not know', async () => {
    const read = await call('GET', URL, viewer);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ deviceType: 'gps-tracker', rules: [], version: 0 });
    const unknown = await call('GET', '/api/device-types/no-such-type/alarms', viewer);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('not_found');
    expect((await t.request({ method: 'GET', url: URL })).statusCode).toBe(401);
    const putUnknown = await call('PUT', '/api/device-types/no-such-type/alarms', staff, { version: 0, rules: [] });
    expect(putUnknown.statusCode).toBe(404);
  });

  it('lets only provider staff change the rules, on numeric value signals of the type, over the version read', async () => {
    expect((await call('PUT', URL, admin, { version: 0, rules: [speeding] })).statusCode).toBe(403);
    // A debug counter, an alarm flag, a position and a signal the type does not have.
    for (const [signal, index] of [
      ['satellites', 1],
      ['sos', 1],
      ['position', 1],
      ['nope', 1],
    ] as const) {
      const refused = await call('PUT', `${URL}?lang=pt`, staff, {
        version: 0,
        rules: [speeding, { ...speeding, signal }],
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        code: 'alarm.rule_signal_not_numeric',
        message: expect.stringContaining('numérico'),
        fields: { [`rules.${index}.signal`]: expect.any(String) },
      });
    }
    const tooMany = await call('PUT', URL, staff, { version: 0, rules: Array.from({ length: 51 }, () => speeding) });
    expect(tooMany.statusCode).toBe(400);
    expect((await call('GET', URL, viewer)).json().version).toBe(0);

    const saved = await call('PUT', URL, staff, { version: 0, rules: [{ ...speeding, hysteresis: undefined }] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ deviceType: 'gps-tracker', rules: [{ ...speeding, hysteresis: 0 }], version: 1 });
    const stale = await call('PUT', URL, staff, { version: 0, rules: [] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('conflict');
    const edited = await call('PUT', URL, staff, { version: 1, rules: [speeding] });
    expect(edited.json()).toMatchObject({ rules: [speeding], version: 2 });
    expect((await call('GET', URL, viewer)).json()).toEqual({
      deviceType: 'gps-tracker',
      rules: [speeding],
      version: 2,
    });
    // Other types are untouched.
    expect((await call('GET', '/api/device-types/th-sensor-sigfox/alarms', viewer)).json().version).toBe(0);
  });

  it("raises a condition of the type's rule from a reading, at once after a change, and once with the device's same rule", async () => {
    const key = ruleKey(speeding);
    await call('PUT', URL, staff, { version: 2, rules: [] });
    expect((await send({ speed: 50 })).statusCode).toBe(200);
    expect(await edgesOf(key)).toEqual([]);
    // The ingest has the rules cached now; the change made here shows at the next uplink all the same.
    const ruled = await call('PUT', URL, staff, { version: 3, rules: [speeding] });
    expect(ruled.statusCode).toBe(200);
    // The device has the same rule (the same condition) and one of its own on another signal.
    const battery = { signal: 'battery', condition: 'below' as const, threshold: 20, hysteresis: 0 };
    const own = await call('GET', `/api/devices/${tracker.uuid}/alarms`, admin);
    const patched = await call('PATCH', `/api/devices/${tracker.uuid}/alarms`, admin, {
      version: own.json().version,
      rules: [speeding, battery],
    });
    expect(patched.statusCode).toBe(200);

    expect((await send({ speed: 130, battery: 15 })).json()).toEqual({ stored: 1, duplicates: 0 });
    expect(await edgesOf(key)).toEqual([{ raised: 1, value: '130' }]);
    expect(await edgesOf(ruleKey(battery))).toEqual([{ raised: 1, value: '15' }]);
    await send({ speed: 85 });
    expect(await edgesOf(key)).toEqual([
      { raised: 1, value: '130' },
      { raised: 0, value: '85' },
    ]);
  });

  it('keeps the rules of every type in memory for a few seconds, and forgets them on a change', async () => {
    let clock = 1_000_000;
    const repo = createDeviceTypeAlarmsRepo(t.db, { now: () => clock });
    expect((await repo.rulesByType()).get('gps-tracker')).toEqual([speeding]);
    // Another process's change shows once the rules are older than the cache's time.
    await t.db.updateTable('deviceTypeAlarms').set({ rules: '[]' }).where('deviceType', '=', 'gps-tracker').execute();
    clock += TYPE_RULES_CACHE_MS - 1;
    expect((await repo.rulesByType()).get('gps-tracker')).toEqual([speeding]);
    clock += 2;
    expect((await repo.rulesByType()).get('gps-tracker')).toEqual([]);
    // A change through this repo shows at once.
    const cold = { signal: 'temperature', condition: 'below' as const, threshold: 2, hysteresis: 0.5 };
    expect(await repo.save('th-sensor-sigfox', 0, [cold], clock)).toBe(true);
    expect((await repo.rulesByType()).get('th-sensor-sigfox')).toEqual([cold]);
    expect(await repo.save('th-sensor-sigfox', 0, [], clock)).toBe(false);
  });
});
