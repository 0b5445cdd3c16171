import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Device, ListedIntegration } from '@iot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../testing/eventually.js';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

const PASSWORD = 'correct horse battery staple';
const TTN_URL = '/api/ingest/lora/ttn';
const chirpstackUrl = (event: string) => `/api/ingest/lora/chirpstack?event=${event}`;
/** The WM-L configuration report (port 3): 60 min, 1 L a pulse, 20 L/h. */
const METER_REPORT = Buffer.from('003c000a0014', 'hex').toString('base64');
const TTN_PUSH = /^\/api\/v3\/as\/applications\/([^/]+)\/webhooks\/([^/]+)\/devices\/([^/]+)\/down\/push$/;

/**
 * A loopback stand-in for the downlink APIs of ChirpStack v4 (chirpstack-rest-api: `POST /api/devices/{devEui}/queue`,
 * answered with the queue item's id) and of The Things Stack v3 (the webhook's push, answered `{}`; a path of another
 * shape, or a webhook it does not have, is its 404 `not_found`). Records what it takes.
 */
async function startNetworkServer(ttnWebhooks: readonly string[]) {
  const received: { url: string; authorization: string | undefined; body: unknown }[] = [];
  let requests = 0;
  const server: Server = createServer((request: IncomingMessage, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      requests += 1;
      const url = request.url ?? '';
      const push = TTN_PUSH.exec(url);
      const answer = (status: number, body: object) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (push ? ttnWebhooks.includes(`${push[1]}/${push[2]}`) : /^\/api\/devices\/[0-9a-f]{16}\/queue$/.test(url)) {
        received.push({ url, authorization: request.headers.authorization, body: JSON.parse(text) });
        return answer(200, push ? {} : { id: `queue-${received.length}` });
      }
      answer(404, { code: 5, message: 'error:pkg/web:not_found (not found)' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe.each(databaseKinds())('network integrations on %s', (kind) => {
  let t: TestApp;
  let guarded: TestApp;
  let admin: string;
  let guardedAdmin: string;
  let guardedAcme: string;
  let acme: string;
  let networkServer: Awaited<ReturnType<typeof startNetworkServer>>;

  const call = (app: TestApp, method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
    app.request({ method, url, token, ...(payload ? { payload } : {}) });
  const ingest = (url: string, token: string, payload: object) =>
    t.request({ method: 'POST', url, headers: { 'x-integration-token': token }, payload });
  const createIntegration = async (app: TestApp, token: string, business: string, body: object) =>
    call(app, 'POST', `/api/customer-business/${business}/integrations`, token, body);
  const listed = async (app: TestApp, token: string, business: string) =>
    (await call(app, 'GET', `/api/customer-business/${business}/integrations`, token)).json()
      .integrations as ListedIntegration[];
  const healthOf = async (id: string) => (await listed(t, admin, acme)).find((row) => row.id === id)?.health;
  const meter = async (app: TestApp, token: string, business: string, loraEUI: string) => {
    const created = await call(app, 'POST', '/api/devices', token, {
      businessId: business,
      deviceType: 'water-meter-lora',
      loraEUI,
    });
    expect(created.statusCode).toBe(201);
    return created.json() as Device;
  };
  const setParameters = async (app: TestApp, token: string, uuid: string) => {
    const device = (await call(app, 'GET', `/api/devices/${uuid}`, token)).json() as Device;
    const set = await call(app, 'PATCH', `/api/devices/${uuid}/parameters`, token, {
      version: device.version,
      values: {},
    });
    expect(set.statusCode).toBe(200);
  };
  const statusOf = async (app: TestApp, token: string, uuid: string) =>
    ((await call(app, 'GET', `/api/devices/${uuid}`, token)).json() as Device).parameters.status;
  /** A TTN uplink message as The Things Stack's webhook posts it. */
  const ttnUplink = (deviceId: string, devEui: string, fCnt: number) => ({
    end_device_ids: { device_id: deviceId, application_ids: { application_id: 'my-app' }, dev_eui: devEui },
    received_at: '2026-11-22T10:00:00.123Z',
    uplink_message: { f_cnt: fCnt, f_port: 3, frm_payload: METER_REPORT, rx_metadata: [{ rssi: -90, snr: 5 }] },
  });

  beforeAll(async () => {
    networkServer = await startNetworkServer(['my-app/my-webhook']);
    // The stand-ins are on loopback: this app may reach them; `guarded` is set up as a server on the internet is.
    t = await startTestApp(kind, { CALLBACK_ALLOW_PRIVATE_ADDRESSES: 'true' });
    guarded = await startTestApp(kind);
    for (const app of [t, guarded]) {
      await app.createUser('staff@example.com', PASSWORD, { role: 'product' });
      const staff = await app.signIn('staff@example.com', PASSWORD);
      const { Acme } = await app.createTree(staff, [['Acme']]);
      const token = await app.userWith('admin', PASSWORD, Acme ?? '', 'admin');
      if (app === t) [admin, acme] = [token, Acme ?? ''];
      else [guardedAdmin, guardedAcme] = [token, Acme ?? ''];
    }
  });
  afterAll(async () => {
    await t?.close();
    await guarded?.close();
    await networkServer?.close();
  });

  it('refuses a network server on this machine or a private network (422), when saved and when a downlink is sent', async () => {
    const business = guardedAcme;
    for (const serverUrl of [
      networkServer.url,
      'http://169.254.169.254/latest',
      'http://localhost:8080',
      'http://[::1]:8080',
      'http://10.1.2.3',
    ]) {
      for (const network of ['chirpstack', 'ttn']) {
        const refused = await createIntegration(guarded, guardedAdmin, business, {
          network,
          name: 'private',
          serverUrl,
          serverKey: 'key-of-my-choice',
        });
        expect(refused.statusCode, serverUrl).toBe(422);
        expect(refused.json().code).toBe('integration.server_address_not_allowed');
      }
    }
    const fine = await createIntegration(guarded, guardedAdmin, business, {
      network: 'chirpstack',
      name: 'public',
      serverUrl: 'https://chirpstack.example.com',
    });
    expect(fine.statusCode).toBe(201);
    const { integration, token } = fine.json();
    const moved = await call(guarded, 'PATCH', `/api/integrations/${integration.id}`, guardedAdmin, {
      version: integration.version,
      name: 'public',
      serverUrl: 'http://127.0.0.1:9',
    });
    expect(moved.statusCode).toBe(422);
    expect((await listed(guarded, guardedAdmin, business)).map((row) => row.serverUrl)).toEqual([
      'https://chirpstack.example.com',
    ]);

    // One saved before the guard (or a name that resolves to a private address): the downlink goes nowhere.
    await guarded.db
      .updateTable('integrations')
      .set({ serverUrl: networkServer.url })
      .where('id', '=', integration.id)
      .execute();
    const device = await meter(guarded, guardedAdmin, business, '70B3D57ED0051001');
    await setParameters(guarded, guardedAdmin, device.uuid);
    const before = networkServer.requests();
    const up = await guarded.request({
      method: 'POST',
      url: chirpstackUrl('up'),
      headers: { 'x-integration-token': token },
      payload: { deviceInfo: { devEui: '70b3d57ed0051001' }, fCnt: 1, fPort: 3, data: METER_REPORT },
    });
    expect(up.statusCode).toBe(204);
    const health = async () => (await listed(guarded, guardedAdmin, business))[0]?.health.lastError?.message ?? 'none';
    expect(await eventually(async () => (await health()).includes('private network'), true)).toBe(true);
    expect(await statusOf(guarded, guardedAdmin, device.uuid)).toBe('WAITING');
    expect(networkServer.requests()).toBe(before);
  });

  it("keeps The Things Stack's application id and webhook id apart, checked as its ids are, and pushes through both", async () => {
    const base = { network: 'ttn', name: 'TTN', serverUrl: networkServer.url, serverKey: 'NNSXS.key' };
    for (const [field, value] of [
      ['applicationId', 'my-app/my-webhook'],
      ['applicationId', 'My-App'],
      ['applicationId', 'a'],
      ['applicationId', 'x'.repeat(37)],
      ['webhookId', '-hook'],
      ['webhookId', 'hook-'],
      ['webhookId', 'my--hook'],
      ['webhookId', 'my_hook'],
    ] as const) {
      const refused = await createIntegration(t, admin, acme, { ...base, applicationId: 'my-app', [field]: value });
      expect(refused.statusCode, `${field} ${value}`).toBe(400);
      expect(Object.keys(refused.json().fields ?? {}), value).toEqual([field]);
    }
    const created = await createIntegration(t, admin, acme, {
      ...base,
      applicationId: 'my-app',
      webhookId: 'my-webhook',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().integration).toMatchObject({ applicationId: 'my-app', webhookId: 'my-webhook' });
    const token = created.json().token as string;

    // A device The Things Stack names otherwise than eui-<DevEUI>; its parameters wait until it is heard.
    const device = await meter(t, admin, acme, '70B3D57ED0052001');
    await setParameters(t, admin, device.uuid);
    expect((await ingest(TTN_URL, token, ttnUplink('water-meter-7', '70B3D57ED0052001', 1))).statusCode).toBe(204);
    await eventually(async () => networkServer.received.some((entry) => entry.url.includes('water-meter-7')), true);
    expect(networkServer.received.at(-1)).toMatchObject({
      url: '/api/v3/as/applications/my-app/webhooks/my-webhook/devices/water-meter-7/down/push',
      authorization: 'Bearer NNSXS.key',
    });
    expect(await statusOf(t, admin, device.uuid)).toBe('SENT');
  });

  it("finds a device of The Things Stack's downlink_failed by its ids, and takes messages of devices it does not know (2xx), counting them", async () => {
    const created = await createIntegration(t, admin, acme, {
      network: 'ttn',
      name: 'TTN ids',
      serverUrl: networkServer.url,
      applicationId: 'my-app',
      webhookId: 'my-webhook',
    });
    const { integration, token } = created.json();
    const device = await meter(t, admin, acme, '70B3D57ED0053001');
    expect((await ingest(TTN_URL, token, ttnUplink('wm-basement', '70B3D57ED0053001', 1))).statusCode).toBe(204);
    const pushes = networkServer.received.length;
    await eventually(
      async () =>
        (await t.db.selectFrom('loraDeviceRoutes').select('deviceId').where('deviceId', '=', device.uuid).execute())
          .length,
      1,
    );
    await setParameters(t, admin, device.uuid);
    // Queued at once, without waiting for the next uplink.
    expect(await eventually(async () => networkServer.received.length, pushes + 1)).toBe(pushes + 1);
    expect(await eventually(() => statusOf(t, admin, device.uuid), 'SENT')).toBe('SENT');
    const pushed = networkServer.received.at(-1)?.body as { downlinks: { correlation_ids: string[] }[] };
    const correlationIds = pushed.downlinks[0]?.correlation_ids;

    // As The Things Stack documents downlink_failed: the device's ids, without its DevEUI.
    const failed = await ingest(TTN_URL, token, {
      end_device_ids: { device_id: 'wm-basement', application_ids: { application_id: 'my-app' } },
      correlation_ids: ['as:downlink:01H0'],
      received_at: '2026-11-22T10:00:01.000Z',
      downlink_failed: {
        downlink: { f_port: 3, frm_payload: 'AQI=', confirmed: true, correlation_ids: correlationIds },
        error: { namespace: 'pkg/networkserver', name: 'application_downlink_too_long', code: 3 },
      },
    });
    expect(failed.statusCode).toBe(204);
    expect(await statusOf(t, admin, device.uuid)).toBe('WAITING');

    // Devices unknown here, by ids or by DevEUI: taken, nothing stored, counted.
    const readings = await t.db
      .selectFrom('receivedMessages')
      .select((eb) => eb.fn.countAll().as('n'))
      .execute();
    for (const message of [
      ttnUplink('stranger', 'FFFFFFFFFFFFFFF1', 1),
      {
        end_device_ids: { device_id: 'stranger', application_ids: { application_id: 'my-app' } },
        downlink_failed: { error: { name: 'device_not_found' } },
      },
      {
        end_device_ids: { device_id: 'stranger-2', application_ids: { application_id: 'my-app' } },
        downlink_ack: { f_port: 3, frm_payload: 'AQI=' },
      },
    ]) {
      expect((await ingest(TTN_URL, token, message)).statusCode).toBe(204);
    }
    expect(
      await t.db
        .selectFrom('receivedMessages')
        .select((eb) => eb.fn.countAll().as('n'))
        .execute(),
    ).toEqual(readings);
    expect((await healthOf(integration.id))?.last24h).toEqual({
      stored: 1,
      duplicates: 0,
      refused: 0,
      unknownDevices: 3,
    });
  });

  it("shows each integration's last call, its counts over 24 hours and its last error, ChirpStack's logged errors included", async () => {
    const created = await createIntegration(t, admin, acme, {
      network: 'chirpstack',
      name: 'ChirpStack health',
      serverUrl: networkServer.url,
    });
    const { integration, token } = created.json();
    expect((await healthOf(integration.id)) as object).toEqual({
      lastCallAt: null,
      last24h: { stored: 0, duplicates: 0, refused: 0, unknownDevices: 0 },
      lastError: null,
    });
    await meter(t, admin, acme, '70B3D57ED0054001');
    const up = (fCnt: number) => ({ deviceInfo: { devEui: '70b3d57ed0054001' }, fCnt, fPort: 3, data: METER_REPORT });
    const before = Date.now();
    for (const [body, status] of [
      [up(1), 204],
      [up(2), 204],
      [up(2), 204],
      [{ ...up(3), deviceInfo: { devEui: 'ffffffffffffffff' } }, 404],
      [{ ...up(4), data: 'not base64!' }, 400],
    ] as const) {
      expect((await ingest(chirpstackUrl('up'), token, body)).statusCode).toBe(status);
    }
    const afterUplinks = await healthOf(integration.id);
    expect(afterUplinks?.last24h).toEqual({ stored: 2, duplicates: 1, refused: 1, unknownDevices: 1 });
    expect(afterUplinks?.lastCallAt).toBeGreaterThanOrEqual(before);
    expect(afterUplinks?.lastError?.message).toMatch(/data/);

    // ChirpStack's log event of a codec error, as its events documentation shows it.
    const logged = await ingest(chirpstackUrl('log'), token, {
      time: '2026-11-22T10:00:00Z',
      deviceInfo: {
        tenantId: '52f14cd4-c6f1-4fbd-8f87-4025e1d49242',
        applicationId: '17c82e96-be03-4f38-aef3-f83d48582d97',
        deviceName: 'meter',
        devEui: '70b3d57ed0054001',
      },
      level: 'ERROR',
      code: 'UPLINK_CODEC',
      description: 'Error: undefined is not a function',
      context: { deduplication_id: '9f8a1e6c-2a14-4fd8-a7a7-8b0f2a2f2f2f' },
    });
    expect(logged.statusCode).toBe(204);
    const afterLog = await healthOf(integration.id);
    expect(afterLog?.lastError?.message).toBe(
      'ChirpStack ERROR UPLINK_CODEC (70B3D57ED0054001): Error: undefined is not a function',
    );
    expect(afterLog?.lastError?.at).toBeGreaterThanOrEqual(before);
    // A batch of the platform's own HTTP call counts as the messages it holds.
    const http = (await createIntegration(t, admin, acme, { network: 'http', name: 'HTTP health' })).json();
    const staff = await t.signIn('staff@example.com', PASSWORD);
    const tracker = (
      await call(t, 'POST', '/api/devices', staff, {
        businessId: acme,
        deviceType: 'gps-tracker',
        IMEI: '490154203237518',
      })
    ).json() as Device;
    for (const seqs of [
      [1, 2],
      [2, 3],
    ]) {
      const batch = await t.request({
        method: 'POST',
        url: '/api/ingest/http',
        headers: { 'x-integration-token': http.token },
        payload: seqs.map((seq) => ({ device: tracker.uuid, seq, values: { battery: 80 - seq } })),
      });
      expect(batch.statusCode).toBe(200);
    }
    expect((await healthOf(http.integration.id))?.last24h).toEqual({
      stored: 3,
      duplicates: 1,
      refused: 0,
      unknownDevices: 0,
    });

    // Counted in the database, a row an hour, not one per uplink.
    const rows = await t.db
      .selectFrom('integrationCounts')
      .selectAll()
      .where('integrationId', '=', integration.id)
      .execute();
    expect(rows.length).toBeLessThanOrEqual(2);
  });
});
