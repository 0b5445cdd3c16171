import {
  type Contract,
  type ContractLog,
  type ContractLogEvent,
  type ContractStanding,
  type ContractType,
  type CreditPeriodType,
  contractState,
  creditsLeft,
  type TokenCapability,
  tokenPeriodMs,
} from '@iot/shared';
import { featuresOf } from '../plans/service.js';
import type { ContractLogRow, ContractRow } from './repo.js';

const iso = (time: number) => new Date(time).toISOString();
const isoOrNull = (time: number | null) => (time === null ? null : iso(Number(time)));

/** The columns of a contract the shared rules read. */
type StandingColumns = Pick<
  ContractRow,
  | 'purchasedAt'
  | 'expiresAt'
  | 'creditPeriodType'
  | 'periodStart'
  | 'periodEnd'
  | 'creditsTotal'
  | 'creditsSpent'
  | 'creditsCarved'
  | 'creditLimitForPeriod'
  | 'spentInPeriod'
  | 'tokensTotal'
  | 'tokensSpent'
>;

/** A contract's columns as the shared rules read them, with the Sigfox devices that use its tokens now. */
export function standingOf(row: StandingColumns, tokensInUse: number): ContractStanding {
  return {
    purchasedAt: row.purchasedAt === null ? null : Number(row.purchasedAt),
    expiresAt: row.expiresAt === null ? null : Number(row.expiresAt),
    creditPeriodType: row.creditPeriodType as CreditPeriodType,
    periodStart: row.periodStart === null ? null : Number(row.periodStart),
    periodEnd: row.periodEnd === null ? null : Number(row.periodEnd),
    creditsTotal: Number(row.creditsTotal),
    creditsSpent: Number(row.creditsSpent),
    creditsCarved: Number(row.creditsCarved),
    creditLimitForPeriod: Number(row.creditLimitForPeriod),
    spentInPeriod: Number(row.spentInPeriod),
    tokensTotal: Number(row.tokensTotal),
    tokensSpent: Number(row.tokensSpent),
    tokensInUse,
  };
}

/**
 * A contract as answered: its features over the default plan, what it has left, and its state at `at` (computed here,
 * so right even between the contract job's runs). `business` is the level named to the caller: the holder, or the
 * level it governs when the holder is out of the caller's reach.
 */
export function presentContract(
  row: ContractRow,
  business: { id: string; description: string },
  tokensInUse: number,
  at: number,
): Contract {
  const standing = standingOf(row, tokensInUse);
  const periodMs = tokenPeriodMs(Number(row.tokenValidityDays));
  const tokenStart = row.tokenPeriodStart === null ? null : Number(row.tokenPeriodStart);
  return {
    contractId: row.id,
    business,
    name: row.name,
    type: row.type as ContractType,
    comment: row.comment,
    createdAt: iso(Number(row.createdAt)),
    updatedAt: iso(Number(row.updatedAt)),
    expiresAt: isoOrNull(row.expiresAt),
    purchasedAt: isoOrNull(row.purchasedAt),
    inheritableLevels: row.inheritableLevels === null ? null : Number(row.inheritableLevels),
    features: featuresOf(row.features),
    credits: {
      total: standing.creditsTotal,
      spent: standing.creditsSpent,
      carved: standing.creditsCarved,
      left: creditsLeft(standing),
      periodType: standing.creditPeriodType,
      perPeriod: Number(row.creditsPerPeriod),
      limitForPeriod: standing.creditLimitForPeriod,
      allowOverUsage: Boolean(row.allowOverUsage),
      userChangeable: Boolean(row.userChangeable),
      periodStart: isoOrNull(row.periodStart),
      periodEnd: isoOrNull(row.periodEnd),
      spentInPeriod: standing.spentInPeriod,
      overUsageInPeriod: Number(row.overUsageInPeriod),
      costs: {
        sms: Number(row.costSms),
        whatsapp: Number(row.costWhatsapp),
        voice: Number(row.costVoice),
        report: Number(row.costReport),
      },
      fromContract:
        row.fromContractId && row.fromContractName !== null
          ? { contractId: row.fromContractId, name: row.fromContractName }
          : null,
    },
    tokens: {
      type: row.tokenType,
      capability: JSON.parse(row.tokenCapability) as TokenCapability[],
      validityDays: Number(row.tokenValidityDays),
      periodMs,
      periodStart: isoOrNull(tokenStart),
      periodEnd: tokenStart === null ? null : iso(tokenStart + periodMs),
      total: standing.tokensTotal,
      spent: standing.tokensSpent,
      inUse: tokensInUse,
    },
    state: contractState(standing, at),
    version: Number(row.version),
  };
}

export function presentContractLog(row: ContractLogRow): ContractLog {
  return {
    id: row.id,
    event: row.event as ContractLogEvent,
    at: iso(Number(row.at)),
    user: row.userId !== null && row.userEmail !== null ? { id: row.userId, email: row.userEmail } : null,
    amount: row.amount === null ? null : Number(row.amount),
    details: JSON.parse(row.details) as ContractLog['details'],
  };
}
