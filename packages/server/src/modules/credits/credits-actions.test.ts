import { randomUUID } from 'node:crypto';
import type { Device } from '@iot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';
import { startReceiver } from '../actions/loopback-receiver.js';

const PASSWORD = 'a good password';
const BUSINESSES = '/api/customer-business';

const until = async (check: () => Promise<boolean> | boolean, timeoutMs = 8_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.each(databaseKinds())('actions paid with credits on %s', (kind) => {
  let t: TestApp;
  let messaging: Awaited<ReturnType<typeof startReceiver>>;
  let messagingStatus = 200;
  let device: Device;
  let adminId: string;
  let contractId: string;
  let eventCount = 0;
  const nodes: Record<string, string> = {};

  /** An edge as the ingest pipeline records it; answers the job it queued once it ran (until `settled` holds). */
  async function edgeRun(
    settled: (job: { lockedUntil: number | null; attempts: number; status: string }) => boolean = (job) =>
      job.lockedUntil === null && job.attempts > 0,
  ) {
    eventCount += 1;
    const id = `${String(Date.now()).padStart(15, '0')}-${String(eventCount).padStart(6, '0')}`;
    await t.db
      .insertInto('conditionEvents')
      .values({
        id,
        deviceId: device.uuid,
        conditionKey: 'smoke',
        signal: 'temperature',
        kind: 'alarm',
        raised: 1,
        value: '31.5',
        date: Date.now(),
        createdAt: Date.now(),
        dispatchedAt: null,
      })
      .execute();
    await t.services.actionDispatcher.nudge();
    const job = () =>
      t.db.selectFrom('actionJobs').selectAll().where('event', 'like', `%"id":"${id}"%`).executeTakeFirst();
    await until(async () => {
      await t.services.actionWorker.nudge();
      const row = await job();
      return row !== undefined && settled(row);
    });
    return (await job()) ?? expect.unreachable();
  }

  const contract = () =>
    t.db.selectFrom('contracts').selectAll().where('id', '=', contractId).executeTakeFirstOrThrow();
  const texts = () => messaging.received.filter((request) => request.url === '/messages');
  const statusOf = (actionId: string) =>
    t.db.selectFrom('actionStatus').selectAll().where('actionId', '=', actionId).executeTakeFirstOrThrow();

  beforeAll(async () => {
    messaging = await startReceiver(() => ({ status: messagingStatus, body: { status: 'sent' } }));
    t = await startTestApp(kind, {
      ACTION_RETRY_BASE_SECONDS: '0.05',
      ACTION_MAX_ATTEMPTS: '4',
      MESSAGING_API_URL: messaging.url,
      MESSAGING_API_KEY: 'messaging-key',
    });
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    const staff = await t.signIn('staff@example.com', PASSWORD);
    Object.assign(nodes, await t.createTree(staff, [['Acme'], ['Plant', 'Acme']]));
    const adminToken = await t.userWith('admin', PASSWORD, nodes.Acme ?? '', 'admin');
    const admin = await t.services.usersRepo.findByEmail('admin@example.com');
    adminId = admin?.id ?? '';
    await t.db.updateTable('users').set({ phone: '+351 910 000 001' }).where('id', '=', adminId).execute();
    const at = Date.now();
    contractId = randomUUID();
    await t.db
      .insertInto('contracts')
      .values({
        id: contractId,
        businessId: nodes.Acme ?? '',
        name: 'Alerts',
        features: JSON.stringify({ pushNotifSMS: true }),
        createdAt: at,
        updatedAt: at,
        purchasedAt: at,
        expiresAt: null,
        inheritableLevels: null,
        stateAt: at,
        creditsTotal: 4,
        costSms: 2,
        periodStart: null,
        periodEnd: null,
        fromContractId: null,
        tokenType: null,
        tokenPeriodStart: null,
      })
      .execute();
    device = (
      await t.request({
        method: 'POST',
        url: '/api/devices',
        token: staff,
        payload: { businessId: nodes.Plant, deviceType: 'th-sensor-sigfox', sigfoxID: 'AB12' },
      })
    ).json();
    const saved = await t.request({
      method: 'PUT',
      url: `${BUSINESSES}/${nodes.Acme}/actions`,
      token: adminToken,
      payload: {
        version: 0,
        actions: [{ type: 'push', signalTypes: ['alarm'], push: { userIds: [adminId], channels: ['sms'] } }],
      },
    });
    expect(saved.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await messaging?.close();
  });

  it('an SMS action spends credits; a failed send gives them back', async () => {
    const done = await edgeRun();
    expect(done).toMatchObject({ status: 'done', attempts: 1 });
    expect(texts()).toHaveLength(1);
    expect(await contract()).toMatchObject({ creditsSpent: 2 });

    messagingStatus = 503;
    const failed = await edgeRun((job) => job.status === 'failed');
    expect(failed).toMatchObject({ attempts: 4, lastError: expect.stringContaining('HTTP 503') });
    messagingStatus = 200;
    expect(texts()).toHaveLength(5);
    expect(await contract()).toMatchObject({ creditsSpent: 2 });
    const amounts = await t.db
      .selectFrom('contractLogs')
      .select('amount')
      .where('contractId', '=', contractId)
      .orderBy('at')
      .execute();
    expect(amounts.map((row) => Number(row.amount)).reduce((sum, amount) => sum + amount, 0)).toBe(2);
  });

  it('is refused at the limit: the action fails without retrying, its error flag set, and the admins hear once', async () => {
    expect((await edgeRun()).status).toBe('done');
    expect(await contract()).toMatchObject({ creditsSpent: 4 });
    messaging.received.length = 0;
    const refused = await edgeRun();
    expect(refused).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'Credit limit reached, not sent: SMS.',
    });
    expect(texts()).toHaveLength(0);
    expect(await statusOf(refused.actionId)).toMatchObject({
      lastError: 'Credit limit reached, not sent: SMS.',
    });
    const listed = await t.request({
      method: 'GET',
      url: `${BUSINESSES}/${nodes.Acme}/actions`,
      token: await t.signIn('admin@example.com', PASSWORD),
    });
    expect(listed.json().actions[0].status.lastError).toBe('Credit limit reached, not sent: SMS.');
    expect((await edgeRun()).status).toBe('failed');
    const notified = await t.db
      .selectFrom('notifications')
      .selectAll()
      .where('userId', '=', adminId)
      .where('code', '=', 'notification.credit_refused')
      .execute();
    expect(notified).toHaveLength(1);
    expect(JSON.parse(notified[0]?.params ?? '')).toEqual({
      contract: 'Alerts',
      channel: 'sms',
      device: device.uuid,
    });
    expect(await contract()).toMatchObject({ creditsSpent: 4, overUsageInPeriod: 0 });
  });

  it('goes on beyond the limit when over-usage is allowed, and records it', async () => {
    await t.db.updateTable('contracts').set({ allowOverUsage: 1 }).where('id', '=', contractId).execute();
    messaging.received.length = 0;
    const done = await edgeRun();
    expect(done).toMatchObject({ status: 'done' });
    expect(await statusOf(done.actionId)).toMatchObject({ lastError: null });
    expect(texts()).toHaveLength(1);
    expect(await contract()).toMatchObject({ creditsSpent: 6, overUsageInPeriod: 2 });
    const last = await t.db
      .selectFrom('contractLogs')
      .selectAll()
      .where('contractId', '=', contractId)
      .orderBy('at', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toMatchObject({ event: 'credit_consumption', amount: 2 });
    expect(JSON.parse(last.details)).toEqual({ channel: 'sms', deviceId: device.uuid, overUsage: 2 });
  });
});
