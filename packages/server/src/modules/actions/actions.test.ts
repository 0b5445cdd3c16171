import type { Device } from '@iot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';
import { conditionEventIdPrefix } from '../ingest/alarm-conditions.js';
import { type ReceivedRequest, startReceiver } from './loopback-receiver.js';

const PASSWORD = 'a good password';
const BUSINESSES = '/api/customer-business';

const until = async (check: () => Promise<boolean> | boolean, timeoutMs = 8_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.each(databaseKinds())('actions on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  const nodes: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  let plantDevice: Device;
  let bravoDevice: Device;
  let callbackAnswers: number[] = [];
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let messaging: Awaited<ReturnType<typeof startReceiver>>;
  let callOutcome = 'completed';
  let geotab: Awaited<ReturnType<typeof startReceiver>>;
  let eventCount = 0;

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, token: string | undefined, payload?: object) =>
    t.request({ method, url, token, ...(payload ? { payload } : {}) });

  /** An edge as the ingest pipeline records it, dispatched at once. */
  async function edge(device: Device, options: { kind?: 'alarm' | 'value'; raised?: boolean; key?: string } = {}) {
    eventCount += 1;
    const id = `${String(Date.now()).padStart(15, '0')}-${String(eventCount).padStart(6, '0')}`;
    await t.db
      .insertInto('conditionEvents')
      .values({
        id,
        deviceId: device.uuid,
        conditionKey: options.key ?? 'rule:temperature:above:30',
        signal: 'temperature',
        kind: options.kind ?? 'value',
        raised: options.raised === false ? 0 : 1,
        value: '31.5',
        date: Date.now(),
        createdAt: Date.now(),
        dispatchedAt: null,
      })
      .execute();
    await t.services.actionDispatcher.nudge();
    return id;
  }

  const jobsOf = (eventId: string) =>
    t.db.selectFrom('actionJobs').selectAll().where('event', 'like', `%"id":"${eventId}"%`).execute();

  const putActions = (node: string, version: number, actions: object[] | null, token = tokens.admin) =>
    call('PUT', `${BUSINESSES}/${nodes[node]}/actions`, token, { version, actions });

  beforeAll(async () => {
    receiver = await startReceiver((_request, index) => ({
      status: callbackAnswers[index] ?? 200,
      body: { ok: true },
    }));
    messaging = await startReceiver(() => ({ status: 200, body: { status: callOutcome } }));
    // Geotab's /apiv1: the password "right" signs in, except for a user the server gives no session.
    geotab = await startReceiver((request) => {
      const { method, params } = request.body as { method: string; params: Record<string, unknown> };
      const invalid = { error: { message: 'Incorrect login credentials', errors: [{ name: 'InvalidUserException' }] } };
      if (method !== 'Authenticate') return { status: 200, body: { result: [] } };
      if (params.password !== 'right') return { status: 200, body: invalid };
      const sessionId = params.userName === 'stale' ? null : 's1';
      return { status: 200, body: { result: { credentials: { ...params, sessionId }, path: 'ThisServer' } } };
    });
    t = await startTestApp(kind, {
      CALLBACK_ALLOW_PRIVATE_ADDRESSES: 'true',
      ACTION_RETRY_BASE_SECONDS: '0.05',
      ACTION_MAX_ATTEMPTS: '4',
      MESSAGING_API_URL: messaging.url,
      MESSAGING_API_KEY: 'messaging-key',
      GEOTAB_API_URL: `${geotab.url}/{server}/apiv1`,
    });
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    staff = await t.signIn('staff@example.com', PASSWORD);
    Object.assign(nodes, await t.createTree(staff, [['Acme'], ['Plant', 'Acme'], ['Bravo']]));
    tokens.admin = await t.userWith('admin', PASSWORD, nodes.Acme ?? '', 'admin');
    tokens.viewer = await t.userWith('viewer', PASSWORD, nodes.Plant ?? '', 'viewer');
    tokens.bravo = await t.userWith('bravo', PASSWORD, nodes.Bravo ?? '', 'admin');
    const create = async (payload: object) => (await call('POST', '/api/devices', staff, payload)).json() as Device;
    plantDevice = await create({ businessId: nodes.Plant, deviceType: 'th-sensor-sigfox', sigfoxID: 'AB12' });
    bravoDevice = await create({ businessId: nodes.Bravo, deviceType: 'th-sensor-sigfox', sigfoxID: 'CD34' });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    await messaging?.close();
    await geotab?.close();
  });

  it('answers the default list where no business up the tree has one, to administrators only', async () => {
    const response = await call('GET', `${BUSINESSES}/${nodes.Plant}/actions`, tokens.admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      businessId: nodes.Plant,
      inheritedFrom: { id: 'default' },
      version: 0,
      actions: [{ id: 'default-alarm', type: 'alarm', status: { lastRunAt: null, lastError: null } }],
    });
    expect((await call('GET', `${BUSINESSES}/${nodes.Plant}/actions`, tokens.viewer)).statusCode).toBe(403);
    expect((await call('GET', `${BUSINESSES}/${nodes.Plant}/actions`, tokens.bravo)).statusCode).toBe(404);
  });

  it('saves a list over its version, keeps ids, refuses what the plan lacks, and children inherit it', async () => {
    const callback = {
      type: 'callback',
      signalTypes: ['value'],
      callback: { url: `${receiver.url}/hook`, auth: { type: 'none' } },
    };
    const saved = await putActions('Acme', 0, [{ type: 'alarm', signalTypes: ['alarm', 'value'] }, callback]);
    expect(saved.statusCode).toBe(200);
    const body = saved.json();
    expect(body).toMatchObject({ inheritedFrom: null, version: 1 });
    const [alarmId, callbackId] = body.actions.map((action: { id: string }) => action.id);
    expect((await putActions('Acme', 0, [callback])).statusCode).toBe(409);
    // Sent with its id the callback keeps it; an id that is not one of the business's own is replaced.
    const again = await putActions('Acme', 1, [
      { id: alarmId, type: 'alarm', signalTypes: ['alarm', 'value'] },
      { ...callback, id: callbackId },
      { ...callback, id: 'made-up', enabled: false },
    ]);
    expect(again.statusCode).toBe(200);
    const ids = again.json().actions.map((action: { id: string }) => action.id);
    expect(ids.slice(0, 2)).toEqual([alarmId, callbackId]);
    expect(ids[2]).not.toBe('made-up');
    const geotab = {
      type: 'geotab',
      signalTypes: ['alarm'],
      geotab: { server: 'my.geotab.com', database: 'db', username: 'u', password: 'p' },
    };
    const refused = await putActions('Acme', 2, [geotab]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('plan.unavailable');
    const child = (await call('GET', `${BUSINESSES}/${nodes.Plant}/actions`, tokens.admin)).json();
    expect(child).toMatchObject({ inheritedFrom: { id: nodes.Acme, description: 'Acme' }, version: 0 });
    expect(child.actions).toHaveLength(3);
    const logs = await t.db
      .selectFrom('businessLogs')
      .selectAll()
      .where('businessId', '=', nodes.Acme ?? '')
      .execute();
    expect(logs.filter((log) => log.action === 'config_changed')).toHaveLength(2);
  });

  it('retries a failing callback with backoff until it succeeds, then clears the error flag', async () => {
    receiver.received.length = 0;
    callbackAnswers = [500, 503, 200];
    const eventId = await edge(plantDevice);
    const jobs = await jobsOf(eventId);
    // Two enabled callbacks? No: the third one is disabled; the alarm action is no job.
    expect(jobs).toHaveLength(1);
    const job = jobs[0];
    const statusOf = () =>
      t.db
        .selectFrom('actionStatus')
        .selectAll()
        .where('actionId', '=', job?.actionId ?? '')
        .executeTakeFirst();
    await until(async () => {
      await t.services.actionWorker.nudge();
      return (await statusOf())?.lastError === 'HTTP 503';
    });
    await until(async () => {
      await t.services.actionWorker.nudge();
      const [done] = await jobsOf(eventId);
      return done?.status === 'done';
    });
    expect(receiver.received).toHaveLength(3);
    const body = receiver.received[2]?.body as { deviceUUID: string; raised: boolean; value: number };
    expect(body).toMatchObject({ deviceUUID: plantDevice.uuid, raised: true, value: 31.5 });
    expect(await statusOf()).toMatchObject({ lastError: null });
    const [done] = await jobsOf(eventId);
    expect(done).toMatchObject({ attempts: 3, lastError: null });
    // The alarm action of the same list raised the alarm through the alarms engine, in the dispatch.
    const alarms = await t.db.selectFrom('alarms').selectAll().where('deviceId', '=', plantDevice.uuid).execute();
    expect(alarms).toHaveLength(1);
    const listed = (await call('GET', `${BUSINESSES}/${nodes.Plant}/actions`, tokens.admin)).json();
    const shown = listed.actions.find((action: { id: string }) => action.id === job?.actionId);
    expect(shown.status.lastRunAt).not.toBeNull();
    expect(shown.status.lastError).toBeNull();
  });

  it('runs a job again once the lock of a worker that died has expired', async () => {
    callbackAnswers = [];
    receiver.received.length = 0;
    const [action] = (await call('GET', `${BUSINESSES}/${nodes.Acme}/actions`, tokens.admin))
      .json()
      .actions.filter((a: { type: string }) => a.type === 'callback');
    const now = Date.now();
    await t.db
      .insertInto('actionJobs')
      .values({
        id: 'orphaned-job',
        businessId: nodes.Acme ?? '',
        actionId: action.id,
        action: JSON.stringify(action),
        event: JSON.stringify({ id: 'orphan', deviceUUID: plantDevice.uuid, raised: true }),
        status: 'pending',
        attempts: 1,
        runAt: now,
        lockedUntil: now + 400,
        lastError: null,
        createdAt: now,
      })
      .execute();
    await t.services.actionWorker.nudge();
    expect(receiver.received).toHaveLength(0);
    await until(async () => {
      await t.services.actionWorker.nudge();
      return receiver.received.length === 1;
    });
    const job = await t.db.selectFrom('actionJobs').selectAll().where('id', '=', 'orphaned-job').executeTakeFirst();
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('makes no job for other signal types or outside the schedule, and the default list raises alarms', async () => {
    const today = new Date();
    const otherDay = (['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const)[(today.getUTCDay() + 3) % 7];
    const hook = { url: `${receiver.url}/hook`, auth: { type: 'none' } };
    const current = (await call('GET', `${BUSINESSES}/${nodes.Acme}/actions`, tokens.admin)).json();
    const saved = await putActions('Acme', current.version, [
      { type: 'callback', signalTypes: ['alarm'], callback: hook },
      {
        type: 'callback',
        signalTypes: ['value'],
        schedule: { days: [otherDay], from: '00:00', to: '23:59', timezone: 0 },
        callback: hook,
      },
    ]);
    expect(saved.statusCode).toBe(200);
    const valueEdge = await edge(plantDevice, { kind: 'value' });
    expect(await jobsOf(valueEdge)).toHaveLength(0);
    const alarmEdge = await edge(plantDevice, { kind: 'alarm', key: 'leak' });
    expect(await jobsOf(alarmEdge)).toHaveLength(1);
    // Bravo has no list: the default one raises an alarm and queues nothing.
    const bravoEdge = await edge(bravoDevice, { kind: 'alarm', key: 'leak' });
    expect(await jobsOf(bravoEdge)).toHaveLength(0);
    const alarms = await t.db.selectFrom('alarms').selectAll().where('deviceId', '=', bravoDevice.uuid).execute();
    expect(alarms.map((alarm) => alarm.conditionKey)).toEqual(['leak']);
    const undispatched = await t.db
      .selectFrom('conditionEvents')
      .select('id')
      .where('dispatchedAt', 'is', null)
      .execute();
    expect(undispatched).toHaveLength(0);
  });

  it('applies a parent list to a child device: e-mail, push to users (removing one that is gone) and calls', async () => {
    const gone = await t.createUser('gone@example.com', PASSWORD);
    const operator = await t.createUser('operator@example.com', PASSWORD);
    for (const user of [gone, operator])
      await t.services.businessesRepo.setEntry(nodes.Acme ?? '', user.id, 'viewer', Date.now());
    await t.db.updateTable('users').set({ phone: '+351 900 000 001' }).where('id', '=', operator.id).execute();
    const current = (await call('GET', `${BUSINESSES}/${nodes.Acme}/actions`, tokens.admin)).json();
    const saved = await putActions('Acme', current.version, [
      {
        type: 'email',
        signalTypes: ['alarm'],
        email: { mode: 'custom', addresses: 'ops@example.com, boss@example.com' },
      },
      { type: 'email', signalTypes: ['alarm'], email: { mode: 'allUsers' } },
      { type: 'push', signalTypes: ['alarm'], push: { userIds: [operator.id, gone.id], channels: ['internet'] } },
      { type: 'voice', signalTypes: ['alarm'], voice: { userIds: [operator.id] } },
    ]);
    expect(saved.statusCode).toBe(200);
    await t.db.deleteFrom('users').where('id', '=', gone.id).execute();
    messaging.received.length = 0;
    const eventId = await edge(plantDevice, { kind: 'alarm', key: 'door' });
    expect(await jobsOf(eventId)).toHaveLength(4);
    await until(async () => {
      await t.services.actionWorker.nudge();
      return (await jobsOf(eventId)).every((job) => job.status === 'done');
    });
    for (const address of ['ops@example.com', 'boss@example.com', 'admin@example.com', 'viewer@example.com']) {
      const mail = await t.inbox.waitForMail(address);
      expect(mail.subject).toContain('Temperature');
    }
    const notifications = await t.db
      .selectFrom('notifications')
      .selectAll()
      .where('userId', '=', operator.id)
      .execute();
    expect(notifications.some((notification) => notification.code === 'notification.condition_raised')).toBe(true);
    const after = (await call('GET', `${BUSINESSES}/${nodes.Acme}/actions`, tokens.admin)).json();
    const push = after.actions.find((action: { type: string }) => action.type === 'push');
    expect(push.push.userIds).toEqual([operator.id]);
    expect(push.status.lastNotice).toBe('user removed from list');
    const calls = messaging.received.filter((request: ReceivedRequest) => request.url === '/calls');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({ to: '+351 900 000 001' });
    expect(calls[0]?.headers.authorization).toBe('Bearer messaging-key');
  });

  it('names only users who can see the business in push and voice actions, and skips one who lost access (issue 31, item 4)', async () => {
    const bravoAdmin = await t.services.usersRepo.findByEmail('bravo@example.com');
    const staffUser = await t.services.usersRepo.findByEmail('staff@example.com');
    const shutOut = await t.createUser('shut-out@example.com', PASSWORD);
    await t.services.businessesRepo.setEntry(nodes.Acme ?? '', shutOut.id, 'none', Date.now());
    const stayer = await t.createUser('stayer@example.com', PASSWORD);
    const leaver = await t.createUser('leaver@example.com', PASSWORD);
    for (const user of [stayer, leaver])
      await t.services.businessesRepo.setEntry(nodes.Acme ?? '', user.id, 'viewer', Date.now());
    const current = (await call('GET', `${BUSINESSES}/${nodes.Acme}/actions`, tokens.admin)).json();

    // Another tenant's admin, a user whose entry shuts them out, and an id of nobody: each a field error.
    const refused = await call('PUT', `${BUSINESSES}/${nodes.Acme}/actions?lang=pt`, tokens.admin, {
      version: current.version,
      actions: [
        {
          type: 'push',
          signalTypes: ['alarm'],
          push: { userIds: [stayer.id, bravoAdmin?.id], channels: ['internet', 'whatsapp'] },
        },
        { type: 'voice', signalTypes: ['alarm'], voice: { userIds: [shutOut.id, 'nobody'] } },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'validation.failed',
      message: expect.any(String),
      fields: {
        'actions.0.push.userIds.1': 'Este utilizador não tem acesso a este nível.',
        'actions.1.voice.userIds.0': 'Este utilizador não tem acesso a este nível.',
        'actions.1.voice.userIds.1': 'Este utilizador não tem acesso a este nível.',
      },
    });
    const unchanged = (await call('GET', `${BUSINESSES}/${nodes.Acme}/actions`, tokens.admin)).json();
    expect(unchanged.version).toBe(current.version);
    const sms = await putActions('Acme', current.version, [
      { type: 'push', signalTypes: ['alarm'], push: { userIds: [bravoAdmin?.id], channels: ['sms'] } },
    ]);
    expect(sms.json().fields).toEqual({ 'actions.0.push.userIds.0': 'This user has no access to this business.' });

    // Users of the business and provider staff are accepted.
    const saved = await putActions('Acme', current.version, [
      {
        type: 'push',
        signalTypes: ['alarm'],
        push: { userIds: [stayer.id, leaver.id, staffUser?.id], channels: ['internet'] },
      },
    ]);
    expect(saved.statusCode).toBe(200);
    const actionId = saved.json().actions[0].id;

    // The leaver loses access after the action was saved: skipped when it runs, and the status says so.
    await t.services.businessesRepo.deleteEntry(nodes.Acme ?? '', leaver.id);
    const eventId = await edge(plantDevice, { kind: 'alarm', key: 'flood' });
    await until(async () => {
      await t.services.actionWorker.nudge();
      const jobs = await jobsOf(eventId);
      return jobs.length === 1 && jobs.every((job) => job.status === 'done');
    });
    const notified = async (userId: string) =>
      (await t.db.selectFrom('notifications').select('body').where('userId', '=', userId).execute()).length;
    expect(await notified(stayer.id)).toBe(1);
    expect(await notified(staffUser?.id ?? '')).toBeGreaterThan(0);
    expect(await notified(leaver.id)).toBe(0);
    const after = (await call('GET', `${BUSINESSES}/${nodes.Acme}/actions`, tokens.admin)).json();
    const push = after.actions.find((action: { id: string }) => action.id === actionId);
    expect(push.status).toMatchObject({
      lastError: null,
      lastNotice: 'skipped users without access to the business: leaver@example.com',
    });
    // Skipped, not forgotten: once back, they are reached again.
    expect(push.push.userIds).toEqual([stayer.id, leaver.id, staffUser?.id]);
  });

  it('tests a callback target with a sample event, to administrators of the business', async () => {
    receiver.received.length = 0;
    callbackAnswers = [201];
    const payload = {
      businessId: nodes.Plant,
      url: `${receiver.url}/try`,
      auth: { type: 'apiKey', location: 'query', name: 'key', value: 's3cret' },
    };
    const response = await call('POST', `${BUSINESSES}/test-action-callback`, tokens.admin, payload);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 201, body: '{"ok":true}', error: null });
    expect(receiver.received[0]?.url).toBe('/try?key=s3cret');
    expect(receiver.received[0]?.body).toMatchObject({ businessId: nodes.Plant, raised: true });
    expect((await call('POST', `${BUSINESSES}/test-action-callback`, tokens.viewer, payload)).statusCode).toBe(403);
    expect((await call('POST', `${BUSINESSES}/test-action-callback`, tokens.bravo, payload)).statusCode).toBe(404);
    // A plan without third-party integration has no callbacks to test.
    const features = { thirdyPartyIntegration: false };
    await t.services.plansRepo.insert({ businessId: nodes.Bravo ?? '', name: 'Basic', features }, Date.now() + 1);
    const refused = await call('POST', `${BUSINESSES}/test-action-callback`, tokens.bravo, {
      ...payload,
      businessId: nodes.Bravo,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('plan.unavailable');
  });

  it('forgets finished jobs after a week and given-up ones after a month', async () => {
    const day = 24 * 60 * 60_000;
    const job = (id: string, status: 'done' | 'failed' | 'pending', daysAgo: number) => ({
      id,
      businessId: nodes.Acme ?? '',
      actionId: 'old-action',
      action: '{}',
      event: '{}',
      status,
      attempts: 1,
      runAt: Date.now() - daysAgo * day,
      lockedUntil: null,
      lastError: null,
      createdAt: Date.now() - daysAgo * day,
    });
    await t.db
      .insertInto('actionJobs')
      .values([
        job('done-old', 'done', 8),
        job('done-recent', 'done', 6),
        job('failed-old', 'failed', 31),
        job('failed-recent', 'failed', 8),
      ])
      .execute();
    await t.services.actionWorker.prune();
    const left = await t.db.selectFrom('actionJobs').select('id').where('actionId', '=', 'old-action').execute();
    expect(left.map((row) => row.id).sort()).toEqual(['done-recent', 'failed-recent']);
  });

  it('texts and calls only users who take calls now, and calls again as the voice action says when nobody answers', async () => {
    const onCall = await t.createUser('oncall@example.com', PASSWORD);
    const resting = await t.createUser('resting@example.com', PASSWORD);
    for (const user of [onCall, resting])
      await t.services.businessesRepo.setEntry(nodes.Acme ?? '', user.id, 'viewer', Date.now());
    const closedAllWeek = Object.fromEntries(
      ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'].map((day) => [
        day,
        { enabled: false, from: '00:00', to: '23:59' },
      ]),
    );
    await t.db.updateTable('users').set({ phone: '+1 555 0001' }).where('id', '=', onCall.id).execute();
    await t.db
      .updateTable('users')
      .set({ phone: '+1 555 0002', callReception: JSON.stringify(closedAllWeek) })
      .where('id', '=', resting.id)
      .execute();
    // SMS needs a plan that has it.
    const smsPlan = { pushNotifSMS: true };
    await t.services.plansRepo.insert({ businessId: nodes.Acme ?? '', name: 'SMS', features: smsPlan }, Date.now());
    const current = (await call('GET', `${BUSINESSES}/${nodes.Acme}/actions`, tokens.admin)).json();
    const saved = await putActions('Acme', current.version, [
      { type: 'push', signalTypes: ['alarm'], push: { userIds: [onCall.id, resting.id], channels: ['sms'] } },
      {
        type: 'voice',
        signalTypes: ['alarm'],
        voice: { userIds: [onCall.id, resting.id], retries: 1, retryIntervalMinutes: 3 },
      },
    ]);
    expect(saved.statusCode).toBe(200);
    messaging.received.length = 0;
    callOutcome = 'no-answer';
    const before = Date.now();
    const eventId = await edge(plantDevice, { kind: 'alarm', key: 'smoke' });
    const voiceJob = async () => (await jobsOf(eventId)).find((job) => JSON.parse(job.action).type === 'voice');
    await until(async () => {
      await t.services.actionWorker.nudge();
      return (await voiceJob())?.attempts === 1 && (await voiceJob())?.lockedUntil === null;
    });
    const waiting = await voiceJob();
    expect(waiting).toMatchObject({ status: 'pending', lastError: 'call to +1 555 0001 not answered (no-answer)' });
    // The action's own retry interval, not the exponential backoff.
    expect(Number(waiting?.runAt)).toBeGreaterThanOrEqual(before + 3 * 60_000);
    await t.db
      .updateTable('actionJobs')
      .set({ runAt: Date.now() })
      .where('id', '=', waiting?.id ?? '')
      .execute();
    await t.services.actionWorker.nudge();
    // One retry only: given up after the second call.
    expect(await voiceJob()).toMatchObject({ status: 'failed', attempts: 2 });
    const calls = messaging.received.filter((request) => request.url === '/calls');
    expect(calls.map((request) => (request.body as { to: string }).to)).toEqual(['+1 555 0001', '+1 555 0001']);
    const texts = messaging.received.filter((request) => request.url === '/messages');
    expect(texts.map((request) => request.body)).toEqual([
      { channel: 'sms', to: '+1 555 0001', text: expect.stringContaining('is in alarm') },
    ]);
    callOutcome = 'completed';
  });

  it("words mail, SMS and calls in each recipient's language and timezone, typed addresses in the product's (issue 32)", async () => {
    const ines = await t.createUser('ines@example.com', PASSWORD, { language: 'pt' });
    await t.services.businessesRepo.setEntry(nodes.Acme ?? '', ines.id, 'viewer', Date.now());
    await t.db.updateTable('users').set({ phone: '+351 910 000 002', timezone: 1 }).where('id', '=', ines.id).execute();
    const smsPlan = { pushNotifSMS: true };
    await t.services.plansRepo.insert({ businessId: nodes.Acme ?? '', name: 'SMS', features: smsPlan }, Date.now());
    const current = (await call('GET', `${BUSINESSES}/${nodes.Acme}/actions`, tokens.admin)).json();
    const saved = await putActions('Acme', current.version, [
      {
        type: 'email',
        signalTypes: ['alarm'],
        email: { mode: 'custom', addresses: 'Ines@Example.com, outsider@example.com' },
      },
      { type: 'push', signalTypes: ['alarm'], push: { userIds: [ines.id], channels: ['sms'] } },
      { type: 'voice', signalTypes: ['alarm'], voice: { userIds: [ines.id] } },
    ]);
    expect(saved.statusCode).toBe(200);
    messaging.received.length = 0;
    const eventId = await edge(plantDevice, { kind: 'alarm', key: 'frost' });
    await until(async () => {
      await t.services.actionWorker.nudge();
      return (await jobsOf(eventId)).every((job) => job.status === 'done');
    });
    const { date } = await t.db
      .selectFrom('conditionEvents')
      .select('date')
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow();
    const hour = (utcOffset: number) => (new Date(Number(date)).getUTCHours() + utcOffset) % 24;

    const toInes = await t.inbox.waitForMail('ines@example.com');
    expect(toInes.subject).toBe(`${plantDevice.uuid}: Temperatura em alarme`);
    expect(toInes.text.trim()).toMatch(
      new RegExp(
        `^${plantDevice.uuid}: Temperatura está em alarme \\(valor 31,5 °C\\)\\. Hora: .*\\b${String(hour(1)).padStart(2, '0')}:\\d\\d:\\d\\d \\(UTC\\+1\\)\\.$`,
      ),
    );
    const toOutsider = await t.inbox.waitForMail('outsider@example.com');
    expect(toOutsider.subject).toBe(`${plantDevice.uuid}: Temperature in alarm`);
    expect(toOutsider.text.trim()).toMatch(
      new RegExp(
        `is in alarm \\(value 31\\.5 °C\\)\\. Time: .*\\b${hour(0) % 12 || 12}:\\d\\d:\\d\\d\\s[AP]M \\(UTC\\)\\.$`,
      ),
    );

    const texts = messaging.received.filter((request) => request.url === '/messages');
    expect(texts.map((request) => request.body)).toEqual([
      { channel: 'sms', to: '+351 910 000 002', text: toInes.text.trim() },
    ]);
    const calls = messaging.received.filter((request) => request.url === '/calls');
    expect(calls.map((request) => request.body)).toEqual([
      { to: '+351 910 000 002', text: toInes.text.trim(), language: 'pt' },
    ]);
  });

  it('posts a text message to Geotab after signing in, once the plan has Geotab', async () => {
    const features = { geotabIntegration: true };
    await t.services.plansRepo.insert({ businessId: nodes.Acme ?? '', name: 'Geotab', features }, Date.now() + 1);
    const current = (await call('GET', `${BUSINESSES}/${nodes.Acme}/actions`, tokens.admin)).json();
    const login = { server: 'fleet.example', database: 'fleet', username: 'ana', password: 'right' };
    const saved = await putActions('Acme', current.version, [
      { type: 'geotab', signalTypes: ['alarm'], geotab: login },
    ]);
    expect(saved.statusCode).toBe(200);
    geotab.received.length = 0;
    const eventId = await edge(plantDevice, { kind: 'alarm', key: 'tilt' });
    await until(async () => {
      await t.services.actionWorker.nudge();
      return (await jobsOf(eventId))[0]?.status === 'done';
    });
    expect(geotab.received.map((request) => (request.body as { method: string }).method)).toEqual([
      'Authenticate',
      'Add',
    ]);
    expect(geotab.received[1]?.body).toMatchObject({
      params: {
        typeName: 'TextMessage',
        credentials: { sessionId: 's1' },
        entity: { messageContent: { message: expect.stringContaining('Temperature in alarm') } },
      },
    });
  });

  it('answers a Geotab server name that is not one with 400 and a field error, calling no server', async () => {
    geotab.received.length = 0;
    const login = { database: 'fleet', username: 'ana', password: 'right' };
    for (const server of ['my geotab.com', 'ana@my.geotab.com', 'my.geotab.com/apiv1?x=', 'https://my.geotab.com']) {
      const refused = await call('POST', '/api/geotab/DIG/Authenticate?lang=pt', tokens.admin, { ...login, server });
      expect(refused.statusCode, server).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'validation.failed',
        fields: { server: 'Introduza um nome de servidor, como my.geotab.com.' },
      });
    }
    expect(geotab.received).toEqual([]);
    const withPort = await call('POST', '/api/geotab/DIG/Authenticate', tokens.admin, {
      ...login,
      server: 'my1.geotab.com:8443',
    });
    expect(withPort.statusCode, withPort.body).toBe(200);
  });

  it('checks Geotab credentials: wrong ones, an absent session and an unreachable server are named', async () => {
    geotab.received.length = 0;
    const check = (payload: object) => call('POST', '/api/geotab/DIG/Authenticate', tokens.admin, payload);
    const login = { server: 'my.geotab.com', database: 'fleet', username: 'ana', password: 'right' };
    const ok = await check(login);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    expect(geotab.received[0]?.url).toBe('/my.geotab.com/apiv1');
    const wrong = await check({ ...login, password: 'wrong' });
    expect([wrong.statusCode, wrong.json().code]).toEqual([422, 'geotab.invalid_credentials']);
    const stale = await check({ ...login, username: 'stale' });
    expect([stale.statusCode, stale.json().code]).toEqual([422, 'geotab.session_expired']);
    await geotab.close();
    const down = await check(login);
    expect([down.statusCode, down.json().code]).toEqual([502, 'geotab.unreachable']);
    expect((await call('POST', '/api/geotab/DIG/Authenticate', undefined, login)).statusCode).toBe(401);
  });

  it('forgets condition edges a week after they were dispatched, never before', async () => {
    const day = 24 * 60 * 60_000;
    const edgeAt = (suffix: string, daysAgo: number, dispatched: boolean) => ({
      id: `${conditionEventIdPrefix(Date.now() - daysAgo * day)}00000${suffix}`,
      deviceId: plantDevice.uuid,
      conditionKey: 'old',
      signal: 'temperature',
      kind: 'value' as const,
      raised: 1,
      value: '1',
      date: Date.now() - daysAgo * day,
      createdAt: Date.now() - daysAgo * day,
      // Dispatched long ago, or (the last one) never: that one waits for the dispatcher whatever its age.
      dispatchedAt: dispatched ? Date.now() - daysAgo * day : null,
    });
    const old = [edgeAt('aaaaaaaa', 8, true), edgeAt('bbbbbbbb', 6, true), edgeAt('cccccccc', 8, false)];
    // Inserted straight into the outbox with the dispatcher stopped (it would dispatch the last one): the last test.
    await t.services.actionDispatcher.close();
    await t.db.insertInto('conditionEvents').values(old).execute();
    await t.services.actionDispatcher.prune();
    const left = await t.db.selectFrom('conditionEvents').select('id').where('conditionKey', '=', 'old').execute();
    expect(left.map((row) => row.id).sort()).toEqual([old[1]?.id, old[2]?.id].sort());
  });
});
