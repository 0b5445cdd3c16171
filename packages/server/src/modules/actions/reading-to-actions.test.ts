import type { Device } from '@iot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowserSubscription, type PushService, startPushService } from '../../testing/push-service.js';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';
import { startReceiver } from './loopback-receiver.js';

const PASSWORD = 'a good password';
const BUSINESSES = '/api/customer-business';

const until = async (check: () => Promise<boolean> | boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

/**
 * The whole way of an alarm, as a fleet sees it: a device's reading crosses a threshold rule, the alarm is raised, and
 * the business's actions reach a callback receiver (which fails twice first), a mailbox and a browser's push service,
 * all on loopback; the reading that clears the condition latches the alarm and is reported the same way.
 */
describe.each(databaseKinds())('from a reading to the alarm and its actions on %s', (kind) => {
  let t: TestApp;
  let push: PushService;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let tracker: Device;
  let integrationToken: string;
  let admin: string;
  let operator: { id: string };
  let operatorToken: string;
  let browser: ReturnType<typeof createBrowserSubscription>;
  let acme: string;

  beforeAll(async () => {
    push = await startPushService();
    // The receiver is down for the first two deliveries, then answers.
    receiver = await startReceiver((_request, index) => ({ status: index < 2 ? 503 : 200, body: { ok: index >= 2 } }));
    t = await startTestApp(kind, {
      CALLBACK_ALLOW_PRIVATE_ADDRESSES: 'true',
      PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
      ACTION_RETRY_BASE_SECONDS: '0.05',
    });
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    const staff = await t.signIn('staff@example.com', PASSWORD);
    const nodes = await t.createTree(staff, [['Acme'], ['Plant', 'Acme']]);
    acme = nodes.Acme ?? '';
    admin = await t.userWith('admin', PASSWORD, acme, 'admin');
    // Portuguese: what is pushed to them is worded in their language.
    operator = await t.createUser('operator@example.com', PASSWORD, { language: 'pt' });
    // Push actions reach only users who can see the business.
    await t.services.businessesRepo.setEntry(acme, operator.id, 'viewer', Date.now());
    operatorToken = await t.signIn('operator@example.com', PASSWORD);
    browser = createBrowserSubscription(`${push.url}/send/operator-phone`);
    const stored = await t.request({
      method: 'POST',
      url: '/api/push-notification/store-token/operator-phone',
      token: operatorToken,
      payload: browser.subscription,
    });
    expect(stored.statusCode).toBe(200);

    tracker = (
      await t.request({
        method: 'POST',
        url: '/api/devices',
        token: admin,
        payload: { businessId: nodes.Plant, deviceType: 'gps-tracker', description: 'Van 7', IMEI: '356938035643809' },
      })
    ).json();
    const { version } = (
      await t.request({ method: 'GET', url: `/api/devices/${tracker.uuid}/alarms`, token: admin })
    ).json();
    const rules = [{ signal: 'speed', condition: 'above', threshold: 80, hysteresis: 5 }];
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: `/api/devices/${tracker.uuid}/alarms`,
          token: admin,
          payload: { version, rules },
        })
      ).statusCode,
    ).toBe(200);
    const current = (await t.request({ method: 'GET', url: `${BUSINESSES}/${acme}/actions`, token: admin })).json();
    const saved = await t.request({
      method: 'PUT',
      url: `${BUSINESSES}/${acme}/actions`,
      token: admin,
      payload: {
        version: current.version,
        actions: [
          { type: 'alarm', signalTypes: ['alarm', 'value'] },
          {
            type: 'callback',
            name: 'Fleet desk',
            signalTypes: ['value'],
            callback: {
              url: `${receiver.url}/alarms`,
              auth: { type: 'apiKey', location: 'header', name: 'x-api-key', value: 'desk-key' },
            },
          },
          { type: 'email', signalTypes: ['value'], email: { mode: 'custom', addresses: 'desk@example.com' } },
          { type: 'push', signalTypes: ['value'], push: { userIds: [operator.id], channels: ['internet'] } },
          // The operator is reached three ways: the alarm (they see the business) and two push actions.
          {
            type: 'push',
            name: 'Night shift',
            signalTypes: ['alarm', 'value'],
            push: { userIds: [operator.id], channels: ['internet'] },
          },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    integrationToken = (
      await t.request({
        method: 'POST',
        url: `${BUSINESSES}/${acme}/integrations`,
        token: admin,
        payload: { network: 'http', name: 'Vans' },
      })
    ).json().token;
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    await push?.close();
  });

  const send = async (seq: number, speed: number) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/ingest/http',
      headers: { 'x-integration-token': integrationToken },
      payload: { device: tracker.uuid, seq, values: { speed } },
    });
    expect(response.json()).toEqual({ stored: 1, duplicates: 0 });
  };
  const alarms = async () =>
    (await t.request({ method: 'GET', url: `${BUSINESSES}/${acme}/alarms`, token: admin })).json().data as {
      id: string;
      status: string;
      signal: string;
      source: string;
      value: unknown;
    }[];
  const callbacks = () => receiver.received.filter((request) => request.url === '/alarms');
  const nudgeWorker = () => t.services.actionWorker.nudge();
  const operatorNotifications = async () =>
    (await t.request({ method: 'GET', url: '/api/push-notification/user-notifications', token: operatorToken })).json()
      .data as { message: { title: string; body: string }; code: string }[];
  const jobsDone = async () =>
    (await t.db.selectFrom('actionJobs').select('status').execute()).every((job) => job.status !== 'pending');

  it('raises the alarm and reaches the callback (after two failures), the mailbox and the push service', async () => {
    await send(1, 60);
    await send(2, 95);
    await until(async () => (await alarms()).length === 1);
    expect(await alarms()).toMatchObject([{ status: 'active', signal: 'speed', source: 'rule', value: 95 }]);

    await until(async () => {
      await nudgeWorker();
      return callbacks().length === 3;
    });
    const [first, , third] = callbacks();
    expect(third?.body).toEqual(first?.body);
    expect(third?.headers['x-api-key']).toBe('desk-key');
    expect(third?.body).toMatchObject({
      deviceUUID: tracker.uuid,
      deviceDescription: 'Van 7',
      conditionKey: 'rule:speed:above:80',
      signal: 'speed',
      kind: 'value',
      raised: true,
      value: 95,
    });
    const actions = (await t.request({ method: 'GET', url: `${BUSINESSES}/${acme}/actions`, token: admin })).json();
    const desk = actions.actions.find((action: { name: string }) => action.name === 'Fleet desk');
    expect(desk.status).toMatchObject({ lastError: null });
    expect(desk.status.lastRunAt).not.toBeNull();

    const mail = await t.inbox.waitForMail('desk@example.com');
    expect(mail.subject).toBe('Van 7: Speed in alarm');

    await until(async () => {
      await nudgeWorker();
      return jobsDone();
    });
    // One transition, one notification and one push, however many ways reach the user; in their language.
    expect(await operatorNotifications()).toEqual([
      expect.objectContaining({
        code: 'notification.alarm_raised',
        message: { title: 'Alarme em Van 7', body: 'Velocidade: alarme n.º 1 disparado (valor 95 km/h).' },
      }),
    ]);
    expect(push.pushesTo('/send/operator-phone')).toHaveLength(1);
    const [received] = push.pushesTo('/send/operator-phone');
    expect(JSON.parse(browser.read(received?.body ?? Buffer.alloc(0)))).toMatchObject({ title: 'Alarme em Van 7' });
  });

  it('latches the alarm when the reading comes back under the threshold, and reports that too', async () => {
    // 78 is within the hysteresis: still in alarm; 74 is back.
    await send(3, 78);
    await send(4, 74);
    await until(async () => (await alarms())[0]?.status === 'latched');
    const history = (
      await t.request({ method: 'GET', url: `/api/alarms/${(await alarms())[0]?.id}`, token: admin })
    ).json().history;
    expect(history.map((entry: { transition: string }) => entry.transition)).toEqual([
      'firstActivation',
      'problemSolved',
    ]);
    await until(async () => {
      await nudgeWorker();
      return callbacks().length === 4;
    });
    expect(callbacks()[3]?.body).toMatchObject({ raised: false, value: 74 });
    expect((await t.inbox.waitForMail('desk@example.com')).subject).toBe('Van 7: Speed back to normal');
    await until(async () => {
      await nudgeWorker();
      return jobsDone();
    });
    // The alarm notifies nobody of a cleared condition; the push actions do, once.
    expect((await operatorNotifications()).map((notification) => notification.code)).toEqual([
      'notification.condition_cleared',
      'notification.alarm_raised',
    ]);
    expect(push.pushesTo('/send/operator-phone')).toHaveLength(2);
  });
});
