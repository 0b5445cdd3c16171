import { BusinessRole } from '../roles.js';
import { z } from '../validation.js';

/**
 * Status of a business node: 0 on creation (SPEC section 3) and it means active; `deactivate` sets 1, `activate` sets
 * 0 again.
 */
export const BUSINESS_STATUS = { active: 0, inactive: 1 } as const;
export const BusinessStatus = z.union([z.literal(BUSINESS_STATUS.active), z.literal(BUSINESS_STATUS.inactive)]);

export const BUSINESS_LOG_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_BUSINESS_LOG_PAGE_SIZE = 10;

const Description = z
  .string()
  .trim()
  .min(1, { error: 'validation.required' })
  .max(200, { error: 'validation.too_long' });

export const BusinessTheme = z.object({
  primary: z.string().optional(),
  alarmOk: z.string().optional(),
  alarmLatched: z.string().optional(),
  alarmActive: z.string().optional(),
  alarmSnoozed: z.string().optional(),
});
export type BusinessTheme = z.infer<typeof BusinessTheme>;

/** A business node as SPEC section 3 shows it; `parent` is null for the caller's top of the tree. */
export const Business = z
  .object({
    _id: z.string(),
    slug: z.string(),
    description: z.string(),
    parent: z.string().nullable(),
    children: z.array(z.string()),
    status: z.number().int(),
    logo: z.string().nullable(),
    theme: BusinessTheme.nullable(),
    usersAdv: z.object({ users: z.array(z.object({ email: z.string(), role: BusinessRole })) }),
    deviceCount: z.number().int(),
    active: z.object({ cfg: z.boolean(), merged: z.boolean() }),
    version: z.number().int(),
  })
  .meta({ id: 'Business' });
export type Business = z.infer<typeof Business>;

export const Businesses = z.array(Business);
export type Businesses = z.infer<typeof Businesses>;

export const BusinessCount = z.object({ count: z.number().int() });
export type BusinessCount = z.infer<typeof BusinessCount>;

export const BusinessParams = z.object({ id: z.string().min(1).max(64) });

/** `?mode=count` answers a count instead of the nodes. */
export const BusinessModeQuery = z.object({ mode: z.enum(['count']).optional() });

/** `POST /customer-business` (top level) and `POST /customer-business/{id}` (a child). */
export const CreateBusinessRequest = z.object({
  description: Description,
  status: BusinessStatus.default(BUSINESS_STATUS.active),
});
export type CreateBusinessRequest = z.infer<typeof CreateBusinessRequest>;

/** `PUT /customer-business/{id}`: a rename and/or a move under `parent` (the target's `_id` or slug). */
export const UpdateBusinessRequest = z.object({
  version: z.number({ error: 'validation.required' }).int(),
  description: Description.optional(),
  parent: z.string().min(1).max(200).optional(),
});
export type UpdateBusinessRequest = z.infer<typeof UpdateBusinessRequest>;

export const BusinessLogsQuery = z.object({
  fromDate: z.coerce.date({ error: 'validation.invalid' }).optional(),
  reverseOrder: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (BUSINESS_LOG_PAGE_SIZES as readonly number[]).includes(size), { error: 'validation.invalid' })
    .default(DEFAULT_BUSINESS_LOG_PAGE_SIZE),
});
export type BusinessLogsQuery = z.infer<typeof BusinessLogsQuery>;

export const BUSINESS_LOG_ACTIONS = [
  'created',
  'child_added',
  'renamed',
  'moved',
  'child_deleted',
  'activated',
  'deactivated',
] as const;
export const BusinessLogAction = z.enum(BUSINESS_LOG_ACTIONS);
export type BusinessLogAction = z.infer<typeof BusinessLogAction>;

/** One entry of a business's activity log: who did what, when. */
export const BusinessLog = z
  .object({
    _id: z.string(),
    businessId: z.string(),
    user: z.string().nullable(),
    action: BusinessLogAction,
    details: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
  })
  .meta({ id: 'BusinessLog' });
export type BusinessLog = z.infer<typeof BusinessLog>;

export const BusinessLogPage = z.object({
  data: z.array(BusinessLog),
  totalElements: z.number().int(),
  hasNext: z.boolean(),
});
export type BusinessLogPage = z.infer<typeof BusinessLogPage>;
