import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import {
  createBrowserSubscription,
  type PushService,
  readVapidAuthorization,
  startPushService,
} from '../../testing/push-service.js';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

const BASE = '/api/push-notification';
const PASSWORD = 'a good password';

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.each(databaseKinds())('web push delivery on %s', (kind) => {
  let t: TestApp;
  let push: PushService;
  let staff: string;
  let people = 0;
  beforeAll(async () => {
    push = await startPushService();
    t = await startTestApp(kind, { PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' });
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    staff = await t.signIn('staff@example.com', PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  async function person(name: string, language: 'en' | 'pt' = 'en') {
    const email = `${name}-${++people}@example.com`;
    const user = await t.createUser(email, PASSWORD, { language });
    return { id: user.id, email, token: await t.signIn(email, PASSWORD) };
  }

  /** A browser of the user, subscribed at `path` of the push service and stored under `token`. */
  async function subscribedBrowser(sessionToken: string, token: string, endpoint: string) {
    const browser = createBrowserSubscription(endpoint);
    const response = await t.request({
      method: 'POST',
      url: `${BASE}/store-token/${token}`,
      payload: browser.subscription,
      token: sessionToken,
    });
    expect(response.statusCode).toBe(200);
    return browser;
  }

  const send = (emails: string[], title: string, body: string) =>
    t.request({ method: 'POST', url: `${BASE}/send`, token: staff, payload: { emails, message: { title, body } } });
  const newest = async (token: string) =>
    (await t.request({ method: 'GET', url: `${BASE}/user-notifications`, token })).json().data[0] as { _id: string };
  const instances = async (token: string, id: string) =>
    (await t.request({ method: 'GET', url: `${BASE}/list-instances/${id}`, token })).json().data;
  const details = async (token: string, id: string) =>
    (await t.request({ method: 'GET', url: `${BASE}/list-details/${id}`, token })).json();
  const storedEndpoints = async (userId: string) =>
    (await t.db.selectFrom('pushSubscriptions').select('endpoint').where('userId', '=', userId).execute()).map(
      (row) => row.endpoint,
    );

  it('serves the VAPID public key', async () => {
    const response = await t.request({ method: 'GET', url: '/api/keys/vapid' });
    expect(response.statusCode).toBe(200);
    const { name, value } = response.json();
    expect(name).toBe('vapid');
    expect(Buffer.from(value, 'base64url')).toHaveLength(65);
    expect(value).toBe(t.services.pushSender.publicKey);
  });

  it('pushes an encrypted payload the browser can read, signed with our VAPID key', async () => {
    const ana = await person('ana');
    const browser = await subscribedBrowser(ana.token, 'ana-laptop', `${push.url}/send/ana-laptop`);
    expect((await send([ana.email], 'Temperature alarm', 'Cold room 2 is at 9.4 °C.')).json()).toEqual({
      notified: 1,
    });

    const [received] = push.pushesTo('/send/ana-laptop');
    expect(received).toBeDefined();
    if (!received) return;
    const notification = await newest(ana.token);
    expect(JSON.parse(browser.read(received.body))).toEqual({
      title: 'Temperature alarm',
      body: 'Cold room 2 is at 9.4 °C.',
      id: notification._id,
    });
    expect(received.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(received.headers.ttl)).toBeGreaterThan(0);

    const vapidKey = (await t.request({ method: 'GET', url: '/api/keys/vapid' })).json().value;
    const vapid = readVapidAuthorization(received.headers.authorization);
    expect(vapid.publicKey).toBe(vapidKey);
    expect(vapid.signed).toBe(true);
    expect(vapid.header).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    expect(vapid.claims.aud).toBe(push.url);
    expect(vapid.claims.sub).toBe('mailto:admin@example.com');
    expect(vapid.claims.exp * 1000).toBeGreaterThan(Date.now());

    const attempts = await instances(ana.token, notification._id);
    expect(attempts).toEqual([
      {
        channel: 'web-push',
        endpointHost: new URL(push.url).host,
        status: 'sent',
        statusCode: 201,
        error: null,
        attemptedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    expect((await details(ana.token, notification._id)).deliveries).toEqual({ sent: 1, failed: 0, gone: 0 });
  });

  it('pushes to every browser of the user, and to no one else', async () => {
    const ana = await person('ana');
    const bruno = await person('bruno');
    const laptop = await subscribedBrowser(ana.token, 'laptop', `${push.url}/send/multi-ana-laptop`);
    const phone = await subscribedBrowser(ana.token, 'phone', `${push.url}/send/multi-ana-phone`);
    await subscribedBrowser(bruno.token, 'phone', `${push.url}/send/multi-bruno-phone`);
    await t.services.notifications.notify([ana.id], { title: 'Battery low', body: 'Sensor 14: 12%.' });

    const [toLaptop] = push.pushesTo('/send/multi-ana-laptop');
    const [toPhone] = push.pushesTo('/send/multi-ana-phone');
    expect(toLaptop && JSON.parse(laptop.read(toLaptop.body)).title).toBe('Battery low');
    expect(toPhone && JSON.parse(phone.read(toPhone.body)).title).toBe('Battery low');
    expect(push.pushesTo('/send/multi-bruno-phone')).toEqual([]);
    const notification = await newest(ana.token);
    expect((await details(ana.token, notification._id)).deliveries).toEqual({ sent: 2, failed: 0, gone: 0 });
  });

  it("pushes a coded notification in each user's own language, and once per source", async () => {
    const ana = await person('ana', 'pt');
    const bruno = await person('bruno');
    const anaPhone = await subscribedBrowser(ana.token, 'phone', `${push.url}/send/language-ana`);
    const brunoPhone = await subscribedBrowser(bruno.token, 'phone', `${push.url}/send/language-bruno`);
    const saying = { code: 'notification.battery_low' as const, params: { device: 'Sensor 14', level: '12.5' } };
    await t.services.notifications.notify([ana.id, bruno.id], saying, { source: 'battery:sensor-14' });
    await t.services.notifications.notify([ana.id, bruno.id], saying, { source: 'battery:sensor-14' });

    const toAna = push.pushesTo('/send/language-ana');
    const toBruno = push.pushesTo('/send/language-bruno');
    expect(toAna).toHaveLength(1);
    expect(toBruno).toHaveLength(1);
    expect(JSON.parse(anaPhone.read(toAna[0]?.body ?? Buffer.alloc(0)))).toMatchObject({
      title: 'Bateria fraca',
      body: 'Sensor 14 tem 12,5% de bateria. Planeie a troca da bateria.',
    });
    expect(JSON.parse(brunoPhone.read(toBruno[0]?.body ?? Buffer.alloc(0)))).toMatchObject({
      title: 'Battery low',
      body: 'Sensor 14 has 12.5% battery left. Plan a battery change.',
    });
  });

  it("names a condition's signal in the user's language too", async () => {
    const ana = await person('ana', 'pt');
    const phone = await subscribedBrowser(ana.token, 'phone', `${push.url}/send/signal-ana`);
    await t.services.notifications.notify([ana.id], {
      code: 'notification.condition_raised',
      params: { device: 'Cold room 2', signal: 'Temperature', signalKey: 'temperature', value: '9.4', unit: ' °C' },
    });
    const [received] = push.pushesTo('/send/signal-ana');
    expect(JSON.parse(phone.read(received?.body ?? Buffer.alloc(0)))).toMatchObject({
      title: 'Cold room 2: Temperatura em alarme',
      body: 'Cold room 2: Temperatura está em alarme (valor 9,4 °C).',
    });
  });

  it('records a 410 as gone and forgets that subscription', async () => {
    const ana = await person('ana');
    push.answer('/send/expired', 410);
    await subscribedBrowser(ana.token, 'old-phone', `${push.url}/send/expired`);
    await subscribedBrowser(ana.token, 'laptop', `${push.url}/send/gone-test-laptop`);
    await t.services.notifications.notify([ana.id], { title: 'Door open', body: 'Freezer 3.' });

    const notification = await newest(ana.token);
    const attempts = await instances(ana.token, notification._id);
    expect(attempts.map((a: { status: string; statusCode: number }) => [a.status, a.statusCode]).sort()).toEqual([
      ['gone', 410],
      ['sent', 201],
    ]);
    expect(attempts.find((a: { status: string }) => a.status === 'gone').error).toBe('push service says 410');
    expect(await storedEndpoints(ana.id)).toEqual([`${push.url}/send/gone-test-laptop`]);

    await t.services.notifications.notify([ana.id], { title: 'Door closed', body: 'Freezer 3.' });
    expect(push.pushesTo('/send/expired')).toHaveLength(1);
  });

  it('records a 404 as gone too', async () => {
    const ana = await person('ana');
    push.answer('/send/unknown-subscription', 404);
    await subscribedBrowser(ana.token, 'tablet', `${push.url}/send/unknown-subscription`);
    await t.services.notifications.notify([ana.id], { title: 'Journey finished', body: 'Porto → Lisbon.' });
    const notification = await newest(ana.token);
    expect((await details(ana.token, notification._id)).deliveries).toEqual({ sent: 0, failed: 0, gone: 1 });
    expect(await storedEndpoints(ana.id)).toEqual([]);
  });

  it('records a refusal as failed with its status and text, and keeps the subscription', async () => {
    const ana = await person('ana');
    push.answer('/send/overloaded', 503);
    await subscribedBrowser(ana.token, 'laptop', `${push.url}/send/overloaded`);
    await t.services.notifications.notify([ana.id], { title: 'Contract expiring', body: '15 days left.' });
    const notification = await newest(ana.token);
    expect(await instances(ana.token, notification._id)).toEqual([
      expect.objectContaining({ status: 'failed', statusCode: 503, error: 'push service says 503' }),
    ]);
    expect(await storedEndpoints(ana.id)).toEqual([`${push.url}/send/overloaded`]);
  });

  it('stores the notification even when the push service cannot be reached', async () => {
    const ana = await person('ana');
    const port = await closedPort();
    await subscribedBrowser(ana.token, 'laptop', `http://127.0.0.1:${port}/send/nowhere`);
    const response = await send([ana.email], 'Maintenance', 'Tonight at 22:00.');
    expect(response.json()).toEqual({ notified: 1 });

    const notification = await newest(ana.token);
    expect(notification).toMatchObject({ message: { title: 'Maintenance' }, read: false });
    const [attempt] = await instances(ana.token, notification._id);
    expect(attempt).toMatchObject({ status: 'failed', statusCode: null, endpointHost: `127.0.0.1:${port}` });
    expect(attempt.error).toContain('ECONNREFUSED');
    expect(await storedEndpoints(ana.id)).toHaveLength(1);
  });
});

describe('VAPID keys from the environment', () => {
  it('signs with VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY and VAPID_SUBJECT, and serves that public key', async () => {
    const { publicKey, privateKey } = webpush.generateVAPIDKeys();
    const push = await startPushService();
    const t = await startTestApp('sqlite', {
      PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
      VAPID_PUBLIC_KEY: publicKey,
      VAPID_PRIVATE_KEY: privateKey,
      VAPID_SUBJECT: 'https://iot.example.com/contact',
    });
    try {
      expect((await t.request({ method: 'GET', url: '/api/keys/vapid' })).json()).toEqual({
        name: 'vapid',
        value: publicKey,
      });
      const user = await t.createUser('env@example.com', PASSWORD);
      const token = await t.signIn('env@example.com', PASSWORD);
      const browser = createBrowserSubscription(`${push.url}/send/env`);
      await t.request({ method: 'POST', url: `${BASE}/store-token/env`, payload: browser.subscription, token });
      await t.services.notifications.notify([user.id], { title: 'Hello', body: '' });
      const [received] = push.received;
      const vapid = readVapidAuthorization(received?.headers.authorization);
      expect(vapid).toMatchObject({ publicKey, signed: true });
      expect(vapid.claims.sub).toBe('https://iot.example.com/contact');
      expect(JSON.parse(browser.read(received?.body ?? Buffer.alloc(0))).title).toBe('Hello');
    } finally {
      await t.close();
      await push.close();
    }
  });
});
