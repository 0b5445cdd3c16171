import {
  CONTRACT_LOG_EVENTS,
  CONTRACT_STATES,
  CONTRACT_TYPES,
  CREDIT_CHANNELS,
  CREDIT_PERIOD_TYPES,
  DEFAULT_CONTRACT_TYPE,
  TOKEN_CAPABILITIES,
  validTokenCapabilities,
} from '../contracts.js';
import { INTEGER_COLUMN_MAX, z } from '../validation.js';
import { Version } from './common.js';
import { PlanFeaturesFields, PlanFeaturesSchema } from './plans.js';

const required = { error: 'validation.required' } as const;
const tooLong = { error: 'validation.too_long' } as const;
const invalid = { error: 'validation.invalid' } as const;
const Id = z.string().min(1, required).max(64, tooLong);
const Name = z.string(required).trim().min(1, required).max(200, tooLong);
/** Credits and tokens: whole, not negative, and within what an integer column holds. */
const Amount = z.int(invalid).min(0, invalid).max(INTEGER_COLUMN_MAX, invalid);
/** A date and time as sent and answered (ISO 8601). */
const Instant = z.iso.datetime({ offset: true, error: 'validation.invalid' });

export const ContractTypeSchema = z.enum(CONTRACT_TYPES);
export const CreditPeriodTypeSchema = z.enum(CREDIT_PERIOD_TYPES);
export const TokenCapabilitySchema = z.enum(TOKEN_CAPABILITIES);
export const ContractStateSchema = z.enum(CONTRACT_STATES);
export const ContractLogEventSchema = z.enum(CONTRACT_LOG_EVENTS);
export const CreditChannelSchema = z.enum(CREDIT_CHANNELS);

/** The cost in credits of each thing that costs the provider money. */
export const CreditCosts = z.object({ sms: Amount, whatsapp: Amount, voice: Amount, report: Amount });
export type CreditCosts = z.infer<typeof CreditCosts>;

/** A contract's credits (SPEC section 3). `left` = `total - spent - carved`. */
export const ContractCredits = z.object({
  total: z.number().int(),
  spent: z.number().int(),
  /** Given to the contracts of sublevels carved from this one. */
  carved: z.number().int(),
  left: z.number().int(),
  periodType: CreditPeriodTypeSchema,
  /** Each new period's limit. */
  perPeriod: z.number().int(),
  /** The current period's limit (a customer admin may change it when `userChangeable`). */
  limitForPeriod: z.number().int(),
  allowOverUsage: z.boolean(),
  userChangeable: z.boolean(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  spentInPeriod: z.number().int(),
  /** Spent in the period beyond its limit (only with over-usage allowed). */
  overUsageInPeriod: z.number().int(),
  costs: CreditCosts,
  /** The ancestor level's contract these credits were carved from; null when bought for this contract. */
  fromContract: z.object({ contractId: z.string(), name: z.string() }).nullable(),
});
export type ContractCredits = z.infer<typeof ContractCredits>;

/** A contract's tokens (SPEC section 3): Sigfox devices in its reach use tokens of its type. */
export const ContractTokens = z.object({
  type: z.string().nullable(),
  capability: z.array(TokenCapabilitySchema),
  validityDays: z.number().int(),
  /** `validityDays` in milliseconds. */
  periodMs: z.number().int(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  /** Token credits bought, and those consumed by past renewals. */
  total: z.number().int(),
  spent: z.number().int(),
  /** Sigfox devices in the contract's reach now. */
  inUse: z.number().int(),
});
export type ContractTokens = z.infer<typeof ContractTokens>;

/** A contract (SPEC section 3) with its plan features (merged over the default plan) and its notification state. */
export const Contract = z
  .object({
    contractId: z.string(),
    business: z.object({ id: z.string(), description: z.string() }),
    name: z.string(),
    type: ContractTypeSchema,
    comment: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Null: it never expires. */
    expiresAt: z.string().nullable(),
    /** Null while pending: a pending contract grants nothing. */
    purchasedAt: z.string().nullable(),
    /** How many levels below its business it reaches; null: all of them. */
    inheritableLevels: z.number().int().nullable(),
    features: PlanFeaturesSchema,
    credits: ContractCredits,
    tokens: ContractTokens,
    state: ContractStateSchema,
    version: Version,
  })
  .meta({ id: 'Contract' });
export type Contract = z.infer<typeof Contract>;

export const ContractParams = z.object({ id: Id });
export const ContractPatchParams = z.object({ contractId: Id });
export const ContractTypeParams = z.object({ type: ContractTypeSchema });
export const ContractByTypeQuery = z.object({ businessId: Id });

/** `GET /contracts`: by name, keyset-paged; provider staff see every business's, others those of levels they reach. */
export const ContractListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  businessId: Id.optional(),
  type: ContractTypeSchema.optional(),
  state: ContractStateSchema.optional(),
  /** Only those expiring within this many days from now (expired ones excluded). */
  expiringWithinDays: z.coerce.number().int().min(0).max(3660).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(1000).optional(),
});
export type ContractListQuery = z.infer<typeof ContractListQuery>;

export const ContractPage = z.object({ items: z.array(Contract), nextCursor: z.string().nullable() });
export type ContractPage = z.infer<typeof ContractPage>;

/**
 * `GET /customer-business/{id}/contracts`: the contract governing the level (held by it or above; null: the default
 * plan) and the contracts held by the level and its sublevels.
 */
export const LevelContracts = z.object({
  governing: Contract.nullable(),
  items: z.array(Contract),
});
export type LevelContracts = z.infer<typeof LevelContracts>;

/** A plan's features as a contract stores them: any of them, the rest from the default plan. */
export const ContractFeaturesRequest = PlanFeaturesFields.partial()
  .extend({ dataViewCapabilities: PlanFeaturesFields.shape.dataViewCapabilities.partial().strict().optional() })
  .strict();

const CreditsRequest = z
  .object({
    total: Amount,
    periodType: CreditPeriodTypeSchema,
    perPeriod: Amount,
    limitForPeriod: Amount,
    allowOverUsage: z.boolean(),
    userChangeable: z.boolean(),
    /** Required for a custom period (its own start and end); the other types start their periods on their own. */
    periodStart: Instant.nullable(),
    periodEnd: Instant.nullable(),
    costs: CreditCosts,
    /** Carve `total` from this ancestor level's contract (never more than it has left). */
    fromContractId: Id.nullable(),
  })
  .strict();

const TokensRequest = z
  .object({
    type: z.string().trim().max(64, tooLong).nullable(),
    capability: z.array(TokenCapabilitySchema).max(TOKEN_CAPABILITIES.length).refine(validTokenCapabilities, invalid),
    validityDays: z.int(invalid).min(1, invalid).max(3660, invalid),
    total: Amount,
  })
  .strict();

/** `POST /contracts` (provider staff). Absent parts take their defaults: a level contract, bought now, no credits. */
export const CreateContractRequest = z
  .object({
    businessId: Id,
    name: Name,
    type: ContractTypeSchema.default(DEFAULT_CONTRACT_TYPE),
    comment: z.string().max(2000, tooLong).default(''),
    expiresAt: Instant.nullable().default(null),
    /** False: pending until a purchase (`PATCH` with `purchase`). */
    purchased: z.boolean().default(true),
    inheritableLevels: z.int(invalid).min(0, invalid).max(1000, invalid).nullable().default(null),
    features: ContractFeaturesRequest.default({}),
    credits: CreditsRequest.partial().strict().optional(),
    tokens: TokensRequest.partial().strict().optional(),
  })
  .strict();
export type CreateContractRequest = z.infer<typeof CreateContractRequest>;

/** A purchase: credits and token credits added to the totals, and a new expiration date when given. */
export const ContractPurchase = z
  .object({ credits: Amount.default(0), tokens: Amount.default(0), expiresAt: Instant.nullable().optional() })
  .strict();
export type ContractPurchase = z.infer<typeof ContractPurchase>;

/**
 * `PATCH /contracts/{contractId}` over the `version` read (409 when stale); absent parts stay. Provider staff may
 * change anything; a customer admin only `credits.limitForPeriod`, and `credits.total` of a contract carved from
 * theirs, on a sublevel's contract marked `userChangeable` (anything else: 403).
 */
export const UpdateContractRequest = z
  .object({
    version: Version,
    name: Name.optional(),
    type: ContractTypeSchema.optional(),
    comment: z.string().max(2000, tooLong).optional(),
    expiresAt: Instant.nullable().optional(),
    inheritableLevels: z.int(invalid).min(0, invalid).max(1000, invalid).nullable().optional(),
    features: ContractFeaturesRequest.optional(),
    credits: CreditsRequest.partial().strict().optional(),
    tokens: TokensRequest.partial().strict().optional(),
    purchase: ContractPurchase.optional(),
  })
  .strict();
export type UpdateContractRequest = z.infer<typeof UpdateContractRequest>;

/** `DELETE /contracts/{id}` over the `version` read. */
export const ContractDeleteQuery = z.object({ version: z.coerce.number().pipe(Version) });

/** What a log row adds to its event: the channel and over-usage of a consumption, the devices of a renewal, ... */
export const ContractLogDetails = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));

export const ContractLog = z
  .object({
    id: z.string(),
    event: ContractLogEventSchema,
    at: z.string(),
    /** Who did it; null for the platform's own work (consumption by actions, the daily job). */
    user: z.object({ id: z.string(), email: z.string() }).nullable(),
    amount: z.number().int().nullable(),
    details: ContractLogDetails,
  })
  .meta({ id: 'ContractLog' });
export type ContractLog = z.infer<typeof ContractLog>;

/** `GET /contracts/{id}/logs`: newest first, keyset-paged. */
export const ContractLogQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(1000).optional(),
});
export const ContractLogPage = z.object({ items: z.array(ContractLog), nextCursor: z.string().nullable() });
export type ContractLogPage = z.infer<typeof ContractLogPage>;
