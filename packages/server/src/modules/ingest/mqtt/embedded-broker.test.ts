import type { Device, DeviceOutput } from '@iot/shared';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readingsOfDevice } from '../../../testing/readings.js';
import { databaseKinds } from '../../../testing/test-database.js';
import { issueDevicePassword } from './device-credentials.js';
import { connectDevice, type MqttTestApp, startMqttTestApp } from './test-harness.js';

describe.each(databaseKinds())('MQTT ingest through the embedded broker on %s', (kind) => {
  let h: MqttTestApp;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    h = await startMqttTestApp(kind);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
  });
  afterAll(async () => h?.close());

  async function deviceWithCredentials(networkIds: Record<string, string> = {}) {
    const device: Device = await h.createDevice('gps-tracker', networkIds);
    const issued = await h.issueCredentials(device.uuid);
    expect(issued.statusCode, issued.body).toBe(200);
    return { device, password: issued.json().password };
  }

  async function connect(username: string, password: string, clientId?: string) {
    const client = await connectDevice(h.port, username, password, clientId ? { clientId } : {});
    clients.push(client);
    return client;
  }

  const readingsOf = (deviceId: string) =>
    readingsOfDevice(h.t.db, deviceId).select(['signal', 'date', 'value']).orderBy('signal').execute();

  it('issues credentials to administrators of the device only', async () => {
    const device = await h.createDevice();
    expect(
      (await h.t.request({ method: 'POST', url: `/api/devices/${device.uuid}/mqtt-credentials` })).statusCode,
    ).toBe(401);
    expect((await h.issueCredentials('no-such-device')).statusCode).toBe(404);
    const operator = await h.t.createUser(`operator-${kind}@example.com`, 'a good password');
    await h.t.services.businessesRepo.setEntry(h.businessId, operator.id, 'user', Date.now());
    const token = await h.t.signIn(`operator-${kind}@example.com`, 'a good password');
    expect((await h.issueCredentials(device.uuid, token)).statusCode).toBe(403);
    const issued = await h.issueCredentials(device.uuid);
    expect(issued.json()).toEqual({
      username: device.uuid,
      password: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      topicUp: `devices/${device.uuid}/up`,
      topicDown: `devices/${device.uuid}/down`,
    });
  });

  it('refuses a wrong password, a device without credentials and the client id of another device', async () => {
    const { device, password } = await deviceWithCredentials();
    await expect(connect(device.uuid, `${password}x`)).rejects.toThrow(/Bad username or password/i);
    const bare = await h.createDevice();
    await expect(connect(bare.uuid, password)).rejects.toThrow(/Bad username or password/i);
    await expect(connect(device.uuid, password, bare.uuid)).rejects.toThrow(/Identifier rejected/i);
    const renewed = await h.issueCredentials(device.uuid);
    await expect(connect(device.uuid, password)).rejects.toThrow(/Bad username or password/i);
    await expect(connect(device.uuid, renewed.json().password)).resolves.toBeDefined();
  });

  it('gives LoRa and Sigfox devices no MQTT access, even with a password issued while they were not', async () => {
    const lora = await h.createDevice('cayenne-lpp', { loraEUI: '0A0B0C0D0E0F1011' });
    const refused = await h.issueCredentials(lora.uuid);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('ingest.not_internet_device');
    // As a device keeps a password issued while it had a MAC or an IMEI, before its network ids became LoRa.
    const password = await issueDevicePassword(h.t.db, lora.uuid);
    await expect(connect(lora.uuid, password)).rejects.toThrow(/Bad username or password/i);
  });

  it("closes the connection of a device publishing on another device's topic, storing nothing", async () => {
    const mine = await deviceWithCredentials();
    const other = await h.createDevice();
    const client = await connect(mine.device.uuid, mine.password);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(`devices/${other.uuid}/up`, JSON.stringify({ seq: 1, values: { speed: 1 } }), { qos: 1 });
    await closed;
    expect(await readingsOf(other.uuid)).toEqual([]);
  });

  it("refuses a subscription to another device's downlinks", async () => {
    const mine = await deviceWithCredentials();
    const other = await h.createDevice();
    const client = await connect(mine.device.uuid, mine.password);
    // The broker answers SUBACK with the failure code 0x80, which mqtt.js turns into an error.
    await expect(client.subscribeAsync(`devices/${other.uuid}/down`, { qos: 1 })).rejects.toThrow(/Subscribe error/);
    const granted = await client.subscribeAsync(`devices/${mine.device.uuid}/down`, { qos: 1 });
    expect(granted.map((grant) => grant.qos)).toEqual([1]);
    expect(client.connected).toBe(true);
  });

  it('acknowledges a QoS 1 message once its readings and latest values are stored', async () => {
    const { device, password } = await deviceWithCredentials();
    const client = await connect(device.uuid, password);
    const ts = Date.UTC(2026, 0, 2, 3, 4, 5);
    await client.publishAsync(
      `devices/${device.uuid}/up`,
      JSON.stringify({ seq: 7, ts, values: { speed: 12.5, battery: 80, moving: true }, rssi: -60 }),
      { qos: 1 },
    );
    // Nothing to wait for: PUBACK came after the commit.
    expect(await readingsOf(device.uuid)).toEqual([
      { signal: 'battery', date: ts, value: '80' },
      { signal: 'moving', date: ts, value: 'true' },
      { signal: 'speed', date: ts, value: '12.5' },
    ]);
    const row = await h.t.db
      .selectFrom('devices')
      .select(['signalValues', 'lastSeenAt'])
      .where('id', '=', device.uuid)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.signalValues)).toEqual({
      battery: { value: 80, date: ts },
      moving: { value: true, date: ts },
      speed: { value: 12.5, date: ts },
    });
    expect(row.lastSeenAt).toBe(ts);
  });

  it('stores a frame through the codec, and the same seq twice only once', async () => {
    const { device, password } = await deviceWithCredentials();
    const client = await connect(device.uuid, password);
    // Heartbeat frame: battery 55 %, moving.
    const message = JSON.stringify({ seq: 3, data: '023701' });
    await client.publishAsync(`devices/${device.uuid}/up`, message, { qos: 1 });
    await client.publishAsync(`devices/${device.uuid}/up`, message, { qos: 1 });
    const readings = await readingsOf(device.uuid);
    expect(readings.filter((reading) => reading.signal === 'battery').map((reading) => reading.value)).toEqual(['55']);
    expect(new Set(readings.map((reading) => reading.signal)).size).toBe(readings.length);
  });

  it('acknowledges a malformed message and keeps it among the frames that could not be read, reading nothing', async () => {
    const { device, password } = await deviceWithCredentials();
    const client = await connect(device.uuid, password);
    await client.publishAsync(`devices/${device.uuid}/up`, 'not json', { qos: 1 });
    await client.publishAsync(`devices/${device.uuid}/up`, JSON.stringify({ values: { speed: 1 } }), { qos: 1 });
    await client.publishAsync(`devices/${device.uuid}/up`, 'x'.repeat(5_000), { qos: 1 });
    expect(await readingsOf(device.uuid)).toEqual([]);
    expect(client.connected).toBe(true);
    const frames = await h.t.db
      .selectFrom('undecodedFrames')
      .select(['data', 'error'])
      .where('deviceId', '=', device.uuid)
      .execute();
    expect(frames.map((frame) => frame.error)).toEqual(Array(3).fill('ingest.unreadable_message'));
    // Kept as they came, a long one cut to its start.
    expect(frames.map((frame) => frame.data).sort((a, b) => a.length - b.length)).toEqual([
      'not json',
      '{"values":{"speed":1}}',
      'x'.repeat(2_000),
    ]);
  });

  it('sends waiting parameters on the down topic after the next uplink', async () => {
    const { device, password } = await deviceWithCredentials();
    const set = await h.t.request({
      method: 'PATCH',
      url: `/api/devices/${device.uuid}/parameters`,
      token: h.staff,
      payload: { version: device.version, values: { movingPeriod: 30, stoppedPeriod: 60 } },
    });
    expect(set.statusCode, set.body).toBe(200);
    const client = await connect(device.uuid, password);
    await client.subscribeAsync(`devices/${device.uuid}/down`, { qos: 1 });
    const received = new Promise<[string, Buffer]>((resolve) =>
      client.once('message', (topic, payload) => resolve([topic, payload])),
    );
    await client.publishAsync(`devices/${device.uuid}/up`, JSON.stringify({ seq: 1, values: { battery: 90 } }), {
      qos: 1,
    });
    const [topic, payload] = await received;
    expect(topic).toBe(`devices/${device.uuid}/down`);
    expect(JSON.parse(payload.toString())).toEqual({ data: '01001e003c', port: null });
    const downlink = await h.t.request({ method: 'GET', url: `/api/devices/${device.uuid}/downlink`, token: h.staff });
    expect(downlink.json().status).toBe('SENT');
  });

  it("sends a cellular device's changed outputs on the down topic after its next uplink, confirmed by the one after", async () => {
    const { device, password } = await deviceWithCredentials({ IMEI: '353879234252708' });
    const outputsUrl = `/api/devices/${device.uuid}/outputs`;
    const setOutputs = async (payload: object) => {
      const { version } = (await h.t.request({ method: 'GET', url: outputsUrl, token: h.staff })).json();
      const response = await h.t.request({
        method: 'PATCH',
        url: outputsUrl,
        token: h.staff,
        payload: { version, ...payload },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const outputs = async () =>
      Object.fromEntries(
        ((await h.t.request({ method: 'GET', url: outputsUrl, token: h.staff })).json().outputs as DeviceOutput[]).map(
          (output) => [output.key, output],
        ),
      );
    await setOutputs({
      define: [
        { key: 'valve', name: 'Main valve' },
        { key: 'pump', name: 'Pump' },
      ],
      set: { valve: true },
    });
    const client = await connect(device.uuid, password);
    await client.subscribeAsync(`devices/${device.uuid}/down`, { qos: 1 });
    const received: unknown[] = [];
    let arrived = () => {};
    client.on('message', (_topic, payload) => {
      received.push(JSON.parse(payload.toString()));
      arrived();
    });
    const nextMessage = () =>
      new Promise<void>((resolve) => {
        arrived = resolve;
      });
    const uplink = (seq: number) =>
      client.publishAsync(`devices/${device.uuid}/up`, JSON.stringify({ seq, values: { battery: 90 } }), { qos: 1 });

    let message = nextMessage();
    await uplink(1);
    await message;
    expect(received).toEqual([{ outputs: { valve: true } }]);
    const sent = await outputs();
    expect(sent.valve).toMatchObject({ value: true, lastSent: expect.any(String), lastConfirmed: null });
    expect(sent.pump).toMatchObject({ lastChange: null, lastSent: null, lastConfirmed: null });

    // The next uplink confirms what the one before brought, and sends nothing more.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await uplink(2);
    const confirmed = await outputs();
    expect(confirmed.valve?.lastSent).toBe(sent.valve?.lastSent);
    expect(Date.parse(confirmed.valve?.lastConfirmed ?? '')).toBeGreaterThan(Date.parse(sent.valve?.lastSent ?? ''));

    // A new change starts over: sent with the next uplink, alone (nothing went out in between).
    await setOutputs({ set: { pump: true } });
    expect((await outputs()).pump).toMatchObject({ value: true, lastSent: null, lastConfirmed: null });
    message = nextMessage();
    await uplink(3);
    await message;
    expect(received).toEqual([{ outputs: { valve: true } }, { outputs: { pump: true } }]);
    expect((await outputs()).pump?.lastSent).toEqual(expect.any(String));
  });
});
