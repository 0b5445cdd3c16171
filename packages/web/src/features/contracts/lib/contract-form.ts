import {
  type Contract,
  type ContractType,
  CREDIT_CHANNELS,
  type CreditChannel,
  type CreditPeriodType,
  DEFAULT_CONTRACT_TYPE,
  type PlanFeatures,
  type TokenCapability,
  validTokenCapabilities,
} from '@iot/shared';
import type { CreateContractBody, UpdateContractBody } from '../api/contracts';

/** Why a typed value is refused: a message code of the server's table. */
export type Issue = 'validation.required' | 'validation.invalid';
export type Issues<K extends string> = Partial<Record<K, Issue>>;

/** The largest amount an integer column holds (`INTEGER_COLUMN_MAX` of the shared schemas). */
const AMOUNT_MAX = 2_147_483_647;

/** A whole number typed in a field, or why it is refused. */
export function wholeNumber(text: string, { min = 0, max = AMOUNT_MAX } = {}): number | Issue {
  const trimmed = text.trim();
  if (!trimmed) return 'validation.required';
  if (!/^-?\d+$/.test(trimmed)) return 'validation.invalid';
  const value = Number(trimmed);
  return value < min || value > max ? 'validation.invalid' : value;
}

const isIssue = (value: unknown): value is Issue => typeof value === 'string';

/** A date input's value (`YYYY-MM-DD`, the UTC day) of an instant; '' for none. */
export const dateInputOf = (instant: string | null) => (instant ? new Date(instant).toISOString().slice(0, 10) : '');
/** The instant a date input's day starts (UTC), as the calls take it; null for an empty input. */
export const instantOfDateInput = (date: string) => (date ? new Date(`${date}T00:00:00.000Z`).toISOString() : null);

// --- Plan features ---------------------------------------------------------------------------------------------

/** The limits of a plan; -1 means unlimited. */
export const PLAN_LIMITS = ['maxDevices', 'maxUsers', 'maxHierarchyLevels'] as const;
export type PlanLimit = (typeof PLAN_LIMITS)[number];
export type PlanSwitch = Exclude<keyof PlanFeatures, PlanLimit | 'dataViewCapabilities'>;
export type DataView = keyof PlanFeatures['dataViewCapabilities'];

/** The on/off features of a plan, in SPEC section 3's order. */
export const PLAN_SWITCHES: readonly PlanSwitch[] = [
  'customColorAndLogo',
  'assetSupport',
  'alarmSupport',
  'userProfileSupport',
  'thirdyPartyIntegration',
  'automaticReportSupport',
  'freeviewSupport',
  'poiSupport',
  'ensSupport',
  'geotabIntegration',
  'tzoneIntegration',
  'pushNotifSMS',
  'pushNotifWAP',
  'waterConsumptionReport',
  'waterConsolidationReport',
  'journeyUnlocked',
  'journeyVisible',
];
export const DATA_VIEWS: readonly DataView[] = [
  'cardsDashboard',
  'mapNavigation',
  'deviceMapLastPosition',
  'deviceMapComplete',
  'deviceCharts',
];

export interface FeaturesDraft {
  switches: Record<PlanSwitch, boolean>;
  dataViews: Record<DataView, boolean>;
  limits: Record<PlanLimit, string>;
}

export const featuresDraftOf = (features: PlanFeatures): FeaturesDraft => ({
  switches: Object.fromEntries(PLAN_SWITCHES.map((key) => [key, features[key]])) as Record<PlanSwitch, boolean>,
  dataViews: { ...features.dataViewCapabilities },
  limits: Object.fromEntries(PLAN_LIMITS.map((key) => [key, String(features[key])])) as Record<PlanLimit, string>,
});

export const featuresIssues = (draft: FeaturesDraft): Issues<PlanLimit> => {
  const issues: Issues<PlanLimit> = {};
  for (const key of PLAN_LIMITS) {
    const value = wholeNumber(draft.limits[key], { min: -1 });
    if (isIssue(value)) issues[key] = value;
  }
  return issues;
};

/** Only what changed from `features`, as `PATCH` takes it; null when nothing did. */
export function featuresChange(draft: FeaturesDraft, features: PlanFeatures): UpdateContractBody['features'] | null {
  const change: NonNullable<UpdateContractBody['features']> = {};
  for (const key of PLAN_SWITCHES) if (draft.switches[key] !== features[key]) change[key] = draft.switches[key];
  for (const key of PLAN_LIMITS) {
    const value = Number(draft.limits[key].trim());
    if (value !== features[key]) change[key] = value;
  }
  const views: Partial<Record<DataView, boolean>> = {};
  for (const key of DATA_VIEWS)
    if (draft.dataViews[key] !== features.dataViewCapabilities[key]) views[key] = draft.dataViews[key];
  if (Object.keys(views).length > 0) change.dataViewCapabilities = views;
  return Object.keys(change).length > 0 ? change : null;
}

// --- Credits ---------------------------------------------------------------------------------------------------

export interface CreditsDraft {
  total: string;
  periodType: CreditPeriodType;
  perPeriod: string;
  limitForPeriod: string;
  allowOverUsage: boolean;
  userChangeable: boolean;
  periodStart: string;
  periodEnd: string;
  costs: Record<CreditChannel, string>;
  /** The contract of a level above whose credits `total` is a share of; null: bought for this contract. */
  fromContractId: string | null;
}
type CreditsField = 'total' | 'perPeriod' | 'limitForPeriod' | 'periodStart' | 'periodEnd' | `costs.${CreditChannel}`;

export const creditsDraftOf = (credits: Contract['credits']): CreditsDraft => ({
  total: String(credits.total),
  periodType: credits.periodType,
  perPeriod: String(credits.perPeriod),
  limitForPeriod: String(credits.limitForPeriod),
  allowOverUsage: credits.allowOverUsage,
  userChangeable: credits.userChangeable,
  periodStart: dateInputOf(credits.periodStart),
  periodEnd: dateInputOf(credits.periodEnd),
  costs: Object.fromEntries(CREDIT_CHANNELS.map((channel) => [channel, String(credits.costs[channel])])) as Record<
    CreditChannel,
    string
  >,
  fromContractId: credits.fromContract?.contractId ?? null,
});

/**
 * The credits as `PATCH` takes them, or why not. A custom period has its own start and end, the end later. The
 * source goes only when it is not `readFrom`, the one read: sending it again would carve the share anew.
 */
export function creditsRequestOf(
  draft: CreditsDraft,
  readFrom: string | null = null,
): { request: NonNullable<UpdateContractBody['credits']> } | { issues: Issues<CreditsField> } {
  const issues: Issues<CreditsField> = {};
  const amount = (field: CreditsField, text: string) => {
    const value = wholeNumber(text);
    if (!isIssue(value)) return value;
    issues[field] = value;
    return 0;
  };
  const total = amount('total', draft.total);
  const perPeriod = amount('perPeriod', draft.perPeriod);
  const limitForPeriod = amount('limitForPeriod', draft.limitForPeriod);
  const costs = Object.fromEntries(
    CREDIT_CHANNELS.map((channel) => [channel, amount(`costs.${channel}`, draft.costs[channel])]),
  ) as Record<CreditChannel, number>;
  const custom = draft.periodType === 'custom';
  if (custom) {
    if (!draft.periodStart) issues.periodStart = 'validation.required';
    if (!draft.periodEnd) issues.periodEnd = 'validation.required';
    else if (draft.periodStart && draft.periodEnd <= draft.periodStart) issues.periodEnd = 'validation.invalid';
  }
  if (Object.keys(issues).length > 0) return { issues };
  return {
    request: {
      total,
      periodType: draft.periodType,
      perPeriod,
      limitForPeriod,
      allowOverUsage: draft.allowOverUsage,
      userChangeable: draft.userChangeable,
      // The other period types roll on their own from the day the contract starts.
      ...(custom
        ? { periodStart: instantOfDateInput(draft.periodStart), periodEnd: instantOfDateInput(draft.periodEnd) }
        : {}),
      costs,
      ...(draft.fromContractId !== readFrom ? { fromContractId: draft.fromContractId } : {}),
    },
  };
}

// --- Tokens ----------------------------------------------------------------------------------------------------

export interface TokensDraft {
  type: string;
  capability: TokenCapability[];
  validityDays: string;
  total: string;
}
type TokensField = 'capability' | 'validityDays' | 'total';

export const tokensDraftOf = (tokens: Contract['tokens']): TokensDraft => ({
  type: tokens.type ?? '',
  capability: [...tokens.capability],
  validityDays: String(tokens.validityDays),
  total: String(tokens.total),
});

export function tokensRequestOf(
  draft: TokensDraft,
): { request: NonNullable<UpdateContractBody['tokens']> } | { issues: Issues<TokensField> } {
  const issues: Issues<TokensField> = {};
  const validityDays = wholeNumber(draft.validityDays, { min: 1, max: 3660 });
  const total = wholeNumber(draft.total);
  if (isIssue(validityDays)) issues.validityDays = validityDays;
  if (isIssue(total)) issues.total = total;
  if (!validTokenCapabilities(draft.capability)) issues.capability = 'validation.invalid';
  if (isIssue(validityDays) || isIssue(total) || issues.capability) return { issues };
  return { request: { type: draft.type.trim() || null, capability: draft.capability, validityDays, total } };
}

/**
 * A capability chosen in the multi-select: external only stands alone, so choosing it drops the offers, and choosing
 * an offer drops it.
 */
export function toggleCapability(chosen: readonly TokenCapability[], next: readonly TokenCapability[]) {
  const added = next.find((capability) => !chosen.includes(capability));
  if (added === 'EXTERNAL_ONLY') return ['EXTERNAL_ONLY'] as TokenCapability[];
  return added ? next.filter((capability) => capability !== 'EXTERNAL_ONLY') : [...next];
}

// --- Purchase --------------------------------------------------------------------------------------------------

export interface PurchaseDraft {
  credits: string;
  tokens: string;
  /** '' keeps the expiration date. */
  expiresAt: string;
}

export function purchaseRequestOf(
  draft: PurchaseDraft,
): { request: NonNullable<UpdateContractBody['purchase']> } | { issues: Issues<'credits' | 'tokens'> } {
  const credits = wholeNumber(draft.credits || '0');
  const tokens = wholeNumber(draft.tokens || '0');
  if (isIssue(credits) || isIssue(tokens))
    return {
      issues: { ...(isIssue(credits) ? { credits } : {}), ...(isIssue(tokens) ? { tokens } : {}) },
    };
  return {
    request: { credits, tokens, ...(draft.expiresAt ? { expiresAt: instantOfDateInput(draft.expiresAt) } : {}) },
  };
}

// --- A new contract --------------------------------------------------------------------------------------------

export interface ContractDraft {
  businessId: string | null;
  name: string;
  type: ContractType;
  expiresAt: string;
  purchased: boolean;
  /** Whether it reaches every level below its business; otherwise `inheritableLevels` of them. */
  inheritAll: boolean;
  inheritableLevels: string;
  comment: string;
  /** The contract of a level above to carve `creditsShare` credits from; null: none (credits are set on its page). */
  fromContractId: string | null;
  creditsShare: string;
}
type ContractField = 'businessId' | 'name' | 'inheritableLevels' | 'creditsShare';

export const NEW_CONTRACT: ContractDraft = {
  businessId: null,
  name: '',
  type: DEFAULT_CONTRACT_TYPE,
  expiresAt: '',
  purchased: true,
  inheritAll: true,
  inheritableLevels: '0',
  comment: '',
  fromContractId: null,
  creditsShare: '',
};

export function createRequestOf(
  draft: ContractDraft,
): { request: CreateContractBody } | { issues: Issues<ContractField> } {
  const issues: Issues<ContractField> = {};
  if (!draft.businessId) issues.businessId = 'validation.required';
  if (!draft.name.trim()) issues.name = 'validation.required';
  const levels = draft.inheritAll ? null : wholeNumber(draft.inheritableLevels, { max: 1000 });
  if (isIssue(levels)) issues.inheritableLevels = levels;
  const share = draft.fromContractId ? wholeNumber(draft.creditsShare) : null;
  if (isIssue(share)) issues.creditsShare = share;
  if (!draft.businessId || isIssue(levels) || isIssue(share) || Object.keys(issues).length > 0) return { issues };
  return {
    request: {
      businessId: draft.businessId,
      name: draft.name.trim(),
      type: draft.type,
      comment: draft.comment.trim(),
      expiresAt: instantOfDateInput(draft.expiresAt),
      purchased: draft.purchased,
      inheritableLevels: levels,
      ...(draft.fromContractId && share !== null
        ? { credits: { fromContractId: draft.fromContractId, total: share } }
        : {}),
    },
  };
}

// --- A contract's details ----------------------------------------------------------------------------------------

export type DetailsDraft = Omit<ContractDraft, 'businessId' | 'purchased' | 'fromContractId' | 'creditsShare'>;

export const detailsDraftOf = (contract: Contract): DetailsDraft => ({
  name: contract.name,
  type: contract.type,
  expiresAt: dateInputOf(contract.expiresAt),
  inheritAll: contract.inheritableLevels === null,
  inheritableLevels: String(contract.inheritableLevels ?? 0),
  comment: contract.comment,
});

/** What changed from `contract`, as `PATCH` takes it (null: nothing), or why not. */
export function detailsChange(
  draft: DetailsDraft,
  contract: Contract,
): { change: Omit<UpdateContractBody, 'version'> | null } | { issues: Issues<'name' | 'inheritableLevels'> } {
  const outcome = createRequestOf({
    ...draft,
    businessId: contract.business.id,
    purchased: true,
    fromContractId: null,
    creditsShare: '',
  });
  if ('issues' in outcome) return { issues: outcome.issues as Issues<'name' | 'inheritableLevels'> };
  const { name, type, comment, expiresAt, inheritableLevels } = outcome.request;
  const change: Omit<UpdateContractBody, 'version'> = {};
  if (name !== contract.name) change.name = name;
  if (type !== contract.type) change.type = type;
  if (comment !== contract.comment) change.comment = comment;
  if (draft.expiresAt !== dateInputOf(contract.expiresAt)) change.expiresAt = expiresAt ?? null;
  if ((inheritableLevels ?? null) !== contract.inheritableLevels) change.inheritableLevels = inheritableLevels ?? null;
  return { change: Object.keys(change).length > 0 ? change : null };
}
