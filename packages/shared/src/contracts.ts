import type { Language } from './languages.js';
import { translate } from './messages.js';

/**
 * Contracts' rules (SPEC sections 3, 4 and 9), one source for the server and the web app: what a contract grants
 * and when, how credit periods roll over, and which notification state a contract is in.
 */

/**
 * Contract types: a level's contract (`LOC`, the default), credits shared by a business and its sublevels
 * (`SHARED`), or priced per device (`DEVICE`). All grant plan features the same way; the type is how provider staff
 * sell and find them (`GET /contracts/by-type/{type}`).
 */
export const CONTRACT_TYPES = ['LOC', 'SHARED', 'DEVICE'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];
export const DEFAULT_CONTRACT_TYPE: ContractType = 'LOC';

/** Credit period types (SPEC section 9). `disabled`: no period limit, only the total counts. */
export const CREDIT_PERIOD_TYPES = ['disabled', 'daily', 'weekly', 'monthly', 'yearly', 'custom'] as const;
export type CreditPeriodType = (typeof CREDIT_PERIOD_TYPES)[number];

/**
 * Token capabilities (SPEC section 9): external only (the devices' tokens are bought outside the platform), or a
 * combination of the Sigfox offers G-PPU, H-PPU, A-PPU and H-UNL.
 */
export const TOKEN_CAPABILITIES = ['EXTERNAL_ONLY', 'G-PPU', 'H-PPU', 'A-PPU', 'H-UNL'] as const;
export type TokenCapability = (typeof TOKEN_CAPABILITIES)[number];

/** Whether a set of capabilities is allowed: external only stands alone; the offers combine freely. */
export function validTokenCapabilities(capabilities: readonly TokenCapability[]): boolean {
  return !capabilities.includes('EXTERNAL_ONLY') || capabilities.length === 1;
}

/** Notification states (SPEC section 4), each notified once to the business's admins when a contract enters it. */
export const CONTRACT_STATES = [
  'pending',
  'purchase',
  'about_to_expire',
  'reaching_limit',
  'period_over_usage',
  'expired',
] as const;
export type ContractState = (typeof CONTRACT_STATES)[number];

/** Log events (SPEC section 4). */
export const CONTRACT_LOG_EVENTS = [
  'creation',
  'purchase',
  'expiration',
  'credit_consumption',
  'token_credit_consumption',
  'token_period_renewal',
  'deletion',
] as const;
export type ContractLogEvent = (typeof CONTRACT_LOG_EVENTS)[number];

/** What costs the provider money, each at the contract's own cost in credits. */
export const CREDIT_CHANNELS = ['sms', 'whatsapp', 'voice', 'report'] as const;
export type CreditChannel = (typeof CREDIT_CHANNELS)[number];

export const isCreditChannel = (value: string): value is CreditChannel =>
  (CREDIT_CHANNELS as readonly string[]).includes(value);

/** How a language names what a channel sends. */
export const creditChannelName = (channel: CreditChannel, language: Language) =>
  translate(`credit.channel.${channel}`, language);

/** "About to expire" this long before the expiration date. */
export const CONTRACT_EXPIRY_WARNING_DAYS = 30;
/** "Reaching limit" at this share of credits (of the period's limit, else of the total) or of tokens. */
export const CONTRACT_LIMIT_WARNING_RATIO = 0.9;

const DAY_MS = 86_400_000;

/** A period's bounds, epoch ms, `end` excluded. */
export interface CreditPeriod {
  start: number;
  end: number;
}

/**
 * The period of `type` that follows the one starting at `start`. Periods are calendar ones (UTC): a day from
 * midnight, a week from Monday, a month from its 1st, a year from 1 January, so they never drift (a month begun on
 * the 31st would have no 31st to end on in February).
 */
function periodFrom(type: Exclude<CreditPeriodType, 'disabled' | 'custom'>, start: number): CreditPeriod {
  const date = new Date(start);
  const year = date.getUTCFullYear();
  switch (type) {
    case 'daily':
      return { start, end: start + DAY_MS };
    case 'weekly':
      return { start, end: start + 7 * DAY_MS };
    case 'monthly':
      return { start, end: Date.UTC(year, date.getUTCMonth() + 1, 1) };
    case 'yearly':
      return { start, end: Date.UTC(year + 1, 0, 1) };
  }
}

/** The start of the calendar period of `type` that `at` falls in. */
function calendarStart(type: Exclude<CreditPeriodType, 'disabled' | 'custom'>, at: number): number {
  const date = new Date(at);
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  switch (type) {
    case 'daily':
      return day;
    case 'weekly':
      // getUTCDay: Sunday 0; weeks begin on Monday.
      return day - ((date.getUTCDay() + 6) % 7) * DAY_MS;
    case 'monthly':
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
    case 'yearly':
      return Date.UTC(date.getUTCFullYear(), 0, 1);
  }
}

/**
 * The period a contract whose periods begin at `start` is in then: none when periods are disabled; a custom one is
 * given whole by the contract.
 */
export function firstCreditPeriod(type: CreditPeriodType, start: number): CreditPeriod | null {
  if (type === 'disabled' || type === 'custom') return null;
  return periodFrom(type, calendarStart(type, start));
}

/**
 * The period `at` falls in, rolled on from `current` by the period type; undefined when it does not roll (periods
 * disabled, or a custom one: it has its own start and end and, once over, no period limit applies).
 */
export function creditPeriodAt(type: CreditPeriodType, current: CreditPeriod, at: number): CreditPeriod | undefined {
  if (type === 'disabled' || type === 'custom') return undefined;
  let period = current;
  // A server down for a while rolls several periods at once.
  while (at >= period.end) period = periodFrom(type, period.end);
  return period;
}

/** What a contract's state depends on, in plain numbers (epoch ms for dates). */
export interface ContractStanding {
  purchasedAt: number | null;
  expiresAt: number | null;
  creditPeriodType: CreditPeriodType;
  periodStart: number | null;
  periodEnd: number | null;
  creditsTotal: number;
  creditsSpent: number;
  creditsCarved: number;
  creditLimitForPeriod: number;
  spentInPeriod: number;
  tokensTotal: number;
  tokensSpent: number;
  /** Sigfox devices using the contract's tokens now. */
  tokensInUse: number;
}

/** Whether the contract grants its features at `at`: bought and not expired. */
export function contractGrants(contract: Pick<ContractStanding, 'purchasedAt' | 'expiresAt'>, at: number): boolean {
  return contract.purchasedAt !== null && (contract.expiresAt === null || contract.expiresAt > at);
}

/** Whether the period limit applies at `at`: a period type other than disabled, and `at` inside the period. */
export function periodLimitApplies(contract: ContractStanding, at: number): boolean {
  return (
    contract.creditPeriodType !== 'disabled' &&
    contract.periodStart !== null &&
    contract.periodEnd !== null &&
    at >= contract.periodStart &&
    at < contract.periodEnd
  );
}

/**
 * Whether a contract's credits limit sends: it has credits or a period limit. One without either (as contracts made
 * before credits existed) lets every send go, still recording what it spent.
 */
export const creditsMetered = (contract: Pick<ContractStanding, 'creditsTotal' | 'creditPeriodType'>) =>
  contract.creditsTotal > 0 || contract.creditPeriodType !== 'disabled';

/** Credits the contract still has to spend or give (never below 0 on screen, though over-usage may take it there). */
export const creditsLeft = (contract: Pick<ContractStanding, 'creditsTotal' | 'creditsSpent' | 'creditsCarved'>) =>
  contract.creditsTotal - contract.creditsSpent - contract.creditsCarved;

/**
 * The share used of what limits the contract most: the period's credits (when a period limit applies), the credits
 * (spent and given to sublevels) or the tokens (spent by renewals, or in use now), 0 when nothing is limited.
 */
export function contractUsedRatio(contract: ContractStanding, at: number): number {
  const metered = creditsMetered(contract);
  return Math.max(
    metered && periodLimitApplies(contract, at) && contract.creditLimitForPeriod > 0
      ? contract.spentInPeriod / contract.creditLimitForPeriod
      : 0,
    metered && contract.creditsTotal > 0 ? (contract.creditsSpent + contract.creditsCarved) / contract.creditsTotal : 0,
    contract.tokensTotal > 0 ? Math.max(contract.tokensSpent, contract.tokensInUse) / contract.tokensTotal : 0,
  );
}

/**
 * The notification state of a contract at `at`, the gravest first: expired, period over-usage, reaching limit (90 %
 * of the period's limit or of the credits or tokens), about to expire (30 days), pending (not bought), else purchase.
 */
export function contractState(contract: ContractStanding, at: number): ContractState {
  if (contract.expiresAt !== null && contract.expiresAt <= at) return 'expired';
  if (contract.purchasedAt === null) return 'pending';
  const inPeriod = periodLimitApplies(contract, at);
  if (inPeriod && contract.spentInPeriod > contract.creditLimitForPeriod) return 'period_over_usage';
  if (contractUsedRatio(contract, at) >= CONTRACT_LIMIT_WARNING_RATIO) return 'reaching_limit';
  if (contract.expiresAt !== null && contract.expiresAt - at <= CONTRACT_EXPIRY_WARNING_DAYS * DAY_MS) {
    return 'about_to_expire';
  }
  return 'purchase';
}

/**
 * Whether a level at `depth` is reached by a contract held at `holderDepth` with `inheritableLevels` (null: every
 * level below).
 */
export function contractReaches(holderDepth: number, inheritableLevels: number | null, depth: number): boolean {
  return depth >= holderDepth && (inheritableLevels === null || depth - holderDepth <= inheritableLevels);
}

/** A token period's length. */
export const tokenPeriodMs = (validityDays: number) => validityDays * DAY_MS;

/** Whether a usage license has expired at `at` (an open-ended one never does). */
export const usageLicenseExpired = (license: { endsAt: number | null }, at: number) =>
  license.endsAt !== null && license.endsAt <= at;
