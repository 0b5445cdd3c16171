import { randomBytes } from 'node:crypto';
import { connect as connectTcp } from 'node:net';
import { hostname } from 'node:os';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readingsOfDevice } from '../../../testing/readings.js';
import { databaseKinds } from '../../../testing/test-database.js';
import type { InboundUplink, IngestOutcome } from '../pipeline.js';
import { type ExternalSubscriber, startExternalSubscriber } from './external-subscriber.js';
import { type MqttTestApp, startMqttTestApp } from './test-harness.js';
import { startMqttTransport } from './transport.js';

const MOSQUITTO = 'mqtt://127.0.0.1:1883';

function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connectTcp({ host, port, timeout: 1000 });
    const answer = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.once('connect', () => answer(true));
    socket.once('error', () => answer(false));
    socket.once('timeout', () => answer(false));
  });
}

const mosquittoUp = await reachable('127.0.0.1', 1883);

async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!mosquittoUp).each(databaseKinds())('MQTT ingest from Mosquitto on %s', (kind) => {
  let h: MqttTestApp;
  let publisher: MqttClient;
  const started: { subscriber: ExternalSubscriber; clientIds: string[] }[] = [];

  beforeAll(async () => {
    h = await startMqttTestApp(kind);
    publisher = await mqtt.connectAsync(MOSQUITTO, { clientId: `test-device-${randomBytes(4).toString('hex')}` });
  });
  afterEach(async () => {
    for (const { subscriber, clientIds } of started.splice(0)) {
      await subscriber.close();
      // Sessions kept by Mosquitto would stay in their share group and take messages of later runs.
      for (const clientId of clientIds)
        await (await mqtt.connectAsync(MOSQUITTO, { clientId, clean: true })).endAsync();
    }
  });
  afterAll(async () => {
    await publisher?.endAsync();
    await h?.close();
  });

  /**
   * One server instance's subscriber, counting what it was handed. They all store through the app's pipeline: what
   * keeps a message from being stored twice is in the database, which server instances share anyway.
   */
  async function startInstance(group: string, ingest?: (uplink: InboundUplink) => Promise<IngestOutcome>) {
    const pipeline = h.t.services.ingest;
    const handled: number[] = [];
    const clientId = `ingest-test-${randomBytes(4).toString('hex')}`;
    const connections = 2;
    const subscriber = await startExternalSubscriber({
      url: MOSQUITTO,
      log: h.t.app.log,
      clientId,
      group,
      connections,
      reconnectPeriodMs: 100,
      pipeline: {
        async ingest(uplink) {
          const outcome = await (ingest ? ingest(uplink) : pipeline.ingest(uplink));
          if (uplink.counter !== null) handled.push(uplink.counter);
          return outcome;
        },
      },
    });
    started.push({ subscriber, clientIds: Array.from({ length: connections }, (_, index) => `${clientId}-${index}`) });
    return { handled };
  }

  const readingsOf = (deviceId: string) => readingsOfDevice(h.t.db, deviceId).select(['signal', 'value']).execute();
  const publish = (deviceId: string, message: object) =>
    publisher.publishAsync(`devices/${deviceId}/up`, JSON.stringify(message), { qos: 1 });

  it('stores a message a device published once, even when it is published again', async () => {
    const group = `test-${randomBytes(4).toString('hex')}`;
    await startInstance(group);
    const device = await h.createDevice();
    await publish(device.uuid, { seq: 1, values: { speed: 42 } });
    await eventually(async () => (await readingsOf(device.uuid)).length > 0);
    await publish(device.uuid, { seq: 1, values: { speed: 42 } });
    await publish(device.uuid, { seq: 2, values: { battery: 10 } });
    await eventually(async () => (await readingsOf(device.uuid)).length >= 2);
    expect((await readingsOf(device.uuid)).sort((a, b) => a.signal.localeCompare(b.signal))).toEqual([
      { signal: 'battery', value: '10' },
      { signal: 'speed', value: '42' },
    ]);
  });

  it('does not acknowledge a message it failed to store, and gets it again', async () => {
    const group = `test-${randomBytes(4).toString('hex')}`;
    let failures = 0;
    await startInstance(group, async (uplink) => {
      if (failures === 0) {
        failures += 1;
        throw new Error('database unavailable');
      }
      return h.t.services.ingest.ingest(uplink);
    });
    const device = await h.createDevice();
    await publish(device.uuid, { seq: 5, values: { speed: 7 } });
    await eventually(async () => (await readingsOf(device.uuid)).length > 0);
    expect(failures).toBe(1);
    expect(await readingsOf(device.uuid)).toEqual([{ signal: 'speed', value: '7' }]);
  });

  it('splits the stream between two instances of one group, each message stored once', async () => {
    const group = `test-${randomBytes(4).toString('hex')}`;
    const first = await startInstance(group);
    const second = await startInstance(group);
    const device = await h.createDevice();
    const count = 40;
    await Promise.all(Array.from({ length: count }, (_, seq) => publish(device.uuid, { seq, values: { speed: seq } })));
    await eventually(async () => (await readingsOf(device.uuid)).length >= count);
    expect(first.handled.length).toBeGreaterThan(0);
    expect(second.handled.length).toBeGreaterThan(0);
    expect([...first.handled, ...second.handled].sort((a, b) => a - b)).toEqual(
      Array.from({ length: count }, (_, seq) => seq),
    );
    const values = (await readingsOf(device.uuid)).map((reading) => Number(reading.value)).sort((a, b) => a - b);
    expect(values).toEqual(Array.from({ length: count }, (_, seq) => seq));
  });

  it("sends waiting parameters on the device's down topic of the external broker after its uplink", async () => {
    const pipeline = h.t.services.ingest;
    // The transport names its connections after the host and the HTTP port: a port of its own keeps them apart.
    const port = 20_000 + Math.floor(Math.random() * 40_000);
    const transport = await startMqttTransport({
      config: { ...h.t.config, port, mqttUrl: MOSQUITTO },
      db: h.t.db,
      pipeline,
      log: h.t.app.log,
      // A group of its own: sessions another run left in the default group would take a share of the messages.
      group: `ingest-test-${port}`,
    });
    const clientIds = Array.from({ length: 4 }, (_, index) => `ingest-${hostname()}-${port}-${index}`);
    started.push({ subscriber: { publish: async () => {}, close: transport.close }, clientIds });
    expect(transport.port).toBeNull();
    const device = await h.createDevice();
    const set = await h.t.request({
      method: 'PATCH',
      url: `/api/devices/${device.uuid}/parameters`,
      token: h.staff,
      payload: { version: device.version, values: { movingPeriod: 20, stoppedPeriod: 30 } },
    });
    expect(set.statusCode, set.body).toBe(200);
    await publisher.subscribeAsync(`devices/${device.uuid}/down`, { qos: 1 });
    const received = new Promise<[string, Buffer]>((resolve) =>
      publisher.once('message', (topic, payload) => resolve([topic, payload])),
    );
    await publish(device.uuid, { seq: 1, values: { battery: 50 } });
    const [topic, payload] = await received;
    expect(topic).toBe(`devices/${device.uuid}/down`);
    expect(JSON.parse(payload.toString())).toEqual({ data: '010014001e', port: null });
  });
});
