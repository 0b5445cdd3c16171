import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../testing/test-app.js';
import { databaseKinds } from '../../../testing/test-database.js';
import { type MqttTestApp, startMqttTestApp } from './test-harness.js';

const HOOKS_TOKEN = 'broker-hooks-token-0123456789abcdef';

describe.each(databaseKinds())("an external broker's authentication and authorization hooks on %s", (kind) => {
  let h: MqttTestApp;

  beforeAll(async () => {
    h = await startMqttTestApp(kind, { MQTT_HOOKS_TOKEN: HOOKS_TOKEN });
  });
  afterAll(async () => h?.close());

  const hook = (name: 'authenticate' | 'authorize', payload: object, token: string | null = HOOKS_TOKEN) =>
    h.t.request({
      method: 'POST',
      url: `/api/mqtt/${name}`,
      payload,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    });

  async function deviceWithCredentials() {
    const device = await h.createDevice();
    const issued = await h.issueCredentials(device.uuid);
    expect(issued.statusCode, issued.body).toBe(200);
    return { uuid: device.uuid, password: issued.json().password as string };
  }

  it('lets a device sign in with its own credentials and client id, handing over its two topics', async () => {
    const { uuid, password } = await deviceWithCredentials();
    for (const clientid of [uuid, `${uuid}-sensor-2`]) {
      const response = await hook('authenticate', { username: uuid, password, clientid });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        result: 'allow',
        is_superuser: false,
        acl: [
          { permission: 'allow', action: 'publish', topic: `devices/${uuid}/up` },
          { permission: 'allow', action: 'subscribe', topic: `devices/${uuid}/down` },
          { permission: 'deny', action: 'all', topic: '#' },
        ],
      });
    }
  });

  it("denies a wrong or replaced password, a device without credentials and another device's client id", async () => {
    const { uuid, password } = await deviceWithCredentials();
    const other = await h.createDevice();
    const denied = { result: 'deny', is_superuser: false };
    expect((await hook('authenticate', { username: uuid, password: `${password}x`, clientid: uuid })).json()).toEqual(
      denied,
    );
    expect((await hook('authenticate', { username: uuid, password, clientid: other.uuid })).json()).toEqual(denied);
    expect((await hook('authenticate', { username: other.uuid, password, clientid: other.uuid })).json()).toEqual(
      denied,
    );
    const renewed = (await h.issueCredentials(uuid)).json().password as string;
    expect((await hook('authenticate', { username: uuid, password, clientid: uuid })).json()).toEqual(denied);
    expect((await hook('authenticate', { username: uuid, password: renewed, clientid: uuid })).json().result).toBe(
      'allow',
    );
  });

  it('leaves accounts that are not devices to the broker (the server’s own, say)', async () => {
    const ignored = { result: 'ignore', is_superuser: false };
    expect(
      (await hook('authenticate', { username: 'ingest', password: 'secret', clientid: 'ingest-1' })).json(),
    ).toEqual(ignored);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await hook('authenticate', { username: unknown, password: 'x', clientid: unknown })).json()).toEqual(
      ignored,
    );
    expect(
      (await hook('authorize', { username: 'ingest', topic: 'devices/a/down', action: 'publish' })).json(),
    ).toEqual({ result: 'ignore' });
  });

  it('allows a device its own up topic to publish and down topic to subscribe, and nothing else', async () => {
    const { uuid } = await deviceWithCredentials();
    const other = await h.createDevice();
    const cases = [
      [`devices/${uuid}/up`, 'publish', 'allow'],
      [`devices/${uuid}/down`, 'subscribe', 'allow'],
      [`devices/${uuid}/down`, 'publish', 'deny'],
      [`devices/${uuid}/up`, 'subscribe', 'deny'],
      [`devices/${other.uuid}/up`, 'publish', 'deny'],
      [`devices/${other.uuid}/down`, 'subscribe', 'deny'],
      ['devices/+/up', 'subscribe', 'deny'],
      ['#', 'subscribe', 'deny'],
      [`devices/${uuid}/up`, 'all', 'deny'],
    ] as const;
    for (const [topic, action, result] of cases) {
      const response = await hook('authorize', { username: uuid, topic, action });
      expect([topic, action, response.json()]).toEqual([topic, action, { result }]);
    }
  });

  it('answers only the broker: 401 without its token or with another, 400 on a malformed call', async () => {
    const { uuid, password } = await deviceWithCredentials();
    const body = { username: uuid, password, clientid: uuid };
    for (const token of [null, 'broker-hooks-token-0123456789abcdeX', 'short']) {
      const response = await hook('authenticate', body, token);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('auth.required');
    }
    expect((await hook('authorize', { username: uuid, topic: 'x', action: 'read' })).statusCode).toBe(400);
  });
});

describe('without a hooks token', () => {
  it('has no broker hooks at all', async () => {
    const [kind = 'sqlite'] = databaseKinds();
    const t = await startTestApp(kind);
    try {
      const response = await t.request({ method: 'POST', url: '/api/mqtt/authenticate', payload: {} });
      expect(response.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
