import type { Alarm, AlarmWithHistory, BusinessRole, Device, LiveEvent } from '@iot/shared';
import type { Selectable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConditionEventsTable } from '../../db/schema.js';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';
import { applyConditionEvent } from './engine.js';
import { startSnoozeSweeper } from './snooze-sweeper.js';

const PASSWORD = 'a good password';
const HOUR = 3_600_000;

describe.each(databaseKinds())('alarms on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  const nodes: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  const userIds: Record<string, string> = {};
  let tracker: Device;
  let pager: Device;
  let bravoTracker: Device;
  let sequence = 0;
  const published: LiveEvent[] = [];

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string | undefined, payload?: object) =>
    t.request({ method, url, token, ...(payload ? { payload } : {}) });

  /**
   * An edge as ingest records it, inserted directly; ids sort in the order the edges are made. It is marked
   * dispatched so the app's own dispatcher leaves it to the test, which applies it to the engine itself.
   */
  async function edge(
    device: Device,
    key: string,
    raised: boolean,
    options: { date?: number; value?: unknown } = {},
  ): Promise<Selectable<ConditionEventsTable>> {
    sequence += 1;
    const row = {
      id: `edge-${String(sequence).padStart(8, '0')}`,
      deviceId: device.uuid,
      conditionKey: key,
      signal: key.startsWith('rule:') ? (key.split(':')[1] ?? key) : key,
      kind: key.startsWith('rule:') ? ('value' as const) : ('alarm' as const),
      raised: raised ? 1 : 0,
      value: JSON.stringify(options.value ?? raised),
      date: options.date ?? Date.now(),
      createdAt: Date.now(),
      dispatchedAt: Date.now(),
    };
    await t.db.insertInto('conditionEvents').values(row).execute();
    return row;
  }
  const apply = (event: Selectable<ConditionEventsTable>, at = Date.now()) =>
    t.db.transaction().execute((trx) => applyConditionEvent(trx, event, at));
  const alarm = async (id: string, token = staff) => (await call('GET', `/api/alarms/${id}`, token)).json();
  const notificationsOf = (name: string) =>
    t.db
      .selectFrom('notifications')
      .selectAll()
      .where('userId', '=', userIds[name] ?? '')
      .execute();

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    staff = await t.signIn('staff@example.com', PASSWORD);
    Object.assign(nodes, await t.createTree(staff, [['Acme'], ['Plant', 'Acme'], ['Store', 'Acme'], ['Bravo']]));
    const userWith = async (name: string, node: string, role: BusinessRole) => {
      tokens[name] = await t.userWith(name, PASSWORD, nodes[node] ?? '', role);
      const row = await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', `${name}@example.com`)
        .executeTakeFirstOrThrow();
      userIds[name] = row.id;
    };
    await userWith('admin', 'Acme', 'admin');
    await userWith('user', 'Plant', 'user');
    await userWith('viewer', 'Plant', 'viewer');
    await userWith('store', 'Store', 'admin');
    await userWith('bravo', 'Bravo', 'admin');
    const create = async (payload: object) => (await call('POST', '/api/devices', staff, payload)).json() as Device;
    tracker = await create({ businessId: nodes.Plant, deviceType: 'gps-tracker', IMEI: '490154203237518' });
    pager = await create({ businessId: nodes.Plant, deviceType: 'gps-tracker', IMEI: '356938035643809' });
    bravoTracker = await create({ businessId: nodes.Bravo, deviceType: 'gps-tracker', IMEI: '353918057929438' });
    t.services.liveEvents.subscribe(({ event }) => {
      if (event.type === 'alarm') published.push(event);
    });
  });
  afterAll(async () => t?.close());

  describe('the engine', () => {
    it('raises an active alarm on a raised edge, and notifies who sees the device (not a sibling business)', async () => {
      const changes = await apply(await edge(tracker, 'sos', true, { date: Date.parse('2026-05-01T10:00:00Z') }));
      expect(changes).toEqual([{ alarmId: expect.any(String), transition: 'firstActivation' }]);
      const raised = (await alarm(changes[0]?.alarmId ?? '')) as AlarmWithHistory;
      expect(raised).toMatchObject({
        sequenceId: 1,
        status: 'active',
        conditionActive: true,
        snoozedUntil: null,
        signal: 'sos',
        signalName: 'SOS',
        source: 'signal',
        value: true,
        device: { uuid: tracker.uuid },
        asset: null,
        businessId: nodes.Plant,
        raisedAt: '2026-05-01T10:00:00.000Z',
        version: 1,
        history: [{ transition: 'firstActivation', user: null, comment: null, date: '2026-05-01T10:00:00.000Z' }],
      });
      for (const name of ['admin', 'user', 'viewer']) {
        expect(await notificationsOf(name), name).toEqual([
          expect.objectContaining({
            code: 'notification.alarm_raised',
            params: expect.stringContaining('"signal":"SOS"'),
          }),
        ]);
      }
      expect(await notificationsOf('store')).toEqual([]);
      expect(await notificationsOf('bravo')).toEqual([]);
    });

    it('latches when the condition clears and reactivates when it comes back; an edge applied twice counts once', async () => {
      // All in one millisecond: the history keeps the order the steps were recorded in.
      const start = Date.now();
      const [raised] = await apply(await edge(tracker, 'low_battery', true, { date: start }));
      const cleared = await edge(tracker, 'low_battery', false, { value: false, date: start });
      expect(await apply(cleared)).toEqual([{ alarmId: raised?.alarmId, transition: 'problemSolved' }]);
      expect(await apply(cleared)).toEqual([]);
      expect(await alarm(raised?.alarmId ?? '')).toMatchObject({
        status: 'latched',
        conditionActive: false,
        version: 2,
      });
      const again = await edge(tracker, 'low_battery', true, { date: start });
      expect(await apply(again)).toEqual([{ alarmId: raised?.alarmId, transition: 'reactivated' }]);
      expect(await apply(again)).toEqual([]);
      const reactivated = (await alarm(raised?.alarmId ?? '')) as AlarmWithHistory;
      expect(reactivated.status).toBe('active');
      expect(reactivated.history.map((entry) => entry.transition)).toEqual([
        'firstActivation',
        'problemSolved',
        'reactivated',
      ]);
      // A cleared edge with no open alarm raises nothing.
      expect(await apply(await edge(tracker, 'never-raised', false))).toEqual([]);
    });

    it('raises a new alarm, numbered after the last, once the previous one is acknowledged', async () => {
      const key = 'rule:speed:above:120';
      const [first] = await apply(await edge(tracker, key, true, { value: 130 }));
      const before = (await alarm(first?.alarmId ?? '')) as Alarm;
      expect(before.source).toBe('rule');
      const acknowledged = await call('POST', `/api/alarms/${before.id}/acknowledge`, tokens.user, {
        version: before.version,
      });
      expect(acknowledged.statusCode, acknowledged.body).toBe(200);
      await apply(await edge(tracker, key, false, { value: 100 }));
      const [second] = await apply(await edge(tracker, key, true, { value: 140 }));
      expect(second?.transition).toBe('firstActivation');
      expect(second?.alarmId).not.toBe(first?.alarmId);
      expect((await alarm(second?.alarmId ?? '')) as Alarm).toMatchObject({
        sequenceId: before.sequenceId + 1,
        value: 140,
      });
      expect(((await alarm(first?.alarmId ?? '')) as Alarm).status).toBe('acknowledged');
    });
  });

  describe('the API', () => {
    let open: Alarm;

    beforeAll(async () => {
      const [change] = await apply(await edge(pager, 'sos', true, { date: Date.parse('2026-06-01T00:00:00Z') }));
      open = (await alarm(change?.alarmId ?? '')) as Alarm;
    });

    it('lists the subtree alarms the caller sees, newest raised first, filtered and paged', async () => {
      const list = (business: string, query: string, token = tokens.viewer) =>
        call('GET', `/api/customer-business/${nodes[business]}/alarms?${query}`, token);
      const all = await list('Plant', '');
      expect(all.statusCode, all.body).toBe(200);
      const page = all.json();
      expect(page.totalElements).toBeGreaterThanOrEqual(4);
      const raised = page.data.map((entry: Alarm) => Date.parse(entry.raisedAt));
      expect(raised).toEqual([...raised].sort((a, b) => b - a));
      expect((await list('Acme', '', tokens.admin)).json().totalElements).toBe(page.totalElements);
      expect((await list('Store', '', tokens.admin)).json()).toEqual({ data: [], totalElements: 0, hasNext: false });
      expect((await list('Plant', `deviceUUID=${pager.uuid}`)).json().data.map((entry: Alarm) => entry.id)).toEqual([
        open.id,
      ]);
      const acknowledged = (await list('Plant', 'status=acknowledged')).json();
      expect(acknowledged.data.every((entry: Alarm) => entry.status === 'acknowledged')).toBe(true);
      expect(acknowledged.totalElements).toBeGreaterThanOrEqual(1);
      expect((await list('Plant', 'status=active,latched')).json().totalElements).toBe(
        page.totalElements - acknowledged.totalElements,
      );
      const june = (await list('Plant', 'fromDate=2026-06-01T00:00:00Z&toDate=2026-06-01T00:00:01Z')).json();
      expect(june.data.map((entry: Alarm) => entry.id)).toEqual([open.id]);
      // An asset that does not exist (or is out of reach) is not found (`asset-integration.test.ts` lists an asset's).
      expect((await list('Plant', 'assetID=any')).statusCode).toBe(404);
      const first = (await list('Plant', 'pageSize=10&page=1')).json();
      expect(first.hasNext).toBe(page.totalElements > 10);
      expect((await list('Plant', 'page=2&pageSize=10')).json().data).toHaveLength(
        Math.max(0, page.totalElements - 10),
      );
      expect((await list('Plant', 'pageSize=7')).statusCode).toBe(400);
      expect((await list('Plant', 'status=bogus')).statusCode).toBe(400);
    });

    it('pages eleven alarms ten at a time', async () => {
      for (let index = 0; index < 11; index += 1) await apply(await edge(bravoTracker, `key${index}`, true));
      const page = (number: number) =>
        call('GET', `/api/customer-business/${nodes.Bravo}/alarms?page=${number}&pageSize=10`, tokens.bravo);
      expect((await page(1)).json()).toMatchObject({ totalElements: 11, hasNext: true });
      expect((await page(2)).json()).toMatchObject({ totalElements: 11, hasNext: false, data: [expect.any(Object)] });
    });

    describe('GET /api/alarms (every business the caller sees)', () => {
      const visible = (query: string, token: string | undefined) => call('GET', `/api/alarms?${query}`, token);
      /** Every alarm of the query, walking its keyset pages. */
      async function walk(query: string, token: string) {
        const seen: Alarm[] = [];
        let after = '';
        for (let pages = 0; pages < 20; pages += 1) {
          const response = await visible(`${query}&pageSize=10${after}`, token);
          expect(response.statusCode, response.body).toBe(200);
          const page = response.json();
          seen.push(...page.data);
          expect(page.next === null).toBe(!page.hasNext);
          if (!page.hasNext) return seen;
          after = `&after=${encodeURIComponent(page.next)}`;
        }
        throw new Error('too many pages');
      }

      it("lists every tenant's alarms to provider staff and only their own to others, newest raised first", async () => {
        const all = await walk('status=', staff);
        expect(new Set(all.map((entry) => entry.id)).size).toBe(all.length);
        const order = all.map((entry) => `${entry.raisedAt} ${entry.id}`);
        expect(order).toEqual([...order].sort().reverse());
        const plant = all.filter((entry) => entry.businessId === nodes.Plant);
        const bravo = all.filter((entry) => entry.businessId === nodes.Bravo);
        expect(plant.length).toBeGreaterThanOrEqual(4);
        expect(bravo.length).toBe(11);
        expect(all).toHaveLength(plant.length + bravo.length);
        const ids = (alarms: Alarm[]) => alarms.map((entry) => entry.id).sort();
        expect(ids(await walk('', tokens.admin ?? ''))).toEqual(ids(plant));
        expect(ids(await walk('', tokens.bravo ?? ''))).toEqual(ids(bravo));
        expect((await visible('', tokens.store)).json()).toEqual({ data: [], hasNext: false, next: null });
      });

      it('narrows to a subtree, a device, statuses and dates; another tenant’s business or device is 404', async () => {
        const ids = async (query: string, token = tokens.admin) =>
          (await visible(query, token)).json().data.map((entry: Alarm) => entry.id);
        expect(await ids(`business=${nodes.Plant}&pageSize=100`)).toEqual(await ids('pageSize=100'));
        expect(await ids(`business=${nodes.Store}`)).toEqual([]);
        expect(await ids(`business=${nodes.Bravo}`, staff)).toHaveLength(11);
        expect(await ids(`deviceUUID=${pager.uuid}`)).toEqual([open.id]);
        expect(await ids('fromDate=2026-06-01T00:00:00Z&toDate=2026-06-01T00:00:01Z')).toEqual([open.id]);
        const acknowledged = (await visible('status=acknowledged&pageSize=100', tokens.admin)).json().data as Alarm[];
        expect(acknowledged.length).toBeGreaterThanOrEqual(1);
        expect(acknowledged.every((entry) => entry.status === 'acknowledged')).toBe(true);
        expect((await visible(`business=${nodes.Plant}`, tokens.bravo)).statusCode).toBe(404);
        expect((await visible(`business=${nodes.Acme}`, tokens.viewer)).statusCode).toBe(404);
        expect((await visible(`deviceUUID=${pager.uuid}`, tokens.bravo)).statusCode).toBe(404);
        expect((await visible('', undefined)).statusCode).toBe(401);
        for (const bad of ['after=1_x_%00', 'after=notacursor', 'pageSize=7', 'status=bogus', 'business=']) {
          expect((await visible(bad, tokens.admin)).statusCode, bad).toBe(400);
        }
      });

      it("numbers each tenant's alarms from 1, across its devices", async () => {
        const all = await walk('status=', staff);
        for (const business of [nodes.Plant, nodes.Bravo]) {
          const numbers = all.filter((entry) => entry.businessId === business).map((entry) => entry.number);
          expect(numbers.sort((a, b) => a - b)).toEqual(numbers.map((_, index) => index + 1));
        }
        const acme = all.filter((entry) => entry.businessId === nodes.Plant);
        expect(new Set(acme.map((entry) => entry.device.uuid)).size).toBe(2);
        expect(acme.filter((entry) => entry.sequenceId === 1).length).toBeGreaterThan(1);
      });
    });

    it("answers 404 for another tenant's alarms and 401 to nobody", async () => {
      expect((await call('GET', `/api/customer-business/${nodes.Plant}/alarms`, tokens.bravo)).statusCode).toBe(404);
      expect((await call('GET', `/api/customer-business/${nodes.Plant}/alarms`, undefined)).statusCode).toBe(401);
      const other = await call('GET', `/api/alarms/${open.id}`, tokens.bravo);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ code: 'not_found', message: expect.any(String) });
      expect((await call('GET', `/api/alarms/${open.id}`, tokens.store)).statusCode).toBe(404);
      expect((await call('GET', `/api/alarms/${open.id}`, undefined)).statusCode).toBe(401);
      for (const action of ['acknowledge', 'snooze', 'comment']) {
        const response = await call('POST', `/api/alarms/${open.id}/${action}`, tokens.bravo, {
          version: open.version,
          minutes: 15,
          comment: 'x',
        });
        expect(response.statusCode, action).toBe(404);
      }
    });

    it('reads an alarm with its history for a viewer, who may not change it', async () => {
      const read = await call('GET', `/api/alarms/${open.id}`, tokens.viewer);
      expect(read.statusCode).toBe(200);
      expect(read.json().history).toHaveLength(1);
      for (const action of ['acknowledge', 'snooze', 'comment']) {
        const response = await call('POST', `/api/alarms/${open.id}/${action}`, tokens.viewer, {
          version: open.version,
          minutes: 15,
          comment: 'x',
        });
        expect(response.statusCode, action).toBe(403);
        expect(response.json().code).toBe('forbidden');
      }
    });

    it('comments, snoozes and acknowledges over the version read, each recorded and published', async () => {
      published.length = 0;
      const stale = await call('POST', `/api/alarms/${open.id}/comment?lang=pt`, tokens.user, {
        version: open.version + 5,
        comment: 'checking',
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ code: 'conflict', message: expect.any(String) });

      const commented = await call('POST', `/api/alarms/${open.id}/comment`, tokens.user, {
        version: open.version,
        comment: 'checking',
      });
      expect(commented.statusCode, commented.body).toBe(200);
      const afterComment = commented.json() as AlarmWithHistory;
      expect(afterComment).toMatchObject({ status: 'active', version: open.version + 1 });
      expect(afterComment.history.at(-1)).toMatchObject({
        transition: 'neutralComment',
        user: { id: userIds.user, name: 'user@example.com' },
        comment: 'checking',
      });
      expect(
        (
          await call('POST', `/api/alarms/${open.id}/comment`, tokens.user, {
            version: afterComment.version,
            comment: ' ',
          })
        ).statusCode,
      ).toBe(400);

      const before = Date.now();
      const snoozed = await call('POST', `/api/alarms/${open.id}/snooze`, tokens.user, {
        version: afterComment.version,
        minutes: 60,
        comment: 'after lunch',
      });
      expect(snoozed.statusCode, snoozed.body).toBe(200);
      const afterSnooze = snoozed.json() as AlarmWithHistory;
      expect(afterSnooze.status).toBe('snoozed');
      const until = Date.parse(afterSnooze.snoozedUntil ?? '');
      expect(until).toBeGreaterThanOrEqual(before + HOUR);
      expect(until).toBeLessThanOrEqual(Date.now() + HOUR);
      expect(afterSnooze.history.at(-1)).toMatchObject({ transition: 'snoozedByUser', comment: 'after lunch' });

      const acknowledged = await call('POST', `/api/alarms/${open.id}/acknowledge`, tokens.admin, {
        version: afterSnooze.version,
        comment: 'done',
      });
      expect(acknowledged.statusCode, acknowledged.body).toBe(200);
      const closed = acknowledged.json() as AlarmWithHistory;
      expect(closed).toMatchObject({ status: 'acknowledged', snoozedUntil: null });
      expect(closed.history.map((entry) => entry.transition)).toEqual([
        'firstActivation',
        'neutralComment',
        'snoozedByUser',
        'acknowledgedByUser',
      ]);

      const again = await call('POST', `/api/alarms/${open.id}/acknowledge?lang=pt`, tokens.user, {
        version: closed.version,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ code: 'alarm.already_acknowledged', message: 'Este alarme já foi reconhecido.' });
      const snoozeClosed = await call('POST', `/api/alarms/${open.id}/snooze`, tokens.user, {
        version: closed.version,
        minutes: 15,
      });
      expect(snoozeClosed.json().code).toBe('alarm.already_acknowledged');
      // A comment is still welcome on a closed alarm.
      const late = await call('POST', `/api/alarms/${open.id}/comment`, tokens.user, {
        version: closed.version,
        comment: 'root cause: loose wire',
      });
      expect(late.statusCode).toBe(200);

      await vi.waitFor(() =>
        expect(published.filter((event) => event.type === 'alarm' && event.alarm.id === open.id)).toHaveLength(4),
      );
      const ofOpen = published.filter((event) => event.type === 'alarm' && event.alarm.id === open.id);
      expect(ofOpen.map((event) => event.type === 'alarm' && event.transition)).toEqual([
        'neutralComment',
        'snoozedByUser',
        'acknowledgedByUser',
        'neutralComment',
      ]);
      expect(ofOpen[2]).toMatchObject({
        deviceUUID: pager.uuid,
        businessId: nodes.Plant,
        alarm: { id: open.id, status: 'acknowledged' },
      });
    });
  });

  describe('the snooze sweeper', () => {
    const sweeperAt = (at: number) =>
      startSnoozeSweeper({
        db: t.db,
        publish: t.services.liveEvents.publish,
        log: t.app.log,
        intervalMs: HOUR,
        now: () => at,
      });
    const snooze = async (id: string) => {
      const current = (await alarm(id)) as Alarm;
      const response = await call('POST', `/api/alarms/${id}/snooze`, tokens.user, {
        version: current.version,
        minutes: 15,
      });
      expect(response.statusCode, response.body).toBe(200);
    };

    it('wakes a snoozed alarm whose condition is present (activatedFromSnooze), and notifies again', async () => {
      const [raised] = await apply(await edge(pager, 'low_battery', true));
      const id = raised?.alarmId ?? '';
      await snooze(id);
      const early = sweeperAt(Date.now() + 60_000);
      expect(await early.sweep()).toEqual([]);
      await early.stop();
      const notified = (await notificationsOf('viewer')).length;
      const late = sweeperAt(Date.now() + HOUR);
      expect(await late.sweep()).toEqual([{ alarmId: id, transition: 'activatedFromSnooze' }]);
      await late.stop();
      expect(await alarm(id)).toMatchObject({ status: 'active', snoozedUntil: null });
      expect(await notificationsOf('viewer')).toHaveLength(notified + 1);
    });

    it('latches a snoozed alarm whose condition went away, or acknowledges it with the device option', async () => {
      const latchedAfterSnooze = async () => {
        const key = `rule:speed:below:${sequence}`;
        const [raised] = await apply(await edge(pager, key, true));
        await apply(await edge(pager, key, false));
        await snooze(raised?.alarmId ?? '');
        return raised?.alarmId ?? '';
      };
      const plain = await latchedAfterSnooze();
      const sweeper = sweeperAt(Date.now() + HOUR);
      // Latched again without a named transition: still a change the screens are told of.
      expect(await sweeper.sweep()).toEqual([{ alarmId: plain, transition: null }]);
      expect(await alarm(plain)).toMatchObject({ status: 'latched', snoozedUntil: null });

      const config = (await call('GET', `/api/devices/${pager.uuid}/alarms`, staff)).json();
      const option = await call('PATCH', `/api/devices/${pager.uuid}/alarms`, tokens.user, {
        version: config.version,
        autoAcknowledgeLatchedWhileSnoozed: true,
      });
      expect(option.statusCode, option.body).toBe(200);
      const automatic = await latchedAfterSnooze();
      expect(await sweeper.sweep()).toEqual([{ alarmId: automatic, transition: 'autoAcknowledgedFromSnooze' }]);
      await sweeper.stop();
      const closed = (await alarm(automatic)) as AlarmWithHistory;
      expect(closed.status).toBe('acknowledged');
      expect(closed.history.at(-1)).toMatchObject({ transition: 'autoAcknowledgedFromSnooze', user: null });
    });
  });
});
