import {
  type CreditChannel,
  type CreditPeriodType,
  creditPeriodAt,
  creditsMetered,
  firstCreditPeriod,
  periodLimitApplies,
  type SigfoxTokenRecord,
  sigfoxTokenRatio,
} from '@iot/shared';
import type { Database } from '../../db/schema.js';
import { appendContractLog } from '../contracts/log.js';
import { standingOf } from '../contracts/present.js';
import type { NotificationsService } from '../notifications/service.js';
import type { PlansRepo } from '../plans/repo.js';
import type { CreditContractRow, CreditsRepo } from './repo.js';

/** What a charge did: nothing (no contract governs the device), spent credits, or refused at the limit. */
export type CreditCharge =
  | { outcome: 'uncharged' }
  | {
      outcome: 'charged';
      contractId: string;
      businessId: string;
      channel: CreditChannel;
      deviceId: string;
      amount: number;
      /** The part of `amount` beyond a limit (over-usage allowed). */
      overUsage: number;
      /** The period charged, so that giving back touches its counts only while it lasts. */
      periodStart: number | null;
    }
  | { outcome: 'refused'; contractId: string; contractName: string };

/** What is charged: the channel, for a send about a device of the business at `businessPath`. */
export interface CreditChargeRequest {
  channel: CreditChannel;
  businessPath: string;
  deviceId: string;
  /** How the device is named in the admins' notification of a refusal. */
  deviceName: string;
  at?: number;
}

export type SigfoxTokenCounts = Omit<SigfoxTokenRecord, 'version'>;

const clamp = (value: number, most: number) => Math.min(Math.max(value, 0), most);

/** The period a contract is in at `at` (its first one when it never had one); undefined when it does not roll. */
export function periodDue(
  row: Pick<CreditContractRow, 'creditPeriodType' | 'periodStart' | 'periodEnd' | 'purchasedAt'>,
  at: number,
) {
  const current =
    row.periodStart !== null && row.periodEnd !== null
      ? { start: row.periodStart, end: row.periodEnd }
      : firstCreditPeriod(row.creditPeriodType, row.purchasedAt ?? at);
  if (!current) return undefined;
  const period = creditPeriodAt(row.creditPeriodType, current, at);
  return period && period.end !== row.periodEnd ? period : undefined;
}

/**
 * Credits (what SMS, WhatsApp, calls and reports cost, SPEC section 9) and Sigfox tokens: charging the contract that
 * governs a device, and counting tokens from the devices in each contract's reach.
 */
export function createCreditsService({
  db,
  creditsRepo,
  plansRepo,
  notifications,
  log,
  now = Date.now,
}: {
  db: Database;
  creditsRepo: CreditsRepo;
  plansRepo: PlansRepo;
  notifications: Pick<NotificationsService, 'notify'>;
  log: { error(object: unknown, message: string): void };
  now?: () => number;
}) {
  /** Rolls the contract's credit period on when `at` is past it; answers the contract as it is then. */
  async function rolledOver(row: CreditContractRow, at: number): Promise<CreditContractRow> {
    const period = periodDue(row, at);
    if (!period) return row;
    await creditsRepo.rollPeriod(row.id, row.periodEnd, period);
    return (await creditsRepo.contract(row.id)) ?? row;
  }

  /** Tells the business's admins, once per contract and period, that a send was refused. */
  async function notifyRefusal(row: CreditContractRow, request: CreditChargeRequest) {
    try {
      const admins = await creditsRepo.adminsOn(row.path);
      await notifications.notify(
        admins.map((admin) => admin.id),
        {
          code: 'notification.credit_refused',
          params: { contract: row.name, channel: request.channel, device: request.deviceName },
        },
        { source: `credit_refused:${row.id}:${row.periodStart ?? 'total'}` },
      );
    } catch (error) {
      log.error({ err: error, contractId: row.id }, 'refused credits not notified');
    }
  }

  const costOf = (row: CreditContractRow, channel: CreditChannel) =>
    ({ sms: row.costSms, whatsapp: row.costWhatsapp, voice: row.costVoice, report: row.costReport })[channel];

  return {
    standingOf,

    /** Rolls a contract's credit period on when it is over at `at` (the contract job, for every contract). */
    rolledOver,

    /**
     * Charges the contract governing the device's business (its nearest contract reaching it, bought, not expired)
     * what a send on `channel` costs, its period rolled on first. Refused when its credits are spent (of the period
     * or in total) and over-usage is not allowed: nothing changes, and the business's admins hear of it once per
     * contract and period. No governing contract: the send goes on uncharged.
     */
    async charge(request: CreditChargeRequest): Promise<CreditCharge> {
      const at = request.at ?? now();
      const governing = await plansRepo.nearestContract(request.businessPath, at);
      if (!governing) return { outcome: 'uncharged' };
      const found = await creditsRepo.contract(governing.contractId);
      if (!found) return { outcome: 'uncharged' };
      const row = await rolledOver(found, at);
      const amount = costOf(row, request.channel);
      const charged = await db.transaction().execute(async (trx) => {
        const after = await creditsRepo.spend(row.id, amount, at, trx);
        if (!after) return undefined;
        // The counts after the charge tell the part beyond each limit: the charge added `amount` to both.
        const inPeriod = periodLimitApplies(
          { ...standingOf(row, 0), ...after, creditPeriodType: after.creditPeriodType as CreditPeriodType },
          at,
        );
        const overUsage = !creditsMetered({ ...after, creditPeriodType: after.creditPeriodType as CreditPeriodType })
          ? 0
          : Math.max(
              inPeriod ? clamp(after.spentInPeriod - after.creditLimitForPeriod, amount) : 0,
              after.creditsTotal > 0 ? clamp(after.creditsSpent + after.creditsCarved - after.creditsTotal, amount) : 0,
            );
        await appendContractLog(trx, [
          {
            contractId: row.id,
            businessId: row.businessId,
            event: 'credit_consumption',
            at,
            userId: null,
            amount,
            details: { channel: request.channel, deviceId: request.deviceId, overUsage },
          },
        ]);
        return { overUsage, periodStart: after.periodStart };
      });
      if (!charged) {
        await notifyRefusal(row, request);
        return { outcome: 'refused', contractId: row.id, contractName: row.name };
      }
      return {
        outcome: 'charged',
        contractId: row.id,
        businessId: row.businessId,
        channel: request.channel,
        deviceId: request.deviceId,
        amount,
        ...charged,
      };
    },

    /**
     * Gives back what a charge spent, for a send that failed: the contract's counts go back, and the log keeps both
     * the consumption and a row of the negative amount, so the log still adds up to what was spent.
     */
    async refund(charge: CreditCharge, at = now()): Promise<void> {
      if (charge.outcome !== 'charged') return;
      await db.transaction().execute(async (trx) => {
        await creditsRepo.giveBack(charge.contractId, charge, trx);
        await appendContractLog(trx, [
          {
            contractId: charge.contractId,
            businessId: charge.businessId,
            event: 'credit_consumption',
            at,
            userId: null,
            amount: -charge.amount,
            details: { channel: charge.channel, deviceId: charge.deviceId, refund: true },
          },
        ]);
      });
    },

    /** The Sigfox devices using a contract's tokens now: those in its reach. */
    async tokensInUse(row: Pick<CreditContractRow, 'path' | 'depth' | 'inheritableLevels'>): Promise<number> {
      return plansRepo.sigfoxDevicesInReach(row, row.inheritableLevels);
    },

    /**
     * The Sigfox token records, computed per token type over the bought, unexpired contracts of it: the tokens they
     * bought, the devices in their reach using them now, and the tokens their periods spent.
     */
    async sigfoxTokenRecords(at = now()): Promise<SigfoxTokenCounts[]> {
      const records = new Map<string, SigfoxTokenCounts>();
      for (const row of await creditsRepo.tokenContracts(at)) {
        const type = row.tokenType ?? '';
        const record = records.get(type) ?? { type, maxTokens: 0, tokensInUse: 0, tokensUsed: 0, tokenRatio: 0 };
        record.maxTokens += row.tokensTotal;
        record.tokensInUse += await plansRepo.sigfoxDevicesInReach(row, row.inheritableLevels);
        record.tokensUsed += row.tokensSpent;
        record.tokenRatio = sigfoxTokenRatio(record);
        records.set(type, record);
      }
      return [...records.values()];
    },
  };
}

export type CreditsService = ReturnType<typeof createCreditsService>;
