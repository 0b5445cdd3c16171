import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BusinessRole, Device, DeviceOutput, LiveEvent } from '@iot/shared';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/database.js';
import { readingsOfDevice } from '../../testing/readings.js';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

const PASSWORD = 'a good password';
const BUSINESSES = '/api/customer-business';

/** A TH-S frame (th-sensor-sigfox): periodic, 21.50 °C, 45.00 %RH, 3.300 V, no flags, sequence 7, every 60 min. */
const TH_FRAME = '01086611940ce4000007003c';
/** The Cayenne LPP documentation's example: channel 3 27.2 °C, channel 5 25.5 °C. */
const CAYENNE_EXAMPLE_BASE64 = 'A2cBEAVnAP8=';

/**
 * A loopback server that answers as a LoRa network server's downlink API does, recording what it is sent; it refuses
 * (503) a downlink whose URL holds one of `refusing`. Each downlink taken is answered with an id of its own, as
 * ChirpStack names a queue item (`queue-1` for the first request received, and so on), unless its URL holds one of
 * `nameless`: that one is answered `{}`.
 */
async function startNetworkServer() {
  const received: { url: string; authorization: string | undefined; body: unknown }[] = [];
  const refusing = new Set<string>();
  const nameless = new Set<string>();
  const server: Server = createServer((request: IncomingMessage, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      const url = request.url ?? '';
      received.push({ url, authorization: request.headers.authorization, body: JSON.parse(text) });
      const refused = [...refusing].some((part) => url.includes(part));
      const named = ![...nameless].some((part) => url.includes(part));
      response.writeHead(refused ? 503 : 200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(refused ? { message: 'unavailable' } : named ? { id: `queue-${received.length}` } : {}),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    refusing,
    nameless,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const until = async (check: () => Promise<boolean> | boolean) => {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('condition not met in time');
};

/** Reads the live event stream of the server at `address` as the user of `token`. */
async function openEvents(address: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${address}/api/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const events: LiveEvent[] = [];
  const state = { ended: false };
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          state.ended = true;
          return;
        }
        buffer += decoder.decode(value, { stream: true });
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)));
      }
    } catch {
      // Aborted at the end of the test.
    }
  })();
  return { events, ended: () => state.ended, close: () => controller.abort() };
}

describe.each(databaseKinds())('telemetry ingest on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let networkServer: Awaited<ReturnType<typeof startNetworkServer>>;
  const nodes: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  const ingestTokens: Record<string, string> = {};
  let sensor: Device;
  let lpp: Device;
  let tracker: Device;
  let bravoTracker: Device;

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    token: string | undefined,
    payload?: object,
  ) => t.request({ method, url, token, ...(payload ? { payload } : {}) });
  const ingest = (url: string, token: string | undefined, payload: unknown) =>
    t.request({
      method: 'POST',
      url,
      headers: token ? { 'x-integration-token': token } : {},
      payload: payload as object,
    });
  const count = async (table: 'readings' | 'undecodedFrames' | 'commissioningEvents', deviceId: string) => {
    const rows =
      table === 'readings'
        ? readingsOfDevice(t.db, deviceId).select((eb) => eb.fn.countAll().as('count'))
        : t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('count'))
            .where('deviceId', '=', deviceId);
    return Number((await rows.executeTakeFirstOrThrow()).count);
  };
  const device = async (uuid: string) => (await call('GET', `/api/devices/${uuid}`, staff)).json() as Device;
  /** A WM-L water meter of Plant whose parameters wait to be sent. */
  const waitingMeter = async (loraEUI: string) => {
    const meter = (
      await call('POST', '/api/devices', staff, { businessId: nodes.Plant, deviceType: 'water-meter-lora', loraEUI })
    ).json() as Device;
    const set = await call('PATCH', `/api/devices/${meter.uuid}/parameters`, tokens.admin, {
      version: meter.version,
      values: {},
    });
    expect(set.statusCode).toBe(200);
    return meter;
  };
  /** The live events about a device from now on, and the parameterization statuses among them. */
  const watchLive = (uuid: string) => {
    const seen: LiveEvent[] = [];
    const stop = t.services.liveEvents.subscribe(({ event }) => {
      if (event.deviceUUID === uuid) seen.push(event);
    });
    const statuses = () => seen.flatMap((event) => (event.type === 'parameterization' ? [event.status] : []));
    const commissioning = () => seen.flatMap((event) => (event.type === 'commissioning' ? [event.event.event] : []));
    return { statuses, commissioning, stop };
  };
  const commissioningOf = async (uuid: string) =>
    ((await call('GET', `/api/devices/${uuid}/commissioning`, staff)).json().events as { event: string }[]).map(
      (event) => event.event,
    );
  const integrationId = async (network: string) =>
    (
      await t.db
        .selectFrom('integrations')
        .select('id')
        .where('businessId', '=', nodes.Acme ?? '')
        .where('network', '=', network as 'ttn')
        .executeTakeFirstOrThrow()
    ).id;
  /** The WM-L configuration report (port 3): 60 min, 1 L a pulse, 20 L/h. */
  const METER_CONFIGURATION_BASE64 = Buffer.from('003c000a0014', 'hex').toString('base64');

  beforeAll(async () => {
    // The network servers stand in on loopback.
    t = await startTestApp(kind, { CALLBACK_ALLOW_PRIVATE_ADDRESSES: 'true' });
    networkServer = await startNetworkServer();
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    staff = await t.signIn('staff@example.com', PASSWORD);
    Object.assign(nodes, await t.createTree(staff, [['Acme'], ['Plant', 'Acme'], ['Bravo']]));
    const userWith = async (name: string, node: string, role: BusinessRole) => {
      tokens[name] = await t.userWith(name, PASSWORD, nodes[node] ?? '', role);
    };
    await userWith('admin', 'Acme', 'admin');
    await userWith('viewer', 'Plant', 'viewer');
    await userWith('bravo', 'Bravo', 'admin');
    const create = async (payload: object) => (await call('POST', '/api/devices', staff, payload)).json() as Device;
    sensor = await create({ businessId: nodes.Plant, deviceType: 'th-sensor-sigfox', sigfoxID: '1A2B3C' });
    lpp = await create({ businessId: nodes.Plant, deviceType: 'cayenne-lpp', loraEUI: '0101010101010101' });
    tracker = await create({ businessId: nodes.Plant, deviceType: 'gps-tracker', IMEI: '490154203237518' });
    bravoTracker = await create({ businessId: nodes.Bravo, deviceType: 'gps-tracker', IMEI: '356938035643809' });
    const integration = async (network: string, extra: object = {}) => {
      const response = await call('POST', `${BUSINESSES}/${nodes.Acme}/integrations`, tokens.admin, {
        network,
        name: `Acme ${network}`,
        ...extra,
      });
      expect(response.statusCode).toBe(201);
      ingestTokens[network] = response.json().token;
      // Integrations are listed in the order they were added, to the millisecond: the next one comes a moment later.
      await new Promise((resolve) => setTimeout(resolve, 2));
    };
    await integration('sigfox');
    await integration('chirpstack', { serverUrl: networkServer.url, serverKey: 'chirpstack-key' });
    await integration('ttn', {
      serverUrl: networkServer.url,
      serverKey: 'NNSXS.key',
      applicationId: 'water',
      webhookId: 'platform',
    });
    await integration('http');
  });
  afterAll(async () => {
    await t?.close();
    await networkServer?.close();
  });

  it('keeps integrations to administrators of their business; the token is shown once and only its hint after', async () => {
    const listed = await call('GET', `${BUSINESSES}/${nodes.Acme}/integrations`, tokens.admin);
    expect(listed.statusCode).toBe(200);
    const integrations = listed.json().integrations as { network: string; tokenHint: string; hasServerKey: boolean }[];
    expect(integrations.map((integration) => integration.network)).toEqual(['sigfox', 'chirpstack', 'ttn', 'http']);
    expect(JSON.stringify(listed.json())).not.toContain(ingestTokens.sigfox);
    expect(integrations[1]?.hasServerKey).toBe(true);
    expect(JSON.stringify(listed.json())).not.toContain('chirpstack-key');
    expect((await call('GET', `${BUSINESSES}/${nodes.Plant}/integrations`, tokens.viewer)).statusCode).toBe(403);
    expect((await call('GET', `${BUSINESSES}/${nodes.Acme}/integrations`, tokens.bravo)).statusCode).toBe(404);
    const created = await call('POST', `${BUSINESSES}/${nodes.Bravo}/integrations`, tokens.bravo, {
      network: 'http',
      name: 'Bravo',
    });
    const { integration } = created.json();
    expect((await call('DELETE', `/api/integrations/${integration.id}`, tokens.admin)).statusCode).toBe(404);
    const stale = await call('PATCH', `/api/integrations/${integration.id}`, tokens.bravo, { name: 'B', version: 0 });
    expect(stale.statusCode).toBe(409);
    const renamed = await call('PATCH', `/api/integrations/${integration.id}`, tokens.bravo, { name: 'B', version: 1 });
    expect(renamed.json()).toMatchObject({ name: 'B', version: 2 });
    expect((await call('DELETE', `/api/integrations/${integration.id}`, tokens.bravo)).statusCode).toBe(204);
    const gone = await ingest('/api/ingest/http', created.json().token, {
      device: bravoTracker.uuid,
      seq: 1,
      values: {},
    });
    expect(gone.statusCode).toBe(401);
  });

  it('refuses a wrong token (401), an unknown device (404) and a malformed body (400), storing nothing', async () => {
    const message = { device: '1A2B3C', time: 1_700_000_000, data: TH_FRAME, seqNumber: 1 };
    expect((await ingest('/api/ingest/sigfox', undefined, message)).statusCode).toBe(401);
    expect((await ingest('/api/ingest/sigfox', 'itg_wrong', message)).statusCode).toBe(401);
    // A token of another network is no token here.
    expect((await ingest('/api/ingest/sigfox', ingestTokens.http, message)).statusCode).toBe(401);
    const unknown = await ingest('/api/ingest/sigfox', ingestTokens.sigfox, { ...message, device: 'FFFF' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('ingest.unknown_device');
    const malformed = await ingest('/api/ingest/sigfox', ingestTokens.sigfox, { ...message, data: 'xyz' });
    expect(malformed.statusCode).toBe(400);
    for (const body of [
      { seq: 1, values: { battery: 90 } },
      { device: tracker.uuid, seq: 1, values: { battery: [90] } },
      [
        { device: tracker.uuid, seq: 1, values: { battery: 90 } },
        { device: tracker.uuid, seq: 2, data: '0g' },
      ],
    ]) {
      expect((await ingest('/api/ingest/http', ingestTokens.http, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    // A device of another tenant is unknown to this integration, even named by its uuid.
    const foreign = await ingest('/api/ingest/http', ingestTokens.http, [
      { device: tracker.uuid, seq: 1, values: { battery: 90 } },
      { device: bravoTracker.uuid, seq: 1, values: { battery: 90 } },
    ]);
    expect(foreign.statusCode).toBe(404);
    for (const id of [sensor.uuid, tracker.uuid, bravoTracker.uuid]) {
      expect(await count('readings', id)).toBe(0);
      expect(await count('undecodedFrames', id)).toBe(0);
    }
  });

  it('refuses messages over the internet, and MQTT access, for LoRa and Sigfox devices, storing nothing', async () => {
    const alone = await ingest('/api/ingest/http?lang=pt', ingestTokens.http, {
      device: sensor.uuid,
      seq: 1,
      values: { temperature: 20 },
    });
    expect(alone.statusCode).toBe(400);
    expect(alone.json()).toMatchObject({
      code: 'ingest.not_internet_device',
      message: `O dispositivo ${sensor.uuid} comunica por LoRa ou Sigfox: só dispositivos Wi-Fi e celulares enviam mensagens pela internet.`,
    });
    const batch = await ingest('/api/ingest/http', ingestTokens.http, [
      { device: tracker.uuid, seq: 900, values: { battery: 90 } },
      { device: lpp.uuid, seq: 1, values: { temperature_1: 20 } },
    ]);
    expect(batch.statusCode).toBe(400);
    expect(batch.json()).toMatchObject({
      code: 'ingest.not_internet_device',
      message: `Device ${lpp.uuid} reports through LoRa or Sigfox: only Wi-Fi and cellular devices send messages over the internet.`,
    });
    for (const id of [sensor.uuid, lpp.uuid]) {
      const credentials = await call('POST', `/api/devices/${id}/mqtt-credentials`, staff);
      expect(credentials.statusCode).toBe(400);
      expect(credentials.json().code).toBe('ingest.not_internet_device');
    }
    for (const id of [sensor.uuid, lpp.uuid, tracker.uuid]) {
      expect(await count('readings', id)).toBe(0);
      expect(await count('commissioningEvents', id)).toBe(0);
    }
  });

  it('refuses ChirpStack and The Things Stack calls with a wrong token (401) or malformed (400), and ChirpStack calls of an unknown device (404), changing nothing', async () => {
    const meter = await waitingMeter('70B3D57ED005E7C3');
    // The parameters went to the network: a word of it on the downlink would move them on.
    await t.db.updateTable('devices').set({ parametersStatus: 'SENT' }).where('id', '=', meter.uuid).execute();
    const bravoMeter = (
      await call('POST', '/api/devices', staff, {
        businessId: nodes.Bravo,
        deviceType: 'water-meter-lora',
        loraEUI: '70B3D57ED005E7D4',
      })
    ).json() as Device;
    const before = [await device(meter.uuid), await device(bravoMeter.uuid)];
    const pushed = networkServer.received.length;
    const frame = METER_CONFIGURATION_BASE64;
    const deviceInfo = { devEui: '70b3d57ed005e7c3' };
    const chirpstack = {
      up: { deviceInfo, fCnt: 1, fPort: 3, data: frame, rxInfo: [{ rssi: -80, snr: 7 }] },
      ack: { deviceInfo, acknowledged: false, fCntDown: 1 },
      txack: { deviceInfo, fCntDown: 1 },
    };
    const ids = { device_id: 'wm-3', application_ids: { application_id: 'water' }, dev_eui: '70B3D57ED005E7C3' };
    const downlink = { f_port: 3, f_cnt: 1, frm_payload: frame, confirmed: true, priority: 'NORMAL' };
    const ttn = {
      uplink: { end_device_ids: ids, uplink_message: { f_cnt: 1, f_port: 3, frm_payload: frame } },
      ack: { end_device_ids: ids, downlink_ack: downlink },
      nack: { end_device_ids: ids, downlink_nack: downlink },
    };
    const chirpstackUrl = (event: string) => `/api/ingest/lora/chirpstack?event=${event}`;
    const TTN_URL = '/api/ingest/lora/ttn';

    for (const [event, body] of Object.entries(chirpstack)) {
      for (const token of [undefined, 'itg_wrong', ingestTokens.ttn]) {
        expect((await ingest(chirpstackUrl(event), token, body)).statusCode, event).toBe(401);
      }
    }
    for (const [message, body] of Object.entries(ttn)) {
      for (const token of [undefined, 'itg_wrong', ingestTokens.chirpstack]) {
        expect((await ingest(TTN_URL, token, body)).statusCode, message).toBe(401);
      }
    }
    // No device has this DevEUI; the other is a device of another tenant.
    for (const devEui of ['FFFFFFFFFFFFFFFF', '70B3D57ED005E7D4']) {
      for (const [event, body] of Object.entries(chirpstack)) {
        const unknown = await ingest(chirpstackUrl(event), ingestTokens.chirpstack, {
          ...body,
          deviceInfo: { devEui },
        });
        expect(unknown.statusCode, event).toBe(404);
        expect(unknown.json().code).toBe('ingest.unknown_device');
      }
      for (const [message, body] of Object.entries(ttn)) {
        const unknown = await ingest(TTN_URL, ingestTokens.ttn, {
          ...body,
          end_device_ids: { ...ids, dev_eui: devEui },
        });
        // The Things Stack would turn the webhook off after repeated failures: taken, stored nowhere.
        expect(unknown.statusCode, message).toBe(204);
      }
    }
    // A failed downlink's message names the device by its ids only, never heard here, not holding a DevEUI.
    const failed = await ingest(TTN_URL, ingestTokens.ttn, {
      end_device_ids: { device_id: 'wm-3', application_ids: { application_id: 'water' } },
      downlink_failed: { downlink, error: { namespace: 'pkg/networkserver', name: 'application_downlink_too_long' } },
    });
    expect(failed.statusCode).toBe(204);

    const malformed: [string, string | undefined, object][] = [
      [chirpstackUrl('up'), ingestTokens.chirpstack, { ...chirpstack.up, data: 'not base64!' }],
      [chirpstackUrl('up'), ingestTokens.chirpstack, { ...chirpstack.up, deviceInfo: { devEui: 'xyz' } }],
      [chirpstackUrl('up'), ingestTokens.chirpstack, { ...chirpstack.up, fPort: 256 }],
      [chirpstackUrl('ack'), ingestTokens.chirpstack, { acknowledged: true }],
      [chirpstackUrl('ack'), ingestTokens.chirpstack, { ...chirpstack.ack, acknowledged: 'yes' }],
      [chirpstackUrl('txack'), ingestTokens.chirpstack, { deviceInfo: {} }],
      ['/api/ingest/lora/chirpstack', ingestTokens.chirpstack, chirpstack.up],
      [TTN_URL, ingestTokens.ttn, { uplink_message: ttn.uplink.uplink_message }],
      [TTN_URL, ingestTokens.ttn, { ...ttn.uplink, uplink_message: { f_port: 3, frm_payload: 'not base64!' } }],
      [TTN_URL, ingestTokens.ttn, { ...ttn.uplink, end_device_ids: { ...ids, dev_eui: undefined } }],
      [TTN_URL, ingestTokens.ttn, { ...ttn.ack, end_device_ids: { ...ids, dev_eui: 'xyz' } }],
    ];
    for (const [url, token, body] of malformed) {
      const answer = await ingest(url, token, body);
      expect(answer.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.json().code).toBe('validation.failed');
    }

    for (const uuid of [meter.uuid, bravoMeter.uuid]) {
      expect(await telemetryOf(await keyOf(uuid))).toEqual([0, 0, 0]);
      expect(await count('undecodedFrames', uuid)).toBe(0);
      expect(await count('commissioningEvents', uuid)).toBe(0);
    }
    expect([await device(meter.uuid), await device(bravoMeter.uuid)]).toEqual(before);
    expect(networkServer.received).toHaveLength(pushed);
  });

  it('stores a Sigfox uplink once, updates the latest values, and starts commissioning', async () => {
    const message = {
      device: '1a2b3c',
      time: '1700000000',
      data: TH_FRAME,
      seqNumber: '7',
      station: '1B2C',
      rssi: '-105.00',
      snr: '12.3',
      ack: 'false',
      deviceTypeId: '5f1e',
    };
    const stored = await ingest(`/api/ingest/sigfox?token=${ingestTokens.sigfox}`, undefined, message);
    expect(stored.statusCode).toBe(204);
    const again = await ingest('/api/ingest/sigfox', ingestTokens.sigfox, message);
    expect(again.statusCode).toBe(204);
    const readings = await count('readings', sensor.uuid);
    expect(readings).toBeGreaterThanOrEqual(4);
    const updated = await device(sensor.uuid);
    expect(updated.signalValues.temperature).toEqual({ value: 21.5, date: new Date(1_700_000_000_000).toISOString() });
    expect(updated.signalValues.humidity?.value).toBe(45);
    expect(updated.lastSeenAt).toBe(new Date(1_700_000_000_000).toISOString());
    expect(updated.version).toBe(sensor.version);
    const commissioning = await call('GET', `/api/devices/${sensor.uuid}/commissioning`, tokens.viewer);
    expect(commissioning.json().events.map((event: { event: string }) => event.event)).toEqual([
      'COMMISSIONING_START',
      'LINK_QUALITY_COMPUTED',
    ]);
    expect(commissioning.json().events[1].detail).toBe('GOOD');
    // A callback without radio metadata says nothing of the link: the quality known stands, nothing is recorded.
    const { rssi: _rssi, snr: _snr, ...withoutRadio } = message;
    const silent = await ingest('/api/ingest/sigfox', ingestTokens.sigfox, { ...withoutRadio, seqNumber: '6' });
    expect(silent.statusCode).toBe(204);
    expect((await call('GET', `/api/devices/${sensor.uuid}/commissioning`, tokens.viewer)).json().events).toHaveLength(
      2,
    );
  });

  it('stores a resent Sigfox callback configured without the sequence number once, by its time', async () => {
    const message = { device: '1A2B3C', time: 1_700_100_000, data: TH_FRAME };
    const post = async (time: number) => {
      expect((await ingest('/api/ingest/sigfox', ingestTokens.sigfox, { ...message, time })).statusCode).toBe(204);
      return count('readings', sensor.uuid);
    };
    const before = await count('readings', sensor.uuid);
    const first = await post(message.time);
    expect(first).toBeGreaterThan(before);
    expect(await post(message.time)).toBe(first);
    expect(await post(message.time + 600)).toBe(first + (first - before));
  });

  it('answers a bidirectional Sigfox callback with the waiting parameters, then confirms them', async () => {
    const version = (await device(sensor.uuid)).version;
    const set = await call('PATCH', `/api/devices/${sensor.uuid}/parameters`, tokens.admin, { version, values: {} });
    expect(set.statusCode).toBe(200);
    const { downlinkData } = (await call('GET', `/api/devices/${sensor.uuid}/downlink`, staff)).json();
    const uplink = { device: '1A2B3C', time: 1_700_000_600, data: TH_FRAME, seqNumber: 8, ack: false };
    expect((await ingest('/api/ingest/sigfox', ingestTokens.sigfox, uplink)).statusCode).toBe(204);
    expect((await device(sensor.uuid)).parameters.status).toBe('WAITING');
    const asking = await ingest('/api/ingest/sigfox', ingestTokens.sigfox, { ...uplink, seqNumber: 9, ack: true });
    expect(asking.statusCode).toBe(200);
    expect(asking.json()).toEqual({ '1A2B3C': { downlinkData } });
    expect(downlinkData).toMatch(/^[0-9a-f]{16}$/);
    expect((await device(sensor.uuid)).parameters.status).toBe('SENT');
    // The network sends the same callback again (its answer was lost): the same parameters, stored once.
    const repeated = await ingest('/api/ingest/sigfox', ingestTokens.sigfox, { ...uplink, seqNumber: 9, ack: true });
    expect(repeated.json()).toEqual({ '1A2B3C': { downlinkData } });
    expect(
      (await call('GET', `/api/devices/${sensor.uuid}/commissioning`, staff))
        .json()
        .events.filter((event: { event: string }) => event.event === 'REQUESTED_PARAM'),
    ).toHaveLength(1);
    // Nothing more to send: the next bidirectional callback gets 204.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const next = await ingest('/api/ingest/sigfox', ingestTokens.sigfox, { ...uplink, seqNumber: 10, ack: true });
    expect(next.statusCode).toBe(204);
    expect((await device(sensor.uuid)).parameters.status).toBe('CONFIRMED');
    const events = (await call('GET', `/api/devices/${sensor.uuid}/commissioning`, staff)).json().events;
    expect(events.map((event: { event: string }) => event.event).slice(-2)).toEqual(['REQUESTED_PARAM', 'OK']);
  });

  it('stores a ChirpStack v4 uplink (the documentation example) and keeps an undecodable frame raw', async () => {
    const up = {
      deduplicationId: '3ac7e3c4-4401-4b8d-9386-a5c902f9202d',
      time: '2022-07-18T09:34:15.775023242+00:00',
      deviceInfo: {
        tenantId: '52f14cd4-c6f1-4fbd-8f87-4025e1d49242',
        tenantName: 'ChirpStack',
        applicationId: '17c82e96-be03-4f38-aef3-f83d48582d97',
        applicationName: 'Test application',
        deviceProfileId: '14855bf7-d10d-4aee-b618-ebfcb64dc7ad',
        deviceProfileName: 'Test device-profile',
        deviceName: 'Test device',
        devEui: '0101010101010101',
      },
      devAddr: '00189440',
      dr: 1,
      fPort: 1,
      data: CAYENNE_EXAMPLE_BASE64,
      fCnt: 10,
      rxInfo: [{ gatewayId: '0016c001f153a14c', rssi: -57, snr: 10, context: 'EFwMtA==' }],
      txInfo: { frequency: 868100000, modulation: { lora: { bandwidth: 125000, spreadingFactor: 11 } } },
    };
    const url = '/api/ingest/lora/chirpstack?event=up';
    expect((await ingest(url, ingestTokens.chirpstack, up)).statusCode).toBe(204);
    expect((await ingest(url, ingestTokens.chirpstack, up)).statusCode).toBe(204);
    const updated = await device(lpp.uuid);
    expect(updated.signalValues.temperature_3?.value).toBeCloseTo(27.2);
    expect(updated.signalValues.temperature_5?.value).toBeCloseTo(25.5);
    expect(await count('readings', lpp.uuid)).toBe(2);
    const join = await ingest('/api/ingest/lora/chirpstack?event=join', ingestTokens.chirpstack, {
      deduplicationId: 'c9dbe358-2578-4fb7-b295-66b44edc45a6',
      time: '2022-07-18T09:33:28.823500726+00:00',
      deviceInfo: up.deviceInfo,
      devAddr: '00189440',
    });
    expect(join.statusCode).toBe(204);
    const truncated = await ingest(url, ingestTokens.chirpstack, { ...up, fCnt: 11, data: 'A2c=' });
    expect(truncated.statusCode).toBe(204);
    const frames = await call('GET', `/api/devices/${lpp.uuid}/frames`, tokens.viewer);
    expect(frames.json().frames).toEqual([
      { date: new Date('2022-07-18T09:34:15.775Z').toISOString(), data: '0367', port: 1, error: 'decode.truncated' },
    ]);
  });

  it('queues waiting parameters on ChirpStack and on The Things Stack, and confirms them', async () => {
    const meter = (await call('POST', '/api/devices', staff, {
      businessId: nodes.Plant,
      deviceType: 'water-meter-lora',
      loraEUI: '70B3D57ED005E7A1',
    })) as { json(): Device };
    const { uuid, version } = meter.json();
    const set = await call('PATCH', `/api/devices/${uuid}/parameters`, tokens.admin, { version, values: {} });
    expect(set.statusCode).toBe(200);
    const { downlinkData, port } = (await call('GET', `/api/devices/${uuid}/downlink`, staff)).json();
    const ttnUplink = {
      end_device_ids: {
        device_id: 'wm-1',
        application_ids: { application_id: 'water' },
        dev_eui: '70B3D57ED005E7A1',
        join_eui: '0000000000000000',
        dev_addr: '260B1234',
      },
      correlation_ids: ['as:up:01H0'],
      received_at: '2026-11-22T10:00:00.123Z',
      uplink_message: {
        session_key_id: 'AYa8',
        f_port: 3,
        frm_payload: Buffer.from('003c000a0014', 'hex').toString('base64'),
        rx_metadata: [{ gateway_ids: { gateway_id: 'gw' }, rssi: -112, channel_rssi: -112, snr: -4.5 }],
        settings: { data_rate: { lora: { bandwidth: 125000, spreading_factor: 7 } }, frequency: '868300000' },
        received_at: '2026-11-22T10:00:00.100Z',
      },
    };
    expect((await ingest('/api/ingest/lora/ttn', ingestTokens.ttn, ttnUplink)).statusCode).toBe(204);
    await until(async () => networkServer.received.length === 1 && (await device(uuid)).parameters.status === 'SENT');
    expect(networkServer.received[0]).toEqual({
      url: '/api/v3/as/applications/water/webhooks/platform/devices/wm-1/down/push',
      authorization: 'Bearer NNSXS.key',
      body: {
        downlinks: [
          {
            frm_payload: Buffer.from(downlinkData, 'hex').toString('base64'),
            f_port: port,
            priority: 'NORMAL',
            confirmed: true,
            correlation_ids: [expect.stringMatching(/^platform:downlink:[0-9a-f-]{36}$/)],
          },
        ],
      },
    });
    const ack = { deviceInfo: { devEui: '70b3d57ed005e7a1' }, acknowledged: true, fCntDown: 3 };
    expect((await ingest('/api/ingest/lora/chirpstack?event=ack', ingestTokens.chirpstack, ack)).statusCode).toBe(204);
    expect((await device(uuid)).parameters.status).toBe('CONFIRMED');

    // Heard through ChirpStack since, the device's new parameters are queued there at once, before any uplink.
    const chirpstackUp = {
      deviceInfo: { devEui: '70b3d57ed005e7a1' },
      fCnt: 2,
      fPort: 3,
      data: Buffer.from('003c000a0014', 'hex').toString('base64'),
      rxInfo: [{ rssi: -80, snr: 7 }],
    };
    expect(
      (await ingest('/api/ingest/lora/chirpstack?event=up', ingestTokens.chirpstack, chirpstackUp)).statusCode,
    ).toBe(204);
    await until(async () => {
      const route = await t.db
        .selectFrom('loraDeviceRoutes')
        .select('integrationId')
        .where('deviceId', '=', uuid)
        .executeTakeFirst();
      return route !== undefined && route.integrationId !== (await integrationId('ttn'));
    });
    expect(networkServer.received).toHaveLength(1);
    const again = await call('PATCH', `/api/devices/${uuid}/parameters`, tokens.admin, {
      version: (await device(uuid)).version,
      values: {},
    });
    expect(again.statusCode).toBe(200);
    await until(() => networkServer.received.length === 2);
    expect((await device(uuid)).parameters.status).toBe('SENT');
    expect(networkServer.received[1]).toMatchObject({
      url: '/api/devices/70b3d57ed005e7a1/queue',
      authorization: 'Bearer chirpstack-key',
      body: { queueItem: { confirmed: true, fPort: port } },
    });
  });

  it('keeps parameters waiting for a LoRa device heard through an integration without a network server', async () => {
    const meter = (
      await call('POST', '/api/devices', staff, {
        businessId: nodes.Plant,
        deviceType: 'water-meter-lora',
        loraEUI: '70B3D57ED005E7B2',
      })
    ).json() as Device;
    const set = await call('PATCH', `/api/devices/${meter.uuid}/parameters`, tokens.admin, {
      version: meter.version,
      values: {},
    });
    expect(set.statusCode).toBe(200);
    const created = await call('POST', `${BUSINESSES}/${nodes.Acme}/integrations`, tokens.admin, {
      network: 'ttn',
      name: 'Acme TTN without a server',
    });
    const uplink = {
      end_device_ids: { device_id: 'wm-2', application_ids: { application_id: 'water' }, dev_eui: '70B3D57ED005E7B2' },
      uplink_message: { f_port: 3, f_cnt: 1, frm_payload: Buffer.from('003c000a0014', 'hex').toString('base64') },
    };
    const received = networkServer.received.length;
    expect((await ingest('/api/ingest/lora/ttn', created.json().token, uplink)).statusCode).toBe(204);
    expect((await device(meter.uuid)).parameters.status).toBe('WAITING');
    expect(networkServer.received).toHaveLength(received);
  });

  it("reads ChirpStack's own decoding when it names the type's signals, else the codec decodes the frame kept", async () => {
    const node = (
      await call('POST', '/api/devices', staff, {
        businessId: nodes.Plant,
        deviceType: 'cayenne-lpp',
        loraEUI: '0202020202020202',
      })
    ).json() as Device;
    const start = Date.parse('2026-01-05T10:00:00.000Z');
    const up = (fCnt: number, object: object) =>
      ingest('/api/ingest/lora/chirpstack?event=up', ingestTokens.chirpstack, {
        deviceInfo: { devEui: '0202020202020202' },
        time: new Date(start + fCnt * 60_000).toISOString(),
        fCnt,
        fPort: 1,
        data: CAYENNE_EXAMPLE_BASE64,
        object,
      });
    // A ChirpStack codec that names values its own way: the type's codec decodes the frame instead.
    expect((await up(1, { temperature3: 27.2, temperature5: 25.5, unit: 'C' })).statusCode).toBe(204);
    // Names of the type's signals: ChirpStack's values are the readings.
    expect((await up(2, { temperature_3: 30.5 })).statusCode).toBe(204);
    // ChirpStack's own Cayenne LPP codec nests values by channel: no signal takes those, so the codec decodes.
    expect((await up(3, { temperatureSensor: { '3': 27.2, '5': 25.5 } })).statusCode).toBe(204);
    const temperatures = async () =>
      (
        await call(
          'GET',
          `/api/devices/${node.uuid}/readings?signals=temperature_3,temperature_5&from=${start}&to=${start + 600_000}`,
          staff,
        )
      )
        .json()
        .signals.map((signal: { readings: { value: number }[] }) => signal.readings.map((reading) => reading.value));
    expect(await temperatures()).toEqual([
      [27.2, 30.5, 27.2],
      [25.5, 25.5],
    ]);
    expect(await count('undecodedFrames', node.uuid)).toBe(0);
    // Each message keeps the frame's bytes, and ChirpStack's values when a signal could take them.
    const kept = await t.db
      .selectFrom('receivedMessages')
      .select(['kind', 'data', 'port'])
      .where('deviceKey', '=', await keyOf(node.uuid))
      .orderBy('date')
      .execute();
    const bytes = Buffer.from(CAYENNE_EXAMPLE_BASE64, 'base64').toString('hex');
    expect(kept.map((message) => [message.kind, message.port])).toEqual([
      ['decoded-frame', 1],
      ['decoded-frame', 1],
      ['frame', 1],
    ]);
    expect(JSON.parse(kept[1]?.data ?? '')).toEqual({ bytes, values: { temperature_3: 30.5 } });
    expect(kept[2]?.data).toBe(bytes);

    // Decoded again, each message gives what it gave.
    const reprocessed = await call('POST', '/api/devices/advanced/reprocess-received-data', tokens.admin, {
      deviceUUID: node.uuid,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 600_000).toISOString(),
    });
    expect(reprocessed.json()).toEqual({ messages: 3, readings: 5, undecoded: 0, conditionEvents: 0 });
    expect(await temperatures()).toEqual([
      [27.2, 30.5, 27.2],
      [25.5, 25.5],
    ]);
  });

  it("reads The Things Stack payload formatter's decoding when it names the type's signals, else the codec decodes", async () => {
    const node = (
      await call('POST', '/api/devices', staff, {
        businessId: nodes.Plant,
        deviceType: 'cayenne-lpp',
        loraEUI: '0303030303030303',
      })
    ).json() as Device;
    const start = Date.parse('2026-01-06T10:00:00.000Z');
    const up = (fCnt: number, decoded: object) =>
      ingest('/api/ingest/lora/ttn', ingestTokens.ttn, {
        end_device_ids: {
          device_id: 'lpp-3',
          application_ids: { application_id: 'sensors' },
          dev_eui: '0303030303030303',
        },
        uplink_message: {
          f_cnt: fCnt,
          f_port: 1,
          frm_payload: CAYENNE_EXAMPLE_BASE64,
          decoded_payload: decoded,
          received_at: new Date(start + fCnt * 60_000).toISOString(),
        },
      });
    expect((await up(1, { temperature_3: 31.5 })).statusCode).toBe(204);
    // The Things Stack's own Cayenne LPP formatter names values by type and channel its own way.
    expect((await up(2, { temperature_3_celsius: 27.2 })).statusCode).toBe(204);
    const readings = (
      await call(
        'GET',
        `/api/devices/${node.uuid}/readings?signals=temperature_3&from=${start}&to=${start + 600_000}`,
        staff,
      )
    ).json().signals[0].readings as { value: number }[];
    // Newest first: the codec's reading of the second frame, then the formatter's values of the first.
    expect(readings.map((reading) => reading.value)).toEqual([27.2, 31.5]);
  });

  it("confirms LoRa parameters on ChirpStack's word, not on the next uplink, and sends them again when not acknowledged", async () => {
    const meter = await waitingMeter('70B3D57ED005E7E5');
    const live = watchLive(meter.uuid);
    const deviceInfo = { devEui: '70b3d57ed005e7e5' };
    const up = async (fCnt: number) => {
      const answer = await ingest('/api/ingest/lora/chirpstack?event=up', ingestTokens.chirpstack, {
        deviceInfo,
        fCnt,
        fPort: 3,
        data: METER_CONFIGURATION_BASE64,
        rxInfo: [{ rssi: -80, snr: 7 }],
      });
      expect(answer.statusCode).toBe(204);
    };
    const queueItems = () =>
      networkServer.received.flatMap((request, index) =>
        request.url === '/api/devices/70b3d57ed005e7e5/queue' ? [`queue-${index + 1}`] : [],
      );
    const queued = () => queueItems().length;
    /** ChirpStack's word on a queue item: the one queued last unless told. */
    const report = async (event: 'ack' | 'txack', body: object, queueItemId = queueItems().at(-1)) => {
      const answer = await ingest(`/api/ingest/lora/chirpstack?event=${event}`, ingestTokens.chirpstack, {
        deviceInfo,
        queueItemId,
        ...body,
      });
      expect(answer.statusCode).toBe(204);
    };
    const status = async () => (await device(meter.uuid)).parameters.status;

    // The network server holds the downlink a moment before the server stores it as SENT: wait for both.
    await up(1);
    await until(async () => queued() === 1 && (await status()) === 'SENT');
    // The downlink goes out in the receive window after the next uplink: that uplink confirms nothing.
    await up(2);
    expect(await status()).toBe('SENT');
    await report('txack', { fCntDown: 4 });
    expect(await status()).toBe('CONFIRMED');
    // The device never acknowledged it: the parameters wait for the next uplink, and go again with it.
    await report('ack', { acknowledged: false, fCntDown: 4 });
    expect(await status()).toBe('WAITING');
    await up(3);
    await until(async () => queued() === 2 && (await status()) === 'SENT');
    // A late word on the first downlink says nothing of the one now queued.
    const [first] = queueItems();
    await report('txack', { fCntDown: 4 }, first);
    await report('ack', { acknowledged: true, fCntDown: 4 }, first);
    expect(await status()).toBe('SENT');
    await report('ack', { acknowledged: true, fCntDown: 5 });
    expect(await status()).toBe('CONFIRMED');
    // A late word on a downlink already confirmed changes nothing.
    await report('txack', { fCntDown: 5 });
    expect(queued()).toBe(2);

    expect((await commissioningOf(meter.uuid)).slice(-4)).toEqual(['REQUESTED_PARAM', 'OK', 'REQUESTED_PARAM', 'OK']);
    await until(() => live.statuses().length === 5 && live.commissioning().filter((e) => e === 'OK').length === 2);
    expect(live.statuses()).toEqual(['SENT', 'CONFIRMED', 'WAITING', 'SENT', 'CONFIRMED']);
    live.stop();
  });

  it('keeps an uplink without application data as a sign of life, not as a frame that could not be decoded', async () => {
    const meter = (
      await call('POST', '/api/devices', staff, {
        businessId: nodes.Plant,
        deviceType: 'water-meter-lora',
        loraEUI: '70B3D57ED005E7EA',
      })
    ).json() as Device;
    const up = (body: object) =>
      ingest('/api/ingest/lora/chirpstack?event=up', ingestTokens.chirpstack, {
        deviceInfo: { devEui: '70b3d57ed005e7ea' },
        rxInfo: [{ rssi: -90, snr: 5 }],
        ...body,
      });
    expect((await up({ fCnt: 1, fPort: 0 })).statusCode).toBe(204);
    expect((await up({ fCnt: 2 })).statusCode).toBe(204);
    expect((await up({ fCnt: 3, fPort: 0, data: Buffer.from('0203', 'hex').toString('base64') })).statusCode).toBe(204);
    expect(await count('undecodedFrames', meter.uuid)).toBe(0);
    expect(await count('readings', meter.uuid)).toBe(0);
    expect((await device(meter.uuid)).lastSeenAt).not.toBeNull();
  });

  it('takes any word on a downlink ChirpStack queued without naming it, even after one it named', async () => {
    const meter = await waitingMeter('70B3D57ED005E7E9');
    const deviceInfo = { devEui: '70b3d57ed005e7e9' };
    const queue = '/api/devices/70b3d57ed005e7e9/queue';
    const queued = () => networkServer.received.filter((request) => request.url === queue).length;
    const up = async (fCnt: number) =>
      expect(
        (
          await ingest('/api/ingest/lora/chirpstack?event=up', ingestTokens.chirpstack, {
            deviceInfo,
            fCnt,
            fPort: 3,
            data: METER_CONFIGURATION_BASE64,
          })
        ).statusCode,
      ).toBe(204);
    const nack = () =>
      ingest('/api/ingest/lora/chirpstack?event=ack', ingestTokens.chirpstack, {
        deviceInfo,
        queueItemId: 'not-known-here',
        acknowledged: false,
      });
    const status = async () => (await device(meter.uuid)).parameters.status;

    // The network server holds the downlink a moment before the server stores it as SENT: wait for both.
    await up(1);
    await until(async () => queued() === 1 && (await status()) === 'SENT');
    // A word on another queue item than the one named is left.
    expect((await nack()).statusCode).toBe(204);
    expect(await status()).toBe('SENT');
    networkServer.nameless.add(queue);
    await ingest('/api/ingest/lora/chirpstack?event=ack', ingestTokens.chirpstack, {
      deviceInfo,
      queueItemId: `queue-${networkServer.received.findIndex((request) => request.url === queue) + 1}`,
      acknowledged: false,
    });
    expect(await status()).toBe('WAITING');
    await up(2);
    await until(async () => queued() === 2 && (await status()) === 'SENT');
    // Queued without a name: the word cannot be matched, so it counts.
    expect((await nack()).statusCode).toBe(204);
    expect(await status()).toBe('WAITING');
  });

  it("confirms LoRa parameters on The Things Stack's downlink ack, and sends them again after a nack or a failure", async () => {
    const meter = await waitingMeter('70B3D57ED005E7F6');
    const live = watchLive(meter.uuid);
    const ids = {
      device_id: 'eui-70b3d57ed005e7f6',
      application_ids: { application_id: 'water' },
      dev_eui: '70B3D57ED005E7F6',
      join_eui: '0000000000000000',
    };
    const downlink = { f_port: 3, f_cnt: 2, frm_payload: 'AQI=', confirmed: true, priority: 'NORMAL' };
    const send = async (message: object, endDeviceIds: object = ids) => {
      const answer = await ingest('/api/ingest/lora/ttn', ingestTokens.ttn, {
        end_device_ids: endDeviceIds,
        correlation_ids: ['as:up:01H0'],
        received_at: '2026-01-06T10:00:00.000Z',
        ...message,
      });
      expect(answer.statusCode).toBe(204);
    };
    const up = (fCnt: number) =>
      send({ uplink_message: { f_cnt: fCnt, f_port: 3, frm_payload: METER_CONFIGURATION_BASE64 } });
    const pushes = () =>
      networkServer.received.filter(
        (request) =>
          request.url === '/api/v3/as/applications/water/webhooks/platform/devices/eui-70b3d57ed005e7f6/down/push',
      );
    const pushed = () => pushes().length;
    const pushedCorrelationIds = () =>
      pushes().map(
        (request) => (request.body as { downlinks: { correlation_ids: string[] }[] }).downlinks[0]?.correlation_ids[0],
      );
    const status = async () => (await device(meter.uuid)).parameters.status;

    // The network server holds the downlink a moment before the server stores it as SENT: wait for both.
    await up(1);
    await until(async () => pushed() === 1 && (await status()) === 'SENT');
    await up(2);
    // Messages that say nothing of the downlink's fate are answered and left.
    await send({ downlink_sent: downlink });
    expect(await status()).toBe('SENT');
    await send({ downlink_nack: downlink });
    expect(await status()).toBe('WAITING');
    await up(3);
    await until(async () => pushed() === 2 && (await status()) === 'SENT');
    // As The Things Stack sends it: the device's ids without its DevEUI.
    await send(
      {
        downlink_failed: {
          downlink,
          error: { namespace: 'pkg/networkserver', name: 'application_downlink_too_long', code: 3 },
        },
      },
      { device_id: ids.device_id, application_ids: ids.application_ids },
    );
    expect(await status()).toBe('WAITING');
    await up(4);
    await until(async () => pushed() === 3 && (await status()) === 'SENT');
    // The Things Stack names each downlink by the correlation id it was pushed with: a late nack of the first one
    // says nothing of the one now queued.
    const [first, , third] = pushedCorrelationIds();
    await send({ downlink_nack: { ...downlink, correlation_ids: ['as:downlink:01H1', first] } });
    expect(await status()).toBe('SENT');
    await send({ downlink_ack: { ...downlink, correlation_ids: ['as:downlink:01H2', third] } });
    expect(await status()).toBe('CONFIRMED');

    const events = await commissioningOf(meter.uuid);
    expect(events.filter((event) => event === 'REQUESTED_PARAM' || event === 'OK')).toEqual([
      'REQUESTED_PARAM',
      'REQUESTED_PARAM',
      'REQUESTED_PARAM',
      'OK',
    ]);
    await until(() => live.statuses().length === 6);
    expect(live.statuses()).toEqual(['SENT', 'WAITING', 'SENT', 'WAITING', 'SENT', 'CONFIRMED']);
    live.stop();
  });

  it('puts parameters back to waiting, live, when the network server does not take their downlink', async () => {
    networkServer.refusing.add('70b3d57ed005e7a8');
    const meter = await waitingMeter('70B3D57ED005E7A8');
    const live = watchLive(meter.uuid);
    const answer = await ingest('/api/ingest/lora/chirpstack?event=up', ingestTokens.chirpstack, {
      deviceInfo: { devEui: '70b3d57ed005e7a8' },
      fCnt: 1,
      fPort: 3,
      data: METER_CONFIGURATION_BASE64,
    });
    expect(answer.statusCode).toBe(204);
    await until(() => live.statuses().length === 2);
    expect(live.statuses()).toEqual(['SENT', 'WAITING']);
    expect((await device(meter.uuid)).parameters.status).toBe('WAITING');
    live.stop();
  });

  it('records a parameterization timeout once per wait', async () => {
    const { uuid, version } = await device(tracker.uuid);
    expect(
      (await call('PATCH', `/api/devices/${uuid}/parameters`, tokens.admin, { version, values: {} })).statusCode,
    ).toBe(200);
    const timeoutsOf = async () =>
      ((await call('GET', `/api/devices/${uuid}/commissioning`, staff)).json().events as { event: string }[]).filter(
        (event) => event.event === 'REQUESTED_PARAM_TIMEOUT',
      ).length;
    await t.services.commissioningTimeouts.check();
    expect(await timeoutsOf()).toBe(0);
    const dayAndMore = Date.now() - 25 * 60 * 60 * 1000;
    await t.db.updateTable('devices').set({ parametersStatusAt: dayAndMore }).where('id', '=', uuid).execute();
    await t.services.commissioningTimeouts.check();
    await t.services.commissioningTimeouts.check();
    expect(await timeoutsOf()).toBe(1);
  });

  it('takes JSON messages one at a time or in batches, each stored once', async () => {
    const single = await ingest('/api/ingest/http', ingestTokens.http, {
      device: tracker.uuid,
      seq: 1,
      ts: 1_763_800_000_000,
      values: { battery: 80 },
    });
    expect(single.json()).toEqual({ stored: 1, duplicates: 0 });
    const batch = Array.from({ length: 100 }, (_, index) => ({
      device: tracker.uuid,
      seq: index + 1,
      ts: 1_763_800_000_000 + index * 1000,
      values: { battery: 80 - index / 10 },
    }));
    const answered = await ingest('/api/ingest/http', ingestTokens.http, batch);
    expect(answered.json()).toEqual({ stored: 99, duplicates: 1 });
    expect(await count('readings', tracker.uuid)).toBe(100);
    expect((await device(tracker.uuid)).signalValues.battery?.value).toBeCloseTo(70.1);
    const unknownSignal = await ingest('/api/ingest/http', ingestTokens.http, {
      device: tracker.uuid,
      seq: 500,
      values: { pressure: 3 },
    });
    expect(unknownSignal.json()).toEqual({ stored: 1, duplicates: 0 });
    const frames = (await call('GET', `/api/devices/${tracker.uuid}/frames`, staff)).json().frames;
    expect(frames[0]).toMatchObject({ error: 'ingest.unknown_signal', data: '{"pressure":3}' });
    // A frame for the device type's codec, with its port; this one is too short to decode, and is kept as it came.
    const frame = await ingest('/api/ingest/http', ingestTokens.http, [
      { device: tracker.uuid, seq: 501, data: '0a', port: 2 },
    ]);
    expect(frame.json()).toEqual({ stored: 1, duplicates: 0 });
    const kept = (await call('GET', `/api/devices/${tracker.uuid}/frames`, staff)).json().frames;
    expect(kept[0]).toMatchObject({ data: '0a', port: 2 });
  });

  it('stores nothing of a batch that fails while it is stored, so that the message sent again is stored once', async () => {
    const message = { device: tracker.uuid, seq: 7_000, ts: 1_763_900_000_000, values: { battery: 42 } };
    const readingsBefore = await count('readings', tracker.uuid);
    const before = await device(tracker.uuid);
    // The readings' insert fails, after the batch claimed its counter and kept the message as received.
    if (kind === 'sqlite') {
      await sql`create trigger full_disk before insert on readings begin select raise(abort, 'disk full'); end`.execute(
        t.db,
      );
    } else {
      await sql`create function full_disk() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`.execute(
        t.db,
      );
      await sql`create trigger full_disk before insert on readings for each row execute function full_disk()`.execute(
        t.db,
      );
    }
    try {
      expect((await ingest('/api/ingest/http', ingestTokens.http, message)).statusCode).toBe(500);
    } finally {
      await sql`drop trigger full_disk${kind === 'postgres' ? sql` on readings` : sql``}`.execute(t.db);
      if (kind === 'postgres') await sql`drop function full_disk()`.execute(t.db);
    }
    expect(await count('readings', tracker.uuid)).toBe(readingsBefore);
    expect((await device(tracker.uuid)).signalValues).toEqual(before.signalValues);
    const counters = await t.db
      .selectFrom('uplinkCounters')
      .innerJoin('devices', 'devices.key', 'uplinkCounters.deviceKey')
      .select('uplinkCounters.counter')
      .where('devices.id', '=', tracker.uuid)
      .where('uplinkCounters.counter', '=', 7_000)
      .execute();
    expect(counters).toEqual([]);
    expect((await ingest('/api/ingest/http', ingestTokens.http, message)).json()).toEqual({ stored: 1, duplicates: 0 });
    expect(await count('readings', tracker.uuid)).toBe(readingsBefore + 1);
    expect((await device(tracker.uuid)).signalValues.battery?.value).toBe(42);
  });

  it('dates a message at its arrival when its own date is in the future or before 2000, and keeps values of the wrong kind raw', async () => {
    const van = (
      await call('POST', '/api/devices', staff, {
        businessId: nodes.Plant,
        deviceType: 'gps-tracker',
        IMEI: '353879234252724',
      })
    ).json() as Device;
    const post = (message: object) => ingest('/api/ingest/http', ingestTokens.http, { device: van.uuid, ...message });
    const battery = async () => (await device(van.uuid)).signalValues.battery;
    const before = Date.now();
    // A clock ten years ahead, then one never set: both are dated on arrival, so a later reading still takes over.
    expect((await post({ seq: 1, ts: before + 10 * 365 * 86_400_000, values: { battery: 66 } })).json().stored).toBe(1);
    expect(Date.parse((await battery())?.date ?? '')).toBeLessThan(Date.now() + 1_000);
    expect((await post({ seq: 2, ts: 1_000, values: { battery: 65 } })).json().stored).toBe(1);
    expect(Date.parse((await battery())?.date ?? '')).toBeGreaterThanOrEqual(before);
    expect((await post({ seq: 3, values: { battery: 64 } })).json().stored).toBe(1);
    expect((await battery())?.value).toBe(64);
    expect(Date.parse((await device(van.uuid)).lastSeenAt ?? '')).toBeLessThan(Date.now() + 1_000);
    // A value of another kind than its signal's is kept raw, marked, and changes no latest value.
    expect((await post({ seq: 4, values: { battery: 'full', moving: true } })).json().stored).toBe(1);
    expect((await battery())?.value).toBe(64);
    const frames = (await call('GET', `/api/devices/${van.uuid}/frames`, staff)).json().frames;
    expect(frames[0]).toMatchObject({ error: 'ingest.invalid_value', data: '{"battery":"full","moving":true}' });
    // The same counter and values at a later date of the device's own: a new reading, not a resend.
    const at = Date.now() - 60_000;
    expect((await post({ seq: 9, ts: at, values: { battery: 60 } })).json()).toEqual({ stored: 1, duplicates: 0 });
    expect((await post({ seq: 9, ts: at, values: { battery: 60 } })).json()).toEqual({ stored: 0, duplicates: 1 });
    expect((await post({ seq: 9, ts: at + 30_000, values: { battery: 60 } })).json()).toEqual({
      stored: 1,
      duplicates: 0,
    });
  });

  it("keeps a Sigfox device's outputs unsent, and a Wi-Fi or cellular device's whose delivery failed for its next uplink", async () => {
    const create = async (payload: object) =>
      (await call('POST', '/api/devices', staff, { businessId: nodes.Plant, ...payload })).json() as Device;
    const cellular = await create({ deviceType: 'gps-tracker', IMEI: '353879234252716' });
    const sigfox = await create({ deviceType: 'th-sensor-sigfox', sigfoxID: '5E7F01' });
    const relayOf = async (uuid: string) =>
      (await call('GET', `/api/devices/${uuid}/outputs`, tokens.viewer)).json().outputs[0] as DeviceOutput;
    for (const { uuid, version } of [cellular, sigfox]) {
      const set = await call('PATCH', `/api/devices/${uuid}/outputs`, tokens.admin, {
        version,
        define: [{ key: 'relay', name: 'Relay' }],
        set: { relay: true },
      });
      expect(set.statusCode, set.body).toBe(200);
    }
    const sent: { deviceId: string; message: unknown }[] = [];
    let failing = true;
    t.services.ingest.setIpDownlinkSender(async (deviceId, message) => {
      sent.push({ deviceId, message });
      if (failing) throw new Error('broker unreachable');
    });

    // No codec encodes outputs: a Sigfox device gets none, even from a bidirectional callback.
    for (const seqNumber of [1, 2]) {
      const uplink = { device: '5E7F01', time: 1_700_000_000 + seqNumber, data: TH_FRAME, seqNumber, ack: true };
      expect((await ingest('/api/ingest/sigfox', ingestTokens.sigfox, uplink)).statusCode).toBe(204);
    }
    expect(await relayOf(sigfox.uuid)).toMatchObject({ value: true, lastSent: null, lastConfirmed: null });

    const uplink = (seq: number) =>
      ingest('/api/ingest/http', ingestTokens.http, { device: cellular.uuid, seq, values: { battery: 80 } });
    expect((await uplink(1)).json()).toEqual({ stored: 1, duplicates: 0 });
    // Marked sent with the batch, then taken back once the delivery failed.
    await until(async () => sent.length === 1 && (await relayOf(cellular.uuid)).lastSent === null);
    expect(sent).toEqual([{ deviceId: cellular.uuid, message: { outputs: { relay: true } } }]);

    failing = false;
    await uplink(2);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({ deviceId: cellular.uuid, message: { outputs: { relay: true } } });
    const delivered = await relayOf(cellular.uuid);
    expect(delivered).toMatchObject({ lastSent: expect.any(String), lastConfirmed: null });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await uplink(3);
    expect(sent).toHaveLength(2);
    expect(await relayOf(cellular.uuid)).toMatchObject({
      lastSent: delivered.lastSent,
      lastConfirmed: expect.any(String),
    });
  });

  it("records each edge of a device's alarm conditions once, in order, and none while its alarms are inhibited", async () => {
    const watched = (
      await call('POST', '/api/devices', staff, {
        businessId: nodes.Plant,
        deviceType: 'gps-tracker',
        IMEI: '353879234252633',
      })
    ).json() as Device;
    const alarms = async (change: object) => {
      const { version } = (await call('GET', `/api/devices/${watched.uuid}/alarms`, staff)).json();
      expect(
        (await call('PATCH', `/api/devices/${watched.uuid}/alarms`, staff, { version, ...change })).statusCode,
      ).toBe(200);
    };
    await alarms({ rules: [{ signal: 'battery', condition: 'below', threshold: 20, hysteresis: 5 }] });
    const send = (seq: number, values: object) =>
      ingest('/api/ingest/http', ingestTokens.http, { device: watched.uuid, seq, ts: 1_763_900_000_000 + seq, values });
    // 15 crosses the threshold, 18 is within the hysteresis (still low), 26 is back; seq 2 again is a duplicate.
    for (const [seq, battery] of [
      [1, 50],
      [2, 15],
      [2, 15],
      [3, 18],
      [4, 26],
    ] as const) {
      await send(seq, { battery });
    }
    await send(5, { sos: true });
    const edges = async () =>
      (
        await t.db
          .selectFrom('conditionEvents')
          .select(['conditionKey', 'kind', 'raised', 'value', 'date'])
          .where('deviceId', '=', watched.uuid)
          .orderBy('id')
          .execute()
      ).map((edge) => ({ ...edge, raised: Number(edge.raised), date: Number(edge.date) }));
    expect(await edges()).toEqual([
      { conditionKey: 'rule:battery:below:20', kind: 'value', raised: 1, value: '15', date: 1_763_900_000_002 },
      { conditionKey: 'rule:battery:below:20', kind: 'value', raised: 0, value: '26', date: 1_763_900_000_004 },
      { conditionKey: 'sos', kind: 'alarm', raised: 1, value: 'true', date: 1_763_900_000_005 },
    ]);
    const conditions = async () =>
      JSON.parse(
        (
          await t.db
            .selectFrom('devices')
            .select('alarmConditions')
            .where('id', '=', watched.uuid)
            .executeTakeFirstOrThrow()
        ).alarmConditions,
      );
    expect(await conditions()).toEqual({ sos: true });

    await alarms({ inhibited: true });
    await send(6, { sos: false, battery: 10 });
    expect(await edges()).toHaveLength(3);
    expect(await conditions()).toEqual({ 'rule:battery:below:20': true });
  });

  it("decodes a device's messages again as its calibration and rules are now, running the actions when asked", async () => {
    const van = (
      await call('POST', '/api/devices', staff, {
        businessId: nodes.Plant,
        deviceType: 'gps-tracker',
        IMEI: '353879234252674',
      })
    ).json() as Device;
    const start = 1_764_000_000_000;
    for (const [seq, battery] of [
      [1, 50],
      [2, 15],
      [3, 60],
    ] as const) {
      await ingest('/api/ingest/http', ingestTokens.http, {
        device: van.uuid,
        seq,
        ts: start + seq,
        values: { battery },
      });
    }
    // Later the battery is found to read half what it is, and an alarm rule is added: neither changes what was stored.
    const calibrated = await call('POST', '/api/devices/advanced/update-calibration-data', staff, {
      devices: [{ deviceUUID: van.uuid, calibration: { battery: { factor: 2, offset: 0 } } }],
    });
    expect(calibrated.statusCode).toBeLessThan(300);
    const { version } = (await call('GET', `/api/devices/${van.uuid}/alarms`, staff)).json();
    await call('PATCH', `/api/devices/${van.uuid}/alarms`, staff, {
      version,
      rules: [{ signal: 'battery', condition: 'below', threshold: 40, hysteresis: 0 }],
    });
    const range = {
      deviceUUID: van.uuid,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 10).toISOString(),
    };
    const reprocess = (token: string | undefined, body: object) =>
      call('POST', '/api/devices/advanced/reprocess-received-data', token, body);
    const quiet = await reprocess(tokens.admin, range);
    expect(quiet.json()).toEqual({ messages: 3, readings: 3, undecoded: 0, conditionEvents: 0 });
    const batteries = async () =>
      (await call('GET', `/api/devices/${van.uuid}/readings?signals=battery&from=${start}&to=${start + 10}`, staff))
        .json()
        .signals[0].readings.map((reading: { value: number }) => reading.value);
    expect(await batteries()).toEqual([120, 30, 100]);
    expect((await device(van.uuid)).signalValues.battery?.value).toBe(120);

    const again = await reprocess(tokens.admin, { ...range, runAllActions: true });
    expect(again.json()).toEqual({ messages: 3, readings: 3, undecoded: 0, conditionEvents: 2 });
    expect(await batteries()).toEqual([120, 30, 100]);
    const edges = await t.db
      .selectFrom('conditionEvents')
      .select(['raised', 'value'])
      .where('deviceId', '=', van.uuid)
      .orderBy('id')
      .execute();
    expect(edges.map((edge) => [Number(edge.raised), edge.value])).toEqual([
      [1, '30'],
      [0, '120'],
    ]);

    expect((await reprocess(tokens.viewer, range)).statusCode).toBe(403);
    expect((await reprocess(tokens.bravo, range)).statusCode).toBe(404);
    const backwards = await reprocess(tokens.admin, { ...range, endDate: new Date(start - 1).toISOString() });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields).toMatchObject({ endDate: expect.any(String) });
  });

  it('answers readings newest first, cut at the limit with the total and the cut-off date', async () => {
    const from = 1_763_800_000_000;
    const to = from + 99_000;
    const url = `/api/devices/${tracker.uuid}/readings?signals=battery,speed&from=${from}&to=${to}`;
    const all = (await call('GET', url, tokens.viewer)).json();
    expect(all.signals[0]).toMatchObject({ signal: 'battery', total: 100, truncated: false, cutoff: null });
    expect(all.signals[0].readings[0]).toEqual({ date: to, value: 70.1 });
    expect(all.signals[1]).toEqual({ signal: 'speed', readings: [], total: 0, truncated: false, cutoff: null });
    const cut = (await call('GET', `${url}&limit=10`, tokens.viewer)).json().signals[0];
    expect(cut).toMatchObject({ total: 100, truncated: true, cutoff: to - 9_000 });
    expect(cut.readings).toHaveLength(10);
    expect((await call('GET', `${url}&limit=0`, tokens.viewer)).statusCode).toBe(400);
    expect((await call('GET', `${url}&limit=10001`, tokens.viewer)).statusCode).toBe(400);
    const backwards = await call(
      'GET',
      `/api/devices/${tracker.uuid}/readings?signals=battery&from=${to}&to=${from}&lang=pt`,
      tokens.viewer,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields).toEqual({ from: expect.any(String) });
    expect((await call('GET', url, tokens.bravo)).statusCode).toBe(404);
    expect((await call('GET', url, undefined)).statusCode).toBe(401);

    // Speed readings among the battery ones: each signal cut is counted on its own.
    const deviceKey = await keyOf(tracker.uuid);
    await t.db
      .insertInto('readings')
      .values(
        Array.from({ length: 30 }, (_, index) => ({
          deviceKey,
          signal: 'speed',
          date: to - index * 3_000,
          value: '5',
        })),
      )
      .execute();
    const both = (await call('GET', `${url}&limit=10`, tokens.viewer)).json().signals;
    expect(both[0]).toMatchObject({ signal: 'battery', total: 100, truncated: true, cutoff: to - 9_000 });
    expect(both[1]).toMatchObject({ signal: 'speed', total: 30, truncated: true, cutoff: to - 27_000 });
    expect(both[1].readings).toHaveLength(10);
  });

  it('takes a counter seen again with other content for a device that restarted its count, not for a resend', async () => {
    const message = (battery: number) => ({ device: tracker.uuid, seq: 7_000_000, values: { battery } });
    const stored = () =>
      t.db
        .selectFrom('readings')
        .select('value')
        .where('date', '>', Date.now() - 60_000);
    const before = (await stored().execute()).length;
    expect((await ingest('/api/ingest/http', ingestTokens.http, message(61))).json()).toEqual({
      stored: 1,
      duplicates: 0,
    });
    // Resent (no date of its own: it is dated on arrival, a moment later), it is the same message.
    expect((await ingest('/api/ingest/http', ingestTokens.http, message(61))).json()).toEqual({
      stored: 0,
      duplicates: 1,
    });
    // The device rebooted and counts from where it once was: other content under the counter is a new message.
    expect((await ingest('/api/ingest/http', ingestTokens.http, message(62))).json()).toEqual({
      stored: 1,
      duplicates: 0,
    });
    expect((await ingest('/api/ingest/http', ingestTokens.http, message(62))).json()).toEqual({
      stored: 0,
      duplicates: 1,
    });
    expect((await stored().execute()).length - before).toBe(2);
  });

  it('tells new content from a resend under one counter within a single batch too', async () => {
    const message = (battery: number) => ({ device: tracker.uuid, seq: 7_100_000, values: { battery } });
    // A device that restarted its count, and a resend of its first message, all arriving together.
    expect(
      (await ingest('/api/ingest/http', ingestTokens.http, [message(71), message(72), message(71)])).json(),
    ).toEqual({ stored: 2, duplicates: 1 });
    // The counter keeps the first message's content: sending it again later is a resend.
    expect((await ingest('/api/ingest/http', ingestTokens.http, message(71))).json()).toEqual({
      stored: 0,
      duplicates: 1,
    });
  });

  it('streams live events only about devices the user may see', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const viewer = await openEvents(address, tokens.viewer ?? '');
    const bravo = await openEvents(address, tokens.bravo ?? '');
    const bravoIntegration = await call('POST', `${BUSINESSES}/${nodes.Bravo}/integrations`, tokens.bravo, {
      network: 'http',
      name: 'Bravo live',
    });
    await ingest('/api/ingest/http', ingestTokens.http, { device: tracker.uuid, seq: 9000, values: { battery: 55 } });
    await ingest('/api/ingest/http', bravoIntegration.json().token, {
      device: bravoTracker.uuid,
      seq: 1,
      values: { battery: 44 },
    });
    await until(() => viewer.events.length > 0 && bravo.events.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const readingsOf = (events: LiveEvent[]) => events.filter((event) => event.type === 'readings');
    expect(readingsOf(viewer.events).map((event) => event.deviceUUID)).toEqual([tracker.uuid]);
    expect(readingsOf(viewer.events)[0]).toMatchObject({ signalValues: { battery: { value: 55 } } });
    expect(readingsOf(bravo.events).map((event) => event.deviceUUID)).toEqual([bravoTracker.uuid]);
    viewer.close();
    bravo.close();
  });

  it('ends a live stream when its session ends, sending nothing more', async () => {
    const address = t.app.server.listening
      ? `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
      : await t.app.listen({ port: 0, host: '127.0.0.1' });
    const token = await t.userWith('streamer', PASSWORD, nodes.Plant ?? '', 'viewer');
    const stream = await openEvents(address, token);
    await ingest('/api/ingest/http', ingestTokens.http, { device: tracker.uuid, seq: 9050, values: { battery: 51 } });
    await until(() => stream.events.length > 0);
    const seen = stream.events.length;
    expect((await call('DELETE', '/api/auth/signin', token)).statusCode).toBe(200);
    await ingest('/api/ingest/http', ingestTokens.http, { device: tracker.uuid, seq: 9051, values: { battery: 52 } });
    await until(() => stream.ended());
    expect(stream.events).toHaveLength(seen);
  });

  it.runIf(kind === 'postgres')('relays live events to the streams of another server process', async () => {
    const database = openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
    const other = await buildApp({ config: t.config, database });
    try {
      const address = await other.app.listen({ port: 0, host: '127.0.0.1' });
      const viewer = await openEvents(address, tokens.viewer ?? '');
      await ingest('/api/ingest/http', ingestTokens.http, { device: tracker.uuid, seq: 9100, values: { battery: 33 } });
      await until(() => viewer.events.some((event) => event.type === 'readings'));
      expect(viewer.events.find((event) => event.type === 'readings')).toMatchObject({
        deviceUUID: tracker.uuid,
        signalValues: { battery: { value: 33 } },
      });
      viewer.close();
    } finally {
      await other.app.close();
      await database.close();
    }
  });

  it.runIf(kind === 'postgres')(
    'keeps every latest value when two server processes store one device at once',
    async () => {
      const database = openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
      const other = await buildApp({ config: t.config, database });
      const send = (app: typeof t.app, seq: number, values: Record<string, number>, ts: number) =>
        app.inject({
          method: 'POST',
          url: '/api/ingest/http',
          headers: { 'x-integration-token': ingestTokens.http ?? '' },
          payload: { device: tracker.uuid, seq, ts, values },
        });
      try {
        const start = Date.now();
        for (let round = 1; round <= 20; round++) {
          const answers = await Promise.all([
            send(t.app, 9200 + round, { speed: round }, start + round),
            send(other.app, 9300 + round, { heading: round }, start + round),
          ]);
          expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
          const { signalValues } = await device(tracker.uuid);
          expect([signalValues.speed?.value, signalValues.heading?.value], `round ${round}`).toEqual([round, round]);
        }
      } finally {
        await other.app.close();
        await database.close();
      }
    },
  );

  it.runIf(kind === 'postgres')(
    'stores an uplink while another transaction holds a row referring to its device',
    async () => {
      const other = new pg.Client({ connectionString: t.config.databaseUrl });
      await other.connect();
      try {
        // A row that refers to the device holds a key-share lock on it until its transaction ends (the alarm engine's
        // inserts do so for several devices at once).
        await other.query('begin');
        await other.query(
          `insert into commissioning_events (device_id, event, detail, date) values ($1, 'OK', null, $2)`,
          [tracker.uuid, Date.now()],
        );
        const answer = await Promise.race([
          t.app.inject({
            method: 'POST',
            url: '/api/ingest/http',
            headers: { 'x-integration-token': ingestTokens.http ?? '' },
            payload: { device: tracker.uuid, seq: 9400, values: { speed: 7 } },
          }),
          new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 3_000)),
        ]);
        expect(answer === 'waited' ? answer : answer.statusCode).toBe(200);
      } finally {
        await other.query('rollback');
        await other.end();
      }
    },
  );

  it('wipes what a device sent: readings, undecodable frames, commissioning and latest values', async () => {
    expect(await count('readings', lpp.uuid)).toBeGreaterThan(0);
    const wipe = await call('POST', '/api/devices/advanced/wipe-log-data', tokens.admin, { deviceUUID: lpp.uuid });
    expect(wipe.statusCode).toBeLessThan(300);
    for (const table of ['readings', 'undecodedFrames', 'commissioningEvents'] as const) {
      expect(await count(table, lpp.uuid), table).toBe(0);
    }
    expect((await device(lpp.uuid)).signalValues).toEqual({});
    expect(await count('readings', tracker.uuid)).toBeGreaterThan(0);
  });

  const createTracker = async (IMEI: string) =>
    (await (
      await call('POST', '/api/devices', staff, { businessId: nodes.Plant, deviceType: 'gps-tracker', IMEI })
    ).json()) as Device;
  const keyOf = async (uuid: string) =>
    Number((await t.db.selectFrom('devices').select('key').where('id', '=', uuid).executeTakeFirstOrThrow()).key);
  /** How many readings, messages as received and counters a device key has. */
  const telemetryOf = (key: number) =>
    Promise.all(
      (['readings', 'receivedMessages', 'uplinkCounters'] as const).map(async (table) => {
        const row = await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('count'))
          .where('deviceKey', '=', key)
          .executeTakeFirstOrThrow();
        return Number(row.count);
      }),
    );

  it('deletes what a device sent with the device: readings, messages as received and counters', async () => {
    const doomed = await createTracker('353918057929131');
    const sent = await ingest('/api/ingest/http', ingestTokens.http, {
      device: doomed.uuid,
      seq: 1,
      values: { speed: 8 },
    });
    expect(sent.statusCode).toBe(200);
    const key = await keyOf(doomed.uuid);
    expect(await telemetryOf(key)).toEqual([1, 1, 1]);
    expect((await call('DELETE', `/api/devices/${doomed.uuid}`, staff)).statusCode).toBe(204);
    expect(await telemetryOf(key)).toEqual([0, 0, 0]);
  });

  it.runIf(kind === 'postgres')(
    'leaves nothing of a device that an ingest batch was writing for while it was deleted',
    async () => {
      const doomed = await createTracker('353918057929149');
      const key = await keyOf(doomed.uuid);
      const batch = new pg.Client({ connectionString: t.config.databaseUrl });
      await batch.connect();
      try {
        // What a batch does: lock the device as it reads it, then write telemetry for it.
        await batch.query('begin');
        await batch.query('select id from devices where id = $1 for no key update', [doomed.uuid]);
        await batch.query(`insert into readings (device_key, signal, date, value) values ($1, 'speed', 1, '9')`, [key]);
        const deleted = t.app.inject({
          method: 'DELETE',
          url: `/api/devices/${doomed.uuid}`,
          headers: { authorization: `Bearer ${staff}` },
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
        await batch.query('commit');
        expect((await deleted).statusCode).toBe(204);
        expect(await telemetryOf(key)).toEqual([0, 0, 0]);
      } finally {
        await batch.end();
      }
    },
  );
  it.runIf(kind === 'postgres')(
    "changes a device's outputs after an ingest batch holding the device, keeping the outputs it marked sent",
    async () => {
      const valves = await createTracker('490154203237526');
      const url = `/api/devices/${valves.uuid}/outputs`;
      const defined = await call('PATCH', url, tokens.admin, {
        version: valves.version,
        define: [
          { key: 'inlet', name: 'Inlet' },
          { key: 'outlet', name: 'Outlet' },
        ],
        set: { inlet: true },
      });
      expect(defined.statusCode, defined.body).toBe(200);
      const batch = new pg.Client({ connectionString: t.config.databaseUrl });
      await batch.connect();
      try {
        // What a batch does: lock the device as it reads it, then mark the changed output sent.
        await batch.query('begin');
        const { rows } = await batch.query('select outputs from devices where id = $1 for no key update', [
          valves.uuid,
        ]);
        const sentAt = Date.UTC(2026, 0, 1);
        const marked = (JSON.parse(rows[0].outputs) as { key: string }[]).map((output) =>
          output.key === 'inlet' ? { ...output, lastSent: sentAt } : output,
        );
        await batch.query('update devices set outputs = $1 where id = $2', [JSON.stringify(marked), valves.uuid]);
        const changed = call('PATCH', url, tokens.admin, { version: defined.json().version, set: { outlet: true } });
        await new Promise((resolve) => setTimeout(resolve, 300));
        await batch.query('commit');
        const answer = await changed;
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json().outputs).toMatchObject([
          { key: 'inlet', value: true, lastSent: new Date(sentAt).toISOString() },
          { key: 'outlet', value: true, lastChange: expect.any(String), lastSent: null },
        ]);
      } finally {
        await batch.end();
      }
    },
  );
});
