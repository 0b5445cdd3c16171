import {
  type ContractStanding,
  type ContractState,
  contractState,
  contractUsedRatio,
  type NotificationCode,
  notificationText,
  SIGFOX_TOKEN_WARNING_RATIO,
  tokenPeriodMs,
} from '@iot/shared';
import { sql } from 'kysely';
import { escapeHtml } from '../../adapters/mail/escape-html.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { DatabaseHandle } from '../../db/database.js';
import { appendContractLog } from '../contracts/log.js';
import type { NotificationsService } from '../notifications/service.js';
import type { CreditContractRow, CreditsRepo } from './repo.js';
import type { CreditsService } from './service.js';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** The advisory lock key of the contract job (a constant no other module uses): one leader on PostgreSQL. */
const CONTRACT_JOB_LOCK_KEY = 7_003;

const STATE_NOTIFICATIONS: Record<ContractState, NotificationCode> = {
  pending: 'notification.contract_pending',
  purchase: 'notification.contract_purchase',
  about_to_expire: 'notification.contract_expiring',
  reaching_limit: 'notification.contract_reaching_limit',
  period_over_usage: 'notification.contract_period_over_usage',
  expired: 'notification.contract_expired',
};

/**
 * The contract job (SPEC section 4): every hour by default, rolls credit periods over, renews token periods (spending
 * a token per Sigfox device in reach), then settles every contract's notification state, telling the business's
 * admins of each change once (a notification and an e-mail in their language), and provider staff when a token type
 * reaches 90 % of its tokens. One run at a time; on PostgreSQL one leader among the instances; every write is guarded
 * by the value it read, so a run that overlaps another changes nothing twice.
 */
export function startContractJob({
  database,
  creditsRepo,
  credits,
  notifications,
  mailer,
  log,
  intervalMs = HOUR_MS,
  now = Date.now,
}: {
  database: DatabaseHandle;
  creditsRepo: CreditsRepo;
  credits: CreditsService;
  notifications: Pick<NotificationsService, 'notify'>;
  mailer: Mailer;
  log: { error(object: unknown, message: string): void };
  intervalMs?: number;
  now?: () => number;
}) {
  const { db } = database;

  async function rollPeriods(at: number) {
    for (const row of await creditsRepo.periodsOver(at)) await credits.rolledOver(row, at);
  }

  async function renewTokenPeriods(at: number) {
    for (const row of await creditsRepo.tokenPeriodsOver(at)) {
      const previousStart = row.tokenPeriodStart;
      if (previousStart === null) continue;
      const length = tokenPeriodMs(row.tokenValidityDays);
      if (length <= 0) continue;
      const start = previousStart + Math.floor((at - previousStart) / length) * length;
      const tokens = await credits.tokensInUse(row);
      await db.transaction().execute(async (trx) => {
        if (!(await creditsRepo.renewTokenPeriod(row.id, previousStart, start, tokens, trx))) return;
        const entry = { contractId: row.id, businessId: row.businessId, at, userId: null };
        await appendContractLog(trx, [
          { ...entry, event: 'token_period_renewal', amount: null, details: { tokenPeriodStart: start } },
          { ...entry, event: 'token_credit_consumption', amount: tokens },
        ]);
      });
    }
  }

  /** Tells the admins of the contract's business of its new state: a notification, and an e-mail each. */
  async function announce(row: CreditContractRow, state: ContractState, standing: ContractStanding, at: number) {
    const code = STATE_NOTIFICATIONS[state];
    const params: Record<string, string> = { contract: row.name, business: row.businessDescription };
    if (state === 'reaching_limit') params.percent = String(Math.floor(contractUsedRatio(standing, at) * 100));
    if (state === 'about_to_expire' && row.expiresAt !== null) {
      params.days = String(Math.ceil((row.expiresAt - at) / DAY_MS));
    }
    const admins = await creditsRepo.adminsOn(row.path);
    if (admins.length === 0) return;
    await notifications.notify(
      admins.map((admin) => admin.id),
      { code, params },
    );
    for (const admin of admins) {
      const text = notificationText({ code, params, message: { title: '', body: '' } }, admin.language);
      try {
        await mailer.send({
          to: admin.email,
          subject: text.title,
          text: text.body,
          html: `<p>${escapeHtml(text.body)}</p>`,
        });
      } catch (error) {
        log.error({ err: error, contractId: row.id }, 'contract state not mailed');
      }
    }
  }

  /**
   * Computes the notification state of the contracts of `contractIds` (every contract without it) and stores each
   * that changed, announcing it once; entering `expired` is logged. Contracts' own calls run it after a change.
   */
  async function settle(contractIds?: string[], at = now()): Promise<void> {
    for (const row of await creditsRepo.contracts(contractIds)) {
      const tokensInUse = row.tokensTotal > 0 ? await credits.tokensInUse(row) : 0;
      const standing = credits.standingOf(row, tokensInUse);
      const state = contractState(standing, at);
      if (state === row.state) continue;
      const moved = await db.transaction().execute(async (trx) => {
        if (!(await creditsRepo.moveState(row.id, row.state, state, at, trx))) return false;
        if (state === 'expired') {
          await appendContractLog(trx, [
            { contractId: row.id, businessId: row.businessId, event: 'expiration', at, userId: null, amount: null },
          ]);
        }
        return true;
      });
      if (!moved) continue;
      try {
        await announce(row, state, standing, at);
      } catch (error) {
        log.error({ err: error, contractId: row.id }, 'contract state not announced');
      }
    }
  }

  /**
   * Provider staff hear when a token type reaches 90 % of its tokens: once per type and number of tokens bought (the
   * notification's source), so buying more and reaching 90 % of those again is told again.
   */
  async function warnOfTokens(at: number) {
    const records = (await credits.sigfoxTokenRecords(at)).filter(
      (record) => record.tokenRatio >= SIGFOX_TOKEN_WARNING_RATIO,
    );
    if (records.length === 0) return;
    const staff = (await creditsRepo.providerStaff()).map((user) => user.id);
    for (const record of records) {
      await notifications.notify(
        staff,
        {
          code: 'notification.sigfox_tokens',
          params: {
            percent: String(Math.floor(record.tokenRatio * 100)),
            type: record.type,
            inUse: String(record.tokensInUse),
            max: String(record.maxTokens),
          },
        },
        { source: `sigfox_tokens:${record.type}:${record.maxTokens}` },
      );
    }
  }

  async function work(at: number) {
    await rollPeriods(at);
    await renewTokenPeriods(at);
    await settle(undefined, at);
    await warnOfTokens(at);
  }

  /** One run, unless another instance leads (PostgreSQL: it holds the job's lock for as long as its run lasts). */
  async function lead(at: number): Promise<boolean> {
    if (database.kind !== 'postgres') {
      await work(at);
      return true;
    }
    return db.connection().execute(async (connection) => {
      const { rows } = await sql<{
        locked: boolean;
      }>`select pg_try_advisory_lock(${CONTRACT_JOB_LOCK_KEY}) as locked`.execute(connection);
      if (!rows[0]?.locked) return false;
      try {
        await work(at);
        return true;
      } finally {
        await sql`select pg_advisory_unlock(${CONTRACT_JOB_LOCK_KEY})`.execute(connection);
      }
    });
  }

  let running: Promise<unknown> = Promise.resolve();
  /** Runs the job after the run in progress (one at a time); answers whether this instance ran it. */
  function run(at?: number): Promise<boolean> {
    const next = running.then(() => lead(at ?? now()));
    running = next.catch((error: unknown) => log.error({ err: error }, 'contract job failed'));
    return next;
  }
  const timer = setInterval(() => void run().catch(() => undefined), intervalMs);
  timer.unref();

  return {
    run,
    settle,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

export type ContractJob = ReturnType<typeof startContractJob>;
