import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractsTable } from '../../db/schema.js';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';
import { startContractJob } from './job.js';

const PASSWORD = 'a good password';
const DAY_MS = 86_400_000;

describe.each(databaseKinds())('credits, tokens and the contract job on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let staffId: string;
  let adminId: string;
  let ptAdminId: string;
  let viewerId: string;
  let tenant: string;
  let sigfoxCount = 0;

  /** A level under `parentId` (the test tenant by default), made through the API. */
  async function level(description: string, parentId = tenant): Promise<{ id: string; path: string }> {
    const response = await t.request({
      method: 'POST',
      url: `/api/customer-business/${parentId}`,
      token: staff,
      payload: { description },
    });
    if (response.statusCode !== 201 && response.statusCode !== 200) throw new Error(response.body);
    const { id, path } = await t.db
      .selectFrom('businesses')
      .select(['id', 'path'])
      .where('id', '=', response.json()._id)
      .executeTakeFirstOrThrow();
    return { id, path };
  }

  /** A contract stored as the contracts' calls store it, bought now and reaching every level below unless told. */
  async function contract(businessId: string, values: Partial<Insertable<ContractsTable>> = {}) {
    const id = randomUUID();
    const now = Date.now();
    await t.db
      .insertInto('contracts')
      .values({
        id,
        businessId,
        name: `Contract ${id.slice(0, 8)}`,
        features: '{}',
        createdAt: now,
        updatedAt: now,
        purchasedAt: now,
        expiresAt: null,
        inheritableLevels: null,
        stateAt: now,
        periodStart: null,
        periodEnd: null,
        fromContractId: null,
        tokenType: null,
        tokenPeriodStart: null,
        ...values,
      })
      .execute();
    return id;
  }

  const contractRow = (id: string) =>
    t.db.selectFrom('contracts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const logOf = (id: string) =>
    t.db.selectFrom('contractLogs').selectAll().where('contractId', '=', id).orderBy('at').orderBy('id').execute();
  const sms = (businessPath: string, at?: number) =>
    t.services.credits.charge({
      channel: 'sms',
      businessPath,
      deviceId: 'device-1',
      deviceName: 'Boiler',
      ...(at === undefined ? {} : { at }),
    });
  const notificationsOf = (userId: string, code: string) =>
    t.db.selectFrom('notifications').selectAll().where('userId', '=', userId).where('code', '=', code).execute();

  async function sigfoxDevice(businessId: string) {
    sigfoxCount += 1;
    const response = await t.request({
      method: 'POST',
      url: '/api/devices',
      token: staff,
      payload: {
        businessId,
        deviceType: 'th-sensor-sigfox',
        sigfoxID: `${kind === 'sqlite' ? 'A' : 'B'}${String(sigfoxCount).padStart(5, '0')}`,
      },
    });
    if (response.statusCode !== 201 && response.statusCode !== 200) throw new Error(response.body);
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    staffId = (await t.createUser('staff@example.com', PASSWORD, { role: 'product' })).id;
    staff = await t.signIn('staff@example.com', PASSWORD);
    ({ Credits: tenant = '' } = await t.createTree(staff, [['Credits']]));
    adminId = (await t.createUser('admin@example.com', PASSWORD)).id;
    ptAdminId = (await t.createUser('ines@example.com', PASSWORD, { language: 'pt' })).id;
    viewerId = (await t.createUser('viewer@example.com', PASSWORD)).id;
    await t.services.businessesRepo.setEntry(tenant, adminId, 'admin', Date.now());
    await t.services.businessesRepo.setEntry(tenant, ptAdminId, 'superAdmin', Date.now());
    await t.services.businessesRepo.setEntry(tenant, viewerId, 'viewer', Date.now());
  });
  afterAll(async () => t?.close());

  describe('charging', () => {
    it('charges the governing contract what an SMS costs and logs it; a contract without credits never refuses', async () => {
      const plant = await level('Unmetered plant');
      const id = await contract(plant.id, { costSms: 3 });
      for (let i = 0; i < 4; i += 1) expect((await sms(plant.path)).outcome).toBe('charged');
      expect(await contractRow(id)).toMatchObject({ creditsSpent: 12, overUsageInPeriod: 0 });
      const log = await logOf(id);
      expect(log).toHaveLength(4);
      expect(log[0]).toMatchObject({ event: 'credit_consumption', amount: 3, userId: null });
      expect(JSON.parse(log[0]?.details ?? '')).toEqual({ channel: 'sms', deviceId: 'device-1', overUsage: 0 });
    });

    it('lets a send go uncharged where no contract governs (none, or one not bought, expired, or out of reach)', async () => {
      const top = await level('No contract');
      expect(await sms(top.path)).toEqual({ outcome: 'uncharged' });
      const pending = await level('Pending');
      await contract(pending.id, { purchasedAt: null, creditsTotal: 1 });
      const expired = await level('Expired');
      await contract(expired.id, { expiresAt: Date.now() - 1, creditsTotal: 1 });
      const shallow = await level('Shallow');
      await contract(shallow.id, { inheritableLevels: 0, creditsTotal: 1 });
      const below = await level('Below shallow', shallow.id);
      for (const path of [pending.path, expired.path, below.path]) {
        expect(await sms(path)).toEqual({ outcome: 'uncharged' });
      }
    });

    it('refuses at the credits left, changes nothing, and tells the admins once per contract and period', async () => {
      const plant = await level('Three credits');
      const id = await contract(plant.id, { creditsTotal: 10, creditsCarved: 7, costWhatsapp: 2 });
      expect((await sms(plant.path)).outcome).toBe('charged');
      expect((await sms(plant.path)).outcome).toBe('charged');
      const whatsapp = await t.services.credits.charge({
        channel: 'whatsapp',
        businessPath: plant.path,
        deviceId: 'device-1',
        deviceName: 'Boiler',
      });
      expect(whatsapp).toMatchObject({ outcome: 'refused', contractId: id });
      expect((await sms(plant.path)).outcome).toBe('charged');
      expect((await sms(plant.path)).outcome).toBe('refused');
      expect(await contractRow(id)).toMatchObject({ creditsSpent: 3, spentInPeriod: 3, overUsageInPeriod: 0 });
      expect(await logOf(id)).toHaveLength(3);
      const refusals = async (userId: string) =>
        (await notificationsOf(userId, 'notification.credit_refused')).filter(
          (row) => JSON.parse(row.params ?? '{}').contract === `Contract ${id.slice(0, 8)}`,
        );
      expect(await refusals(adminId)).toHaveLength(1);
      expect(JSON.parse((await refusals(adminId))[0]?.params ?? '')).toMatchObject({ device: 'Boiler' });
      expect(await refusals(ptAdminId)).toHaveLength(1);
      expect(await refusals(viewerId)).toHaveLength(0);
    });

    it("refuses beyond the period's limit though credits are left", async () => {
      const plant = await level('Daily limit');
      const at = Date.now();
      const day = { start: at - (at % DAY_MS), end: at - (at % DAY_MS) + DAY_MS };
      const id = await contract(plant.id, {
        creditsTotal: 100,
        creditPeriodType: 'daily',
        creditsPerPeriod: 2,
        creditLimitForPeriod: 2,
        periodStart: day.start,
        periodEnd: day.end,
      });
      expect((await sms(plant.path, at)).outcome).toBe('charged');
      expect((await sms(plant.path, at)).outcome).toBe('charged');
      expect((await sms(plant.path, at)).outcome).toBe('refused');
      expect(await contractRow(id)).toMatchObject({ creditsSpent: 2, spentInPeriod: 2 });
    });

    it('goes on beyond the limit when over-usage is allowed, recording the part beyond', async () => {
      const plant = await level('Over-usage');
      const at = Date.now();
      const id = await contract(plant.id, {
        creditsTotal: 100,
        creditPeriodType: 'daily',
        creditsPerPeriod: 3,
        creditLimitForPeriod: 3,
        periodStart: at - (at % DAY_MS),
        periodEnd: at - (at % DAY_MS) + DAY_MS,
        allowOverUsage: 1,
        costVoice: 2,
      });
      const call = (later: number) =>
        t.services.credits.charge({
          channel: 'voice',
          businessPath: plant.path,
          deviceId: 'd',
          deviceName: 'd',
          at: at + later,
        });
      expect(await call(0)).toMatchObject({ outcome: 'charged', overUsage: 0 });
      expect(await call(1)).toMatchObject({ outcome: 'charged', overUsage: 1 });
      expect(await call(2)).toMatchObject({ outcome: 'charged', overUsage: 2 });
      expect(await contractRow(id)).toMatchObject({ creditsSpent: 6, spentInPeriod: 6, overUsageInPeriod: 3 });
      const details = (await logOf(id)).map((row) => JSON.parse(row.details).overUsage);
      expect(details).toEqual([0, 1, 2]);
    });

    it('never exceeds a limit under concurrent charges', async () => {
      const byPeriod = await level('Concurrent period');
      const at = Date.now();
      const periodId = await contract(byPeriod.id, {
        creditsTotal: 1000,
        creditPeriodType: 'daily',
        creditsPerPeriod: 5,
        creditLimitForPeriod: 5,
        periodStart: at - (at % DAY_MS),
        periodEnd: at - (at % DAY_MS) + DAY_MS,
      });
      const byTotal = await level('Concurrent total');
      const totalId = await contract(byTotal.id, { creditsTotal: 7 });
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, (_, i) => sms(i % 2 === 0 ? byPeriod.path : byTotal.path, at)),
      );
      const charged = (contractId: string) =>
        outcomes.filter((outcome) => outcome.outcome === 'charged' && outcome.contractId === contractId).length;
      expect(charged(periodId)).toBe(5);
      expect(charged(totalId)).toBe(7);
      expect(await contractRow(periodId)).toMatchObject({ creditsSpent: 5, spentInPeriod: 5 });
      expect(await contractRow(totalId)).toMatchObject({ creditsSpent: 7 });
    });

    it('gives back a charge whose send failed, logging the negative amount', async () => {
      const plant = await level('Refund');
      const at = Date.now();
      const id = await contract(plant.id, {
        creditsTotal: 10,
        creditPeriodType: 'daily',
        creditsPerPeriod: 1,
        creditLimitForPeriod: 1,
        periodStart: at - (at % DAY_MS),
        periodEnd: at - (at % DAY_MS) + DAY_MS,
        allowOverUsage: 1,
      });
      await sms(plant.path, at);
      const charge = await sms(plant.path, at + 1);
      expect(charge).toMatchObject({ outcome: 'charged', overUsage: 1 });
      await t.services.credits.refund(charge, at + 2);
      expect(await contractRow(id)).toMatchObject({ creditsSpent: 1, spentInPeriod: 1, overUsageInPeriod: 0 });
      const log = await logOf(id);
      expect(log.map((row) => row.amount)).toEqual([1, 1, -1]);
      expect(JSON.parse(log[2]?.details ?? '')).toMatchObject({ refund: true });
    });
  });

  describe('period roll-over', () => {
    const utc = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);
    // Each type from a calendar period long past (5 January 2026 is a Monday), several periods missed.
    const cases = [
      ['daily', utc(2026, 1, 1), utc(2026, 1, 2), utc(2026, 1, 5) + 3_600_000, utc(2026, 1, 5), utc(2026, 1, 6)],
      ['weekly', utc(2026, 1, 5), utc(2026, 1, 12), utc(2026, 1, 20), utc(2026, 1, 19), utc(2026, 1, 26)],
      ['monthly', utc(2026, 1, 1), utc(2026, 2, 1), utc(2026, 3, 15), utc(2026, 3, 1), utc(2026, 4, 1)],
      ['yearly', utc(2023, 1, 1), utc(2024, 1, 1), utc(2026, 6, 1), utc(2026, 1, 1), utc(2027, 1, 1)],
    ] as const;

    it.each(cases)('rolls a %s period over through a charge', async (type, start, end, at, newStart, newEnd) => {
      const plant = await level(`Charge roll ${type}`);
      const id = await contract(plant.id, {
        purchasedAt: start,
        creditsTotal: 1000,
        creditPeriodType: type,
        creditsPerPeriod: 4,
        creditLimitForPeriod: 1,
        periodStart: start,
        periodEnd: end,
        spentInPeriod: 1,
        overUsageInPeriod: 1,
      });
      expect((await sms(plant.path, at)).outcome).toBe('charged');
      expect(await contractRow(id)).toMatchObject({
        periodStart: newStart,
        periodEnd: newEnd,
        creditLimitForPeriod: 4,
        spentInPeriod: 1,
        overUsageInPeriod: 0,
        creditsSpent: 1,
      });
    });

    it.each(cases)('rolls a %s period over through the job, once', async (type, start, end, at, newStart, newEnd) => {
      const plant = await level(`Job roll ${type}`);
      const id = await contract(plant.id, {
        purchasedAt: start,
        creditsTotal: 1000,
        creditPeriodType: type,
        creditsPerPeriod: 4,
        creditLimitForPeriod: 1,
        periodStart: start,
        periodEnd: end,
        spentInPeriod: 1,
      });
      await t.services.contractJob.run(at);
      expect(await contractRow(id)).toMatchObject({ periodStart: newStart, periodEnd: newEnd, spentInPeriod: 0 });
      await sms(plant.path, at);
      await t.services.contractJob.run(at);
      expect(await contractRow(id)).toMatchObject({ periodStart: newStart, spentInPeriod: 1, creditLimitForPeriod: 4 });
    });

    it('starts the first period of a contract that had none, and never rolls a custom one', async () => {
      const plant = await level('First period');
      const at = utc(2026, 3, 10) + 5_000;
      const first = await contract(plant.id, { purchasedAt: utc(2026, 3, 1), creditPeriodType: 'weekly' });
      await sms(plant.path, at);
      // 10 March 2026 is a Tuesday: its week began on Monday the 9th.
      expect(await contractRow(first)).toMatchObject({ periodStart: utc(2026, 3, 9), periodEnd: utc(2026, 3, 16) });
      const custom = await level('Custom period');
      const id = await contract(custom.id, {
        creditsTotal: 100,
        creditPeriodType: 'custom',
        creditLimitForPeriod: 1,
        periodStart: utc(2026, 1, 1),
        periodEnd: utc(2026, 2, 1),
        spentInPeriod: 1,
      });
      // Past its end, the custom period's limit no longer applies; only the total does.
      expect((await sms(custom.path, at)).outcome).toBe('charged');
      expect(await contractRow(id)).toMatchObject({ periodStart: utc(2026, 1, 1), periodEnd: utc(2026, 2, 1) });
      expect((await sms(custom.path, utc(2026, 1, 15))).outcome).toBe('refused');
    });
  });

  describe('tokens', () => {
    it("counts the Sigfox devices in a contract's reach, renews its token period once, and computes the records", async () => {
      const holder = await level('Token holder');
      const child = await level('Token child', holder.id);
      const grandchild = await level('Token grandchild', child.id);
      const other = await level('Token other');
      const at = Date.now();
      const type = `TOKENS-${kind}`;
      const id = await contract(holder.id, {
        inheritableLevels: 1,
        tokenType: type,
        tokenValidityDays: 30,
        tokenPeriodStart: at - 65 * DAY_MS,
        tokensTotal: 4,
        tokensSpent: 1,
      });
      await contract(other.id, { tokenType: type, tokensTotal: 6, tokensSpent: 2, tokenPeriodStart: at });
      // Not bought, or expired: not counted.
      await contract(other.id, { tokenType: type, tokensTotal: 50, purchasedAt: null });
      await contract(other.id, { tokenType: type, tokensTotal: 50, expiresAt: at - 1 });
      await sigfoxDevice(holder.id);
      await sigfoxDevice(child.id);
      await sigfoxDevice(grandchild.id);
      await sigfoxDevice(other.id);

      const records = await t.request({ method: 'GET', url: '/api/sigfox-contracts/contract-dots', token: staff });
      expect(records.statusCode).toBe(200);
      expect(records.json().find((record: { type: string }) => record.type === type)).toEqual({
        type,
        maxTokens: 10,
        tokensInUse: 3,
        tokensUsed: 3,
        tokenRatio: 0.3,
      });

      const second = startContractJob({
        database: t.database,
        creditsRepo: t.services.creditsRepo,
        credits: t.services.credits,
        notifications: t.services.notifications,
        mailer: t.services.mailer,
        log: { error: () => undefined },
      });
      await Promise.all([t.services.contractJob.run(at), second.run(at)]);
      await second.stop();
      await t.services.contractJob.run(at + 1000);
      expect(await contractRow(id)).toMatchObject({ tokensSpent: 3, tokenPeriodStart: at - 5 * DAY_MS });
      const log = await logOf(id);
      expect(log.map((row) => [row.event, row.amount])).toEqual(
        expect.arrayContaining([
          ['token_period_renewal', null],
          ['token_credit_consumption', 2],
        ]),
      );
      expect(log.filter((row) => row.event === 'token_credit_consumption')).toHaveLength(1);
    });

    it('is for provider staff only', async () => {
      const customer = await t.signIn('admin@example.com', PASSWORD);
      const response = await t.request({ method: 'GET', url: '/api/sigfox-contracts/contract-dots', token: customer });
      expect(response.statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url: '/api/sigfox-contracts/contract-dots' })).statusCode).toBe(401);
    });

    it('tells provider staff once when a token type reaches 90 %', async () => {
      const holder = await level('Nearly full');
      const type = `FULL-${kind}`;
      await contract(holder.id, { tokenType: type, tokensTotal: 2, tokenPeriodStart: Date.now() });
      await sigfoxDevice(holder.id);
      await t.services.contractJob.run();
      const warned = async () =>
        (await notificationsOf(staffId, 'notification.sigfox_tokens')).filter(
          (row) => JSON.parse(row.params ?? '{}').type === type,
        );
      expect(await warned()).toHaveLength(0);
      await sigfoxDevice(holder.id);
      await t.services.contractJob.run();
      await t.services.contractJob.run();
      expect(await warned()).toHaveLength(1);
      expect(JSON.parse((await warned())[0]?.params ?? '')).toEqual({ percent: '100', type, inUse: '2', max: '2' });
    });
  });

  describe('notification states', () => {
    it('moves each contract to its state once: one notification and one e-mail per admin, in their language', async () => {
      const at = Date.now();
      const day = { periodStart: at - (at % DAY_MS), periodEnd: at - (at % DAY_MS) + DAY_MS };
      const states = {
        pending: { purchasedAt: null },
        purchase: { state: 'pending' as const },
        about_to_expire: { expiresAt: at + 10 * DAY_MS - 1000 },
        reaching_limit: { creditsTotal: 10, creditsSpent: 9 },
        period_over_usage: {
          creditPeriodType: 'daily' as const,
          creditLimitForPeriod: 5,
          spentInPeriod: 6,
          allowOverUsage: 1,
          ...day,
        },
        expired: { expiresAt: at - 1000 },
      };
      const codes = {
        pending: 'notification.contract_pending',
        purchase: 'notification.contract_purchase',
        about_to_expire: 'notification.contract_expiring',
        reaching_limit: 'notification.contract_reaching_limit',
        period_over_usage: 'notification.contract_period_over_usage',
        expired: 'notification.contract_expired',
      };
      const holder = await level('States');
      const ids: Record<string, string> = {};
      for (const [state, values] of Object.entries(states)) {
        ids[state] = await contract(holder.id, { name: `States ${kind} ${state}`, ...values });
      }
      await t.services.contractJob.run(at);
      await t.services.contractJob.run(at + 1000);
      await t.services.contractJob.settle(Object.values(ids));

      for (const [state, code] of Object.entries(codes)) {
        const name = `States ${kind} ${state}`;
        expect(await contractRow(ids[state] ?? '')).toMatchObject({ state, stateAt: at });
        for (const userId of [adminId, ptAdminId]) {
          const notified = (await notificationsOf(userId, code)).filter(
            (row) => JSON.parse(row.params ?? '{}').contract === name,
          );
          expect(notified, `${state} to ${userId}`).toHaveLength(1);
        }
        expect(
          (await notificationsOf(viewerId, code)).filter((row) => JSON.parse(row.params ?? '{}').contract === name),
        ).toHaveLength(0);
      }
      const notified = async (state: string) =>
        JSON.parse(
          (await notificationsOf(adminId, codes[state as keyof typeof codes])).find(
            (row) => JSON.parse(row.params ?? '{}').contract === `States ${kind} ${state}`,
          )?.params ?? '{}',
        );
      expect(await notified('reaching_limit')).toMatchObject({ percent: '90', business: 'States' });
      expect(await notified('about_to_expire')).toMatchObject({ days: '10' });

      const mailsAbout = (state: string) =>
        t.inbox.mails.filter((mail) => mail.text.includes(`"States ${kind} ${state}"`));
      const deadline = Date.now() + 5_000;
      while (mailsAbout('expired').length < 2 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      for (const state of Object.keys(states)) {
        expect(
          mailsAbout(state)
            .map((mail) => mail.to)
            .sort(),
          state,
        ).toEqual(['admin@example.com', 'ines@example.com']);
      }
      const [toInes] = mailsAbout('expired').filter((mail) => mail.to === 'ines@example.com');
      expect(toInes?.subject).toBe('Contrato expirado');
      const [toAdmin] = mailsAbout('expired').filter((mail) => mail.to === 'admin@example.com');
      expect(toAdmin?.subject).toBe('Contract expired');
      const expiredLog = (await logOf(ids.expired ?? '')).filter((row) => row.event === 'expiration');
      expect(expiredLog).toHaveLength(1);
    });
  });
});
