import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowserSubscription } from '../../testing/push-service.js';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

const BASE = '/api/push-notification';
const PASSWORD = 'a good password';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe.each(databaseKinds())('notifications on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let people = 0;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    staff = await t.signIn('staff@example.com', PASSWORD);
  });
  afterAll(async () => t?.close());

  /** A new signed-in customer, so that every test starts from an empty list. */
  async function person(name = 'user') {
    const email = `${name}-${++people}@example.com`;
    const user = await t.createUser(email, PASSWORD);
    return { id: user.id, email, token: await t.signIn(email, PASSWORD) };
  }

  /** `count` notifications of a user, a minute apart, the last one newest; answers their ids, oldest first. */
  async function notificationsOf(userId: string, count: number, options: { read?: boolean } = {}) {
    const start = Date.UTC(2026, 0, 1, 8);
    const rows = await t.services.notificationsRepo.insertMany(
      Array.from({ length: count }, (_, index) => ({
        userId,
        title: `Alarm ${index + 1}`,
        body: `Cold room ${index + 1} is too warm.`,
        topic: null,
        createdAt: start + index * 60_000,
        readAt: options.read ? start + index * 60_000 + 1 : null,
      })),
    );
    return rows.map((row) => row.id);
  }

  const get = (url: string, token?: string) => t.request({ method: 'GET', url, token });
  const list = async (token: string, query = '') => (await get(`${BASE}/user-notifications${query}`, token)).json();
  const unread = async (token: string) => (await get(`${BASE}/unread-count`, token)).json().count as number;
  const titles = (page: { data: { message: { title: string } }[] }) => page.data.map((n) => n.message.title);

  describe('GET user-notifications', () => {
    it('should require authentication', async () => {
      const response = await get(`${BASE}/user-notifications`);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('auth.required');
    });

    it("pages one's own notifications, newest first", async () => {
      const ana = await person('ana');
      const bruno = await person('bruno');
      await notificationsOf(ana.id, 12);
      await notificationsOf(bruno.id, 3);

      const first = await list(ana.token);
      expect(first.totalElements).toBe(12);
      expect(first.hasNext).toBe(true);
      expect(titles(first)).toEqual(Array.from({ length: 10 }, (_, index) => `Alarm ${12 - index}`));
      expect(first.data[0]).toEqual({
        _id: expect.any(String),
        read: false,
        createdAt: '2026-01-01T08:11:00.000Z',
        message: { title: 'Alarm 12', body: 'Cold room 12 is too warm.' },
        code: null,
        params: {},
        topic: null,
      });

      const second = await list(ana.token, '?page=2&pageSize=10');
      expect(titles(second)).toEqual(['Alarm 2', 'Alarm 1']);
      expect(second).toMatchObject({ totalElements: 12, hasNext: false });
      expect(titles(await list(ana.token, '?pageSize=25'))).toHaveLength(12);
      expect(await list(ana.token, '?page=3')).toEqual({ data: [], totalElements: 12, hasNext: false });
      expect((await list(bruno.token)).totalElements).toBe(3);
    });

    it('lists only the unread ones when asked', async () => {
      const ana = await person('ana');
      await notificationsOf(ana.id, 2, { read: true });
      await notificationsOf(ana.id, 3);
      const page = await list(ana.token, '?onlyUnread=true');
      expect(page.totalElements).toBe(3);
      expect(page.data.every((notification: { read: boolean }) => !notification.read)).toBe(true);
      expect((await list(ana.token, '?onlyUnread=false')).totalElements).toBe(5);
    });

    it.each([
      ['?pageSize=7', { pageSize: 'Invalid value' }],
      ['?page=0', { page: 'Invalid value' }],
      ['?page=abc', { page: 'Invalid value' }],
      ['?page=99999999999', { page: 'Invalid value' }],
      ['?onlyUnread=maybe', { onlyUnread: 'Invalid value' }],
    ])('refuses %s with the field at fault', async (query, fields) => {
      const { token } = await person();
      const response = await get(`${BASE}/user-notifications${query}`, token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation.failed', fields });
    });
  });

  describe('GET unread-count', () => {
    it('should require authentication', async () => {
      expect((await get(`${BASE}/unread-count`)).statusCode).toBe(401);
    });

    it("counts one's own unread notifications only", async () => {
      const ana = await person('ana');
      const bruno = await person('bruno');
      await notificationsOf(ana.id, 2, { read: true });
      await notificationsOf(ana.id, 3);
      await notificationsOf(bruno.id, 4);
      expect(await unread(ana.token)).toBe(3);
      expect(await unread(bruno.token)).toBe(4);
    });
  });

  describe('POST {id}/read', () => {
    const read = (id: string, token?: string, lang = 'en') =>
      t.request({ method: 'POST', url: `${BASE}/${id}/read?lang=${lang}`, token });

    it('should require authentication', async () => {
      const ana = await person('ana');
      const [id = ''] = await notificationsOf(ana.id, 1);
      expect((await read(id)).statusCode).toBe(401);
      expect(await unread(ana.token)).toBe(1);
    });

    it('marks one of one’s notifications read, once', async () => {
      const ana = await person('ana');
      const [first = '', second = ''] = await notificationsOf(ana.id, 2);
      const response = await read(first, ana.token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ _id: first, read: true, message: { title: 'Alarm 1' } });
      expect(await unread(ana.token)).toBe(1);
      expect((await read(first, ana.token)).json().read).toBe(true);
      const page = await list(ana.token);
      expect(page.data.map((n: { _id: string; read: boolean }) => [n._id, n.read])).toEqual([
        [second, false],
        [first, true],
      ]);
    });

    it("answers 404 for another user's notification or an unknown one, and changes nothing", async () => {
      const ana = await person('ana');
      const bruno = await person('bruno');
      const [brunos = ''] = await notificationsOf(bruno.id, 1);
      const response = await read(brunos, ana.token, 'pt');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'not_found', message: 'Recurso não encontrado.' });
      expect((await read(UNKNOWN_ID, ana.token)).statusCode).toBe(404);
      expect(await unread(bruno.token)).toBe(1);
    });

    it('refuses an id that is too long', async () => {
      const { token } = await person();
      const response = await read('x'.repeat(65), token);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ id: 'Invalid value' });
    });
  });

  describe('POST read-all', () => {
    it('should require authentication', async () => {
      expect((await t.request({ method: 'POST', url: `${BASE}/read-all` })).statusCode).toBe(401);
    });

    it("marks every one of one's own read and answers how many", async () => {
      const ana = await person('ana');
      const bruno = await person('bruno');
      await notificationsOf(ana.id, 1, { read: true });
      await notificationsOf(ana.id, 4);
      await notificationsOf(bruno.id, 2);
      const response = await t.request({ method: 'POST', url: `${BASE}/read-all`, token: ana.token });
      expect(response.json()).toEqual({ count: 4 });
      expect(await unread(ana.token)).toBe(0);
      expect(await unread(bruno.token)).toBe(2);
      expect((await t.request({ method: 'POST', url: `${BASE}/read-all`, token: ana.token })).json()).toEqual({
        count: 0,
      });
    });
  });

  describe('DELETE {id}/delete', () => {
    const remove = (id: string, token?: string) => t.request({ method: 'DELETE', url: `${BASE}/${id}/delete`, token });

    it('should require authentication', async () => {
      const ana = await person('ana');
      const [id = ''] = await notificationsOf(ana.id, 1);
      expect((await remove(id)).statusCode).toBe(401);
      expect((await list(ana.token)).totalElements).toBe(1);
    });

    it("deletes one of one's notifications", async () => {
      const ana = await person('ana');
      const [first = '', second = ''] = await notificationsOf(ana.id, 2);
      expect((await remove(first, ana.token)).json()).toEqual({ count: 1 });
      expect((await list(ana.token)).data.map((n: { _id: string }) => n._id)).toEqual([second]);
      expect((await remove(first, ana.token)).statusCode).toBe(404);
    });

    it("answers 404 for another user's notification, and keeps it", async () => {
      const ana = await person('ana');
      const bruno = await person('bruno');
      const [brunos = ''] = await notificationsOf(bruno.id, 1);
      const response = await remove(brunos, ana.token);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('not_found');
      expect((await remove(UNKNOWN_ID, ana.token)).statusCode).toBe(404);
      expect((await list(bruno.token)).data.map((n: { _id: string }) => n._id)).toEqual([brunos]);
    });
  });

  describe('DELETE delete-all', () => {
    it('should require authentication', async () => {
      expect((await t.request({ method: 'DELETE', url: `${BASE}/delete-all` })).statusCode).toBe(401);
    });

    it("deletes every one of one's own and answers how many", async () => {
      const ana = await person('ana');
      const bruno = await person('bruno');
      await notificationsOf(ana.id, 3);
      await notificationsOf(bruno.id, 2);
      const response = await t.request({ method: 'DELETE', url: `${BASE}/delete-all`, token: ana.token });
      expect(response.json()).toEqual({ count: 3 });
      expect((await list(ana.token)).totalElements).toBe(0);
      expect((await list(bruno.token)).totalElements).toBe(2);
    });
  });

  describe('GET list-details/{id} and list-instances/{id}', () => {
    it('should require authentication', async () => {
      const ana = await person('ana');
      const [id = ''] = await notificationsOf(ana.id, 1);
      expect((await get(`${BASE}/list-details/${id}`)).statusCode).toBe(401);
      expect((await get(`${BASE}/list-instances/${id}`)).statusCode).toBe(401);
    });

    it('shows one’s own notification with its delivery counts, and its attempts', async () => {
      const ana = await person('ana');
      const [id = ''] = await notificationsOf(ana.id, 1);
      const details = await get(`${BASE}/list-details/${id}`, ana.token);
      expect(details.statusCode).toBe(200);
      expect(details.json()).toMatchObject({
        _id: id,
        read: false,
        message: { title: 'Alarm 1' },
        deliveries: { sent: 0, failed: 0, gone: 0 },
      });
      expect((await get(`${BASE}/list-instances/${id}`, ana.token)).json()).toEqual({ data: [] });
    });

    it("answers 404 for another user's notification", async () => {
      const ana = await person('ana');
      const bruno = await person('bruno');
      const [brunos = ''] = await notificationsOf(bruno.id, 1);
      for (const path of ['list-details', 'list-instances']) {
        const response = await get(`${BASE}/${path}/${brunos}`, ana.token);
        expect(response.statusCode, path).toBe(404);
        expect(response.json().code).toBe('not_found');
        expect((await get(`${BASE}/${path}/${UNKNOWN_ID}`, ana.token)).statusCode).toBe(404);
      }
    });
  });

  describe('topics', () => {
    const subscribe = (a: string, b: string, token?: string) =>
      t.request({ method: 'POST', url: `${BASE}/subscribe-to-topic-fadmin/${a}/${b}`, token });
    const unsubscribe = (a: string, b: string, token?: string) =>
      t.request({ method: 'DELETE', url: `${BASE}/unsubscribe-from-topic-fadmin/${a}/${b}`, token });
    const sendToTopic = (a: string, b: string) =>
      t.request({
        method: 'POST',
        url: `${BASE}/send`,
        token: staff,
        payload: { topic: { a, b }, message: { title: 'Maintenance', body: 'Tonight 22:00-23:00.' } },
      });

    it('should require authentication', async () => {
      expect((await subscribe('acme', 'alarms')).statusCode).toBe(401);
      expect((await unsubscribe('acme', 'alarms')).statusCode).toBe(401);
    });

    it('subscribes and unsubscribes, each as often as asked', async () => {
      const ana = await person('ana');
      const bruno = await person('bruno');
      expect((await subscribe('acme-topics', 'alarms', ana.token)).json()).toEqual({ detail: 'subscribed' });
      expect((await subscribe('acme-topics', 'alarms', ana.token)).statusCode).toBe(200);
      await subscribe('acme-topics', 'reports', bruno.token);

      expect((await sendToTopic('acme-topics', 'alarms')).json()).toEqual({ notified: 1 });
      const page = await list(ana.token);
      expect(page.data).toEqual([expect.objectContaining({ topic: 'acme-topics/alarms', read: false })]);
      expect((await list(bruno.token)).totalElements).toBe(0);

      expect((await unsubscribe('acme-topics', 'alarms', ana.token)).json()).toEqual({ detail: 'unsubscribed' });
      expect((await unsubscribe('acme-topics', 'alarms', ana.token)).statusCode).toBe(200);
      expect((await sendToTopic('acme-topics', 'alarms')).json()).toEqual({ notified: 0 });
      expect((await list(ana.token)).totalElements).toBe(1);
    });

    it('refuses a topic segment that is too long', async () => {
      const { token } = await person();
      const response = await subscribe('a'.repeat(101), 'alarms', token);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ a: 'Invalid value' });
    });
  });

  describe('store-token and delete-stored-token', () => {
    const store = (token: string, payload: object, session?: string) =>
      t.request({ method: 'POST', url: `${BASE}/store-token/${token}`, payload, token: session });
    const forget = (token: string, session?: string) =>
      t.request({ method: 'DELETE', url: `${BASE}/delete-stored-token/${token}`, token: session });
    const storedOf = (userId: string) =>
      t.db.selectFrom('pushSubscriptions').selectAll().where('userId', '=', userId).orderBy('token').execute();
    const browser = (name: string) => createBrowserSubscription(`https://push.example.net/send/${name}`).subscription;

    it('should require authentication', async () => {
      expect((await store('laptop', browser('x'))).statusCode).toBe(401);
      expect((await forget('laptop')).statusCode).toBe(401);
    });

    it('stores a subscription and updates it under the same token', async () => {
      const ana = await person('ana');
      const laptop = browser('ana-laptop-1');
      expect((await store('laptop', laptop, ana.token)).json()).toEqual({ detail: 'stored' });
      const renewed = { ...browser('ana-laptop-2'), expirationTime: 1_900_000_000_000 };
      await store('laptop', renewed, ana.token);
      await store('phone', browser('ana-phone'), ana.token);
      const stored = await storedOf(ana.id);
      expect(stored.map((row) => [row.token, row.endpoint, row.p256dh, row.expirationTime])).toEqual([
        ['laptop', renewed.endpoint, renewed.keys.p256dh, 1_900_000_000_000],
        ['phone', 'https://push.example.net/send/ana-phone', expect.any(String), null],
      ]);
    });

    it('takes client ids of up to 200 characters', async () => {
      const ana = await person('ana');
      expect((await store('h'.repeat(200), browser('ana-long-id'), ana.token)).statusCode).toBe(200);
      const tooLong = await store('h'.repeat(201), browser('ana-too-long-id'), ana.token);
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().fields).toEqual({ token: 'Invalid value' });
      expect(await storedOf(ana.id)).toHaveLength(1);
    });

    it('gives a browser to whoever stored it last', async () => {
      const ana = await person('ana');
      const bruno = await person('bruno');
      const shared = browser('shared-kiosk');
      await store('kiosk', shared, ana.token);
      await store('kiosk', shared, bruno.token);
      expect(await storedOf(ana.id)).toEqual([]);
      expect((await storedOf(bruno.id)).map((row) => row.endpoint)).toEqual([shared.endpoint]);
    });

    it("forgets one's own subscription; another user's token is 404 and stays", async () => {
      const ana = await person('ana');
      const bruno = await person('bruno');
      await store('bruno-phone', browser('bruno-phone'), bruno.token);
      const response = await forget('bruno-phone', ana.token);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('not_found');
      expect(await storedOf(bruno.id)).toHaveLength(1);

      await store('ana-phone', browser('ana-phone-x'), ana.token);
      expect((await forget('ana-phone', ana.token)).json()).toEqual({ detail: 'deleted' });
      expect(await storedOf(ana.id)).toEqual([]);
      expect((await forget('ana-phone', ana.token)).statusCode).toBe(404);
    });

    it.each([
      [{ endpoint: 'ftp://push.example.net/x' }, 'endpoint'],
      [{ endpoint: 'not a url' }, 'endpoint'],
      [{ endpoint: 'http://push.example.net/x' }, 'endpoint'],
      [{ endpoint: 'https://127.0.0.1:9000/x' }, 'endpoint'],
      [{ endpoint: 'https://169.254.169.254/latest' }, 'endpoint'],
      [{ keys: { p256dh: 'short', auth: 'MDEyMzQ1Njc4OWFiY2RlZg' } }, 'keys.p256dh'],
      [{ keys: { p256dh: 'A'.repeat(87) } }, 'keys.auth'],
    ])('refuses %j with the field at fault and stores nothing', async (change, field) => {
      const ana = await person('ana');
      const response = await store('laptop', { ...browser('bad'), ...change }, ana.token);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fields)).toEqual([field]);
      expect(await storedOf(ana.id)).toEqual([]);
    });
  });

  describe('POST send', () => {
    const send = (payload: object, token?: string) =>
      t.request({ method: 'POST', url: `${BASE}/send`, payload, token });
    const message = { title: 'Planned maintenance', body: 'The platform restarts at 22:00.' };

    it('should require authentication', async () => {
      expect((await send({ emails: ['a@example.com'], message })).statusCode).toBe(401);
    });

    it('is for provider staff only', async () => {
      const ana = await person('ana');
      const bruno = await person('bruno');
      const response = await send({ emails: [bruno.email], message }, ana.token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'forbidden', message: 'Access denied.' });
      expect((await list(bruno.token)).totalElements).toBe(0);
    });

    it('notifies each known address once and ignores unknown ones', async () => {
      const ana = await person('ana');
      const bruno = await person('bruno');
      const response = await send(
        { emails: [ana.email.toUpperCase(), ana.email, bruno.email, 'nobody@example.com'], message },
        staff,
      );
      expect(response.json()).toEqual({ notified: 2 });
      for (const { token } of [ana, bruno]) {
        expect((await list(token)).data).toEqual([
          expect.objectContaining({ message: { ...message }, read: false, topic: null }),
        ]);
      }
    });

    it('notifies a topic and addresses together, each user once', async () => {
      const ana = await person('ana');
      const bruno = await person('bruno');
      await t.request({ method: 'POST', url: `${BASE}/subscribe-to-topic-fadmin/plant-7/alarms`, token: ana.token });
      const response = await send(
        { emails: [ana.email, bruno.email], topic: { a: 'plant-7', b: 'alarms' }, message },
        staff,
      );
      expect(response.json()).toEqual({ notified: 2 });
      expect((await list(ana.token)).data.map((n: { topic: string }) => n.topic)).toEqual(['plant-7/alarms']);
      expect((await list(bruno.token)).data.map((n: { topic: string }) => n.topic)).toEqual([null]);
    });

    it.each([
      [{ message }, { emails: 'Required' }],
      [{ emails: ['not-an-address'], message }, { 'emails.0': 'Invalid e-mail' }],
      [{ emails: ['a@example.com'], message: { title: ' ', body: '' } }, { 'message.title': 'Required' }],
      [
        { emails: ['a@example.com'], message: { title: 'x'.repeat(201), body: '' } },
        { 'message.title': 'At most 200 characters' },
      ],
    ])('refuses %j with the fields at fault', async (payload, fields) => {
      const response = await send(payload, staff);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation.failed', fields });
    });
  });

  it('notify() stores one notification per user, with the topic, even with nowhere to push', async () => {
    const ana = await person('ana');
    const bruno = await person('bruno');
    const stored = await t.services.notifications.notify(
      [ana.id, bruno.id, ana.id],
      { title: 'Door open', body: 'Freezer 3 door open for 10 minutes.' },
      { topic: 'plant-7/alarms' },
    );
    expect(stored.map((row) => row.userId).sort()).toEqual([ana.id, bruno.id].sort());
    expect((await list(ana.token)).data).toEqual([
      expect.objectContaining({ topic: 'plant-7/alarms', message: { title: 'Door open', body: expect.any(String) } }),
    ]);
  });

  it("words a coded notification in the reader's language, and free text as it was stored", async () => {
    const tiago = await t.createUser('tiago@example.com', PASSWORD, { language: 'pt' });
    const token = await t.signIn('tiago@example.com', PASSWORD);
    const at = Date.UTC(2026, 0, 1, 8);
    await t.services.notificationsRepo.insertMany([
      { userId: tiago.id, title: 'Maintenance tonight', body: 'From 22:00.', topic: null, createdAt: at, readAt: null },
      {
        userId: tiago.id,
        title: '',
        body: '',
        code: 'notification.contract_expiring',
        params: JSON.stringify({ contract: 'Fleet 2026', days: '15' }),
        topic: null,
        createdAt: at + 60_000,
        readAt: null,
      },
    ]);

    const [coded, free] = (await list(token)).data;
    expect(coded).toMatchObject({
      code: 'notification.contract_expiring',
      params: { contract: 'Fleet 2026', days: '15' },
      message: { title: 'Contrato prestes a expirar', body: 'O contrato "Fleet 2026" expira dentro de 15 dias.' },
    });
    expect(free).toMatchObject({
      code: null,
      params: {},
      message: { title: 'Maintenance tonight', body: 'From 22:00.' },
    });
    expect((await list(token, '?lang=en')).data[0].message).toEqual({
      title: 'Contract about to expire',
      body: 'The contract "Fleet 2026" expires in 15 days.',
    });
    const read = await t.request({ method: 'POST', url: `${BASE}/${coded._id}/read`, token });
    expect(read.json().message.title).toBe('Contrato prestes a expirar');
    const details = await get(`${BASE}/list-details/${coded._id}?lang=en`, token);
    expect(details.json().message.title).toBe('Contract about to expire');
  });

  it('lists every notification path in the OpenAPI document', async () => {
    const paths = Object.keys((await get('/api/openapi.json')).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        `${BASE}/user-notifications`,
        `${BASE}/unread-count`,
        `${BASE}/{id}/read`,
        `${BASE}/read-all`,
        `${BASE}/{id}/delete`,
        `${BASE}/delete-all`,
        `${BASE}/list-details/{id}`,
        `${BASE}/list-instances/{id}`,
        `${BASE}/subscribe-to-topic-fadmin/{a}/{b}`,
        `${BASE}/unsubscribe-from-topic-fadmin/{a}/{b}`,
        `${BASE}/store-token/{token}`,
        `${BASE}/delete-stored-token/{token}`,
        `${BASE}/send`,
      ]),
    );
  });
});
