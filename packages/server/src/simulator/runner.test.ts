import type { Device } from '@iot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MqttTestApp, startMqttTestApp } from '../modules/ingest/mqtt/test-harness.js';
import { readingsOfDevice } from '../testing/readings.js';
import { databaseKinds } from '../testing/test-database.js';
import { SIGFOX_SEQUENCE_MODULO } from './network-messages.js';
import { provisionSimulator, SIMULATOR_INTEGRATIONS } from './provision.js';
import { createSimulator, HISTORY_STEP_MS, type SimulatorLog } from './runner.js';

const quiet: SimulatorLog = { info: () => {}, warn: () => {} };

describe.each(databaseKinds())('device simulator on %s', (kind) => {
  let harness: MqttTestApp;
  let baseUrl: string;
  const devices: Record<'sensor' | 'meter' | 'tracker' | 'spare', Device> = {} as Record<
    'sensor' | 'meter' | 'tracker' | 'spare',
    Device
  >;

  async function createDevice(serialNumber: string, payload: Record<string, string>): Promise<Device> {
    const response = await harness.t.request({
      method: 'POST',
      url: '/api/devices',
      token: harness.staff,
      payload: { businessId: harness.businessId, serialNumber, ...payload },
    });
    if (response.statusCode !== 201) throw new Error(`device not created: ${response.body}`);
    return response.json();
  }

  const readingsOf = async (deviceId: string) =>
    readingsOfDevice(harness.t.db, deviceId).select(['signal', 'value']).execute();

  const signalValuesOf = async (deviceId: string): Promise<Record<string, unknown>> => {
    const row = await harness.t.db
      .selectFrom('devices')
      .select('signalValues')
      .where('id', '=', deviceId)
      .executeTakeFirstOrThrow();
    return JSON.parse(row.signalValues);
  };

  beforeAll(async () => {
    harness = await startMqttTestApp(kind);
    baseUrl = await harness.t.app.listen({ port: 0, host: '127.0.0.1' });
    devices.sensor = await createDevice('DEMO-0001', { deviceType: 'th-sensor-sigfox', sigfoxID: '1A2B01' });
    devices.meter = await createDevice('DEMO-0002', { deviceType: 'water-meter-lora', loraEUI: '70B3D57ED0001001' });
    devices.tracker = await createDevice('DEMO-0003', { deviceType: 'gps-tracker', IMEI: '356938035643809' });
    devices.spare = await createDevice('DEMO-0004', { deviceType: 'water-meter-lora', loraEUI: '70B3D57ED0001099' });
    // As the seed leaves them: the demo devices were seen, except the spare one.
    await harness.t.db
      .updateTable('devices')
      .set({ lastSeenAt: Date.now() - 60_000 })
      .where('id', '!=', devices.spare.uuid)
      .execute();
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('replaces its integrations at each start and plays the demo devices seen before', async () => {
    await provisionSimulator(harness.t.db, { mqtt: false });
    const played = await provisionSimulator(harness.t.db, { mqtt: false });
    expect(played.map((device) => device.id).sort()).toEqual(
      [devices.sensor.uuid, devices.meter.uuid, devices.tracker.uuid].sort(),
    );
    const integrations = await harness.t.db
      .selectFrom('integrations')
      .select(['name', 'network'])
      .where('businessId', '=', harness.businessId)
      .orderBy('name')
      .execute();
    expect(integrations).toEqual([
      { name: SIMULATOR_INTEGRATIONS.chirpstack, network: 'chirpstack' },
      { name: SIMULATOR_INTEGRATIONS.http, network: 'http' },
      { name: SIMULATOR_INTEGRATIONS.sigfox, network: 'sigfox' },
    ]);
  });

  it('sends one uplink of each device over Sigfox, ChirpStack and MQTT, stored as readings', async () => {
    // A wrong HTTP token: falling back to HTTP would be refused, so a stored uplink came over MQTT.
    const played = (await provisionSimulator(harness.t.db, { mqtt: true })).map((device) =>
      device.route.network === 'ip' ? { ...device, route: { ...device.route, httpToken: 'itg_wrong' } } : device,
    );
    const warnings: string[] = [];
    const simulator = createSimulator({
      baseUrl,
      devices: played,
      mqttUrl: `mqtt://127.0.0.1:${harness.port}`,
      log: { info: () => {}, warn: (_details, message) => warnings.push(message) },
    });
    try {
      await simulator.connect();
      await simulator.sendAll();
    } finally {
      await simulator.stop();
    }
    expect(warnings).toEqual([]);
    const sensorReadings = await readingsOf(devices.sensor.uuid);
    expect(sensorReadings.map((reading) => reading.signal)).toContain('temperature');
    expect(Object.keys(await signalValuesOf(devices.sensor.uuid))).toContain('humidity');
    // The meter has not reported its configuration yet: its first uplink does.
    expect((await readingsOf(devices.meter.uuid)).map((reading) => reading.signal)).toContain('reporting_interval');
    expect(Object.keys(await signalValuesOf(devices.meter.uuid))).toContain('leak_threshold');
    expect(Object.keys(await signalValuesOf(devices.tracker.uuid))).toContain('battery');
    expect(await readingsOf(devices.spare.uuid)).toEqual([]);
  });

  it('falls back to the HTTP call without a broker, and a restart is not taken for resent frames', async () => {
    const before = (await readingsOf(devices.tracker.uuid)).length;
    const played = await provisionSimulator(harness.t.db, { mqtt: false });
    const warnings: string[] = [];
    const log: SimulatorLog = { info: () => {}, warn: (_details, message) => warnings.push(message) };
    // Each run a couple of seconds after the previous test's, as a restarted process would be.
    const first = createSimulator({ baseUrl, devices: played, log, now: () => Date.now() + 2_000 });
    await first.sendAll();
    await first.stop();
    const afterFirst = (await readingsOf(devices.tracker.uuid)).length;
    expect(afterFirst).toBeGreaterThan(before);
    // A restarted simulator, seconds later, knows nothing of the counters sent.
    const restarted = createSimulator({ baseUrl, devices: played, log, now: () => Date.now() + 4_000 });
    await restarted.sendAll();
    await restarted.stop();
    expect(warnings).toEqual([]);
    expect((await readingsOf(devices.tracker.uuid)).length).toBeGreaterThan(afterFirst);
    const duplicates = await harness.t.db
      .selectFrom('uplinkCounters')
      .innerJoin('devices', 'devices.key', 'uplinkCounters.deviceKey')
      .select(({ fn }) => fn.countAll<number>().as('count'))
      .where('devices.id', '=', devices.sensor.uuid)
      .executeTakeFirstOrThrow();
    expect(Number(duplicates.count)).toBe(3);
  });

  it('starts sending on its own within the first-frame delay and stops cleanly', async () => {
    const before = (await readingsOf(devices.meter.uuid)).length;
    const played = await provisionSimulator(harness.t.db, { mqtt: false });
    const simulator = createSimulator({
      baseUrl,
      devices: played,
      log: quiet,
      firstFrameWithinMs: 200,
      now: () => Date.now() + 6_000,
    });
    simulator.start();
    for (let attempt = 0; attempt < 100 && (await readingsOf(devices.meter.uuid)).length === before; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await simulator.stop();
    expect((await readingsOf(devices.meter.uuid)).length).toBeGreaterThan(before);
  });

  it('first sends, dated then, the frames a device without readings would have sent over the history', async () => {
    const fresh = await createDevice('DEMO-0005', { deviceType: 'th-sensor-sigfox', sigfoxID: '1A2B05' });
    await harness.t.db
      .updateTable('devices')
      .set({ lastSeenAt: Date.now() - 60_000 })
      .where('id', '=', fresh.uuid)
      .execute();
    const othersBefore = (await readingsOf(devices.sensor.uuid)).length;
    // After the previous tests' runs, as a later start would be.
    const startedAt = Date.now() + 8_000;
    const historyMs = 2 * 60 * 60 * 1000;
    const simulator = createSimulator({
      baseUrl,
      devices: await provisionSimulator(harness.t.db, { mqtt: false }),
      log: quiet,
      historyMs,
      now: () => startedAt,
    });
    await simulator.sendHistory();
    await simulator.stop();
    const dates = await readingsOfDevice(harness.t.db, fresh.uuid)
      .select('readings.date')
      .where('readings.signal', '=', 'temperature')
      .orderBy('readings.date')
      .execute();
    // A frame a step apart from the history's start to before now; Sigfox dates its messages to the second.
    const steps = Array.from({ length: historyMs / HISTORY_STEP_MS - 1 }, (_, index) => index + 1);
    expect(dates.map((row) => Number(row.date))).toEqual(
      steps.map((step) => Math.floor((startedAt - historyMs + step * HISTORY_STEP_MS) / 1000) * 1000),
    );
    // Numbered as the device would, just below the live frames' first counter: a live frame of the next hour (at most
    // one a second) cannot repeat a history counter, even with the 12 bits Sigfox keeps of it.
    const counters = await harness.t.db
      .selectFrom('uplinkCounters')
      .innerJoin('devices', 'devices.key', 'uplinkCounters.deviceKey')
      .select('uplinkCounters.counter')
      .where('devices.id', '=', fresh.uuid)
      .execute();
    const firstLive = Math.floor(startedAt / 1000);
    expect(new Set(counters.map((row) => Number(row.counter)))).toEqual(
      new Set(steps.map((step) => (firstLive - 1 - steps.length + step) % SIGFOX_SEQUENCE_MODULO)),
    );
    // The devices that have readings have no history to send.
    expect((await readingsOf(devices.sensor.uuid)).length).toBe(othersBefore);
  });

  it("gives a tracker's history its own finer step, so that its positions follow the route", async () => {
    const van = await createDevice('DEMO-0006', { deviceType: 'gps-tracker', IMEI: '490154203237518' });
    // As the seed leaves a demo device: seen, so that the simulator plays it.
    await harness.t.db.updateTable('devices').set({ lastSeenAt: Date.now() }).where('id', '=', van.uuid).execute();
    const startedAt = Date.now() + 20_000;
    const historyMs = 30 * 60 * 1000;
    const simulator = createSimulator({
      baseUrl,
      devices: (await provisionSimulator(harness.t.db, { mqtt: false })).filter((device) => device.id === van.uuid),
      log: quiet,
      historyMs,
      now: () => startedAt,
    });
    await simulator.sendHistory();
    await simulator.stop();
    const positions = (
      await readingsOfDevice(harness.t.db, van.uuid)
        .select(['readings.date', 'readings.value'])
        .where('readings.signal', '=', 'position')
        .orderBy('readings.date')
        .execute()
    ).map((row) => ({ date: Number(row.date), ...(JSON.parse(row.value) as { lat: number; lon: number }) }));
    // One every 2 minutes, but for the few without a GPS fix.
    expect(positions.length).toBeGreaterThanOrEqual(10);
    expect(positions.length).toBeLessThanOrEqual(14);
    for (const [index, position] of positions.entries()) {
      const before = positions[index - 1];
      if (!before) continue;
      expect((position.date - before.date) % (2 * 60_000)).toBe(0);
      // At most 70 km/h for the minutes between them: no jump across the city.
      const km = Math.hypot((position.lat - before.lat) * 111, (position.lon - before.lon) * 87);
      expect(km).toBeLessThanOrEqual((70 * (position.date - before.date)) / 3_600_000 + 0.01);
    }
  });
});
