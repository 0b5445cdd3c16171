import { BusinessRole } from '../roles.js';
import { z } from '../validation.js';
import { Email, Version } from './common.js';

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
    version: Version,
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
  version: Version,
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
  'user_added',
  'user_role_changed',
  'user_removed',
  'locked',
  'unlocked',
  'config_changed',
  'asset_created',
  'asset_updated',
  'asset_linked',
  'asset_unlinked',
  'asset_deleted',
  'assets_imported',
  'assets_moved',
  'place_created',
  'place_updated',
  'place_deleted',
  'place_group_created',
  'place_group_updated',
  'place_group_deleted',
  'usage_license_created',
  'usage_license_updated',
  'usage_license_deleted',
  'journey_created',
  'journey_changed',
  'contract_created',
  'contract_updated',
  'contract_deleted',
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

/** A user's entry on a node. `inheritedFrom` is set when the role comes from an entry on an ancestor. */
export const BusinessUser = z
  .object({
    /** The user's id: what action lists (voice calls, push) name users by. */
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: BusinessRole,
    inheritedFrom: z.object({ id: z.string(), description: z.string() }).nullable(),
  })
  .meta({ id: 'BusinessUser' });
export type BusinessUser = z.infer<typeof BusinessUser>;

/**
 * `GET /customer-business/{id}/users`: the entries on the node itself, then (marked with `inheritedFrom`) the roles
 * that reach it from entries on the ancestors the caller reaches, for users without an entry of their own there.
 */
export const BusinessUsers = z.object({ users: z.array(BusinessUser), inherited: z.array(BusinessUser) });
export type BusinessUsers = z.infer<typeof BusinessUsers>;

export const MAX_USERS_PER_ADD = 100;

/**
 * `POST /customer-business/{id}/users`: several addresses at once (the UI splits them at TAB or ENTER). Each address is
 * checked on its own and answered in `results`, so one bad address does not refuse the others.
 */
export const AddBusinessUsersRequest = z.object({
  emails: z
    .array(z.string().max(320, { error: 'validation.too_long' }))
    .min(1, { error: 'validation.required' })
    .max(MAX_USERS_PER_ADD),
  role: BusinessRole,
});
export type AddBusinessUsersRequest = z.infer<typeof AddBusinessUsersRequest>;

/**
 * What happened to one address: `added` (a known address is told by mail, an unknown one is invited by mail: both
 * are answered alike, so the answer does not tell whether an address has an account), or refused.
 */
export const ADD_BUSINESS_USER_OUTCOMES = ['added', 'refused'] as const;
export const AddBusinessUserResult = z.object({
  email: z.string(),
  outcome: z.enum(ADD_BUSINESS_USER_OUTCOMES),
  /** `business.user_added`, or the refusal's code. */
  code: z.string(),
  message: z.string(),
});
export type AddBusinessUserResult = z.infer<typeof AddBusinessUserResult>;
export const AddBusinessUsersResponse = z.object({ results: z.array(AddBusinessUserResult) });
export type AddBusinessUsersResponse = z.infer<typeof AddBusinessUsersResponse>;

/** `PATCH /customer-business/{id}/users`: a new role for a user already in the node's list. */
export const UpdateBusinessUserRequest = z.object({ email: Email, role: BusinessRole });
export type UpdateBusinessUserRequest = z.infer<typeof UpdateBusinessUserRequest>;

export const BusinessUserParams = z.object({ id: z.string().min(1).max(64), email: Email });

/** The device tabs a role may see on a business's devices (SPEC section 3, "Access views per role"). */
export const DEVICE_TABS = [
  'info',
  'data',
  'config',
  'commissioning',
  'outputs',
  'reports',
  'users',
  'alarms',
] as const;
export const DeviceTab = z.enum(DEVICE_TABS);

/** The report types of SPEC section 9. */
export const REPORT_TYPES = [
  'temperatureSummary',
  'temperatureHistogram',
  'humiditySummary',
  'humidityHistogram',
  'waterConsumptionDashboard',
  'waterConsolidation',
  'alarmReportSelected',
  'alarmReportFull',
] as const;
export const ReportType = z.enum(REPORT_TYPES);

/** The roles whose views a business configures (`anonymous`: free view). */
export const VIEW_ROLES = ['superAdmin', 'admin', 'user', 'viewer', 'anonymous'] as const;
export const ViewRole = z.enum(VIEW_ROLES);
export type ViewRole = z.infer<typeof ViewRole>;

export const RoleViews = z.object({
  deviceTabs: z.array(DeviceTab).max(DEVICE_TABS.length),
  reports: z.array(ReportType).max(REPORT_TYPES.length),
});
export type RoleViews = z.infer<typeof RoleViews>;

/** What a role sees where nothing on the node's path says otherwise: everything. */
export const DEFAULT_ROLE_VIEWS: RoleViews = { deviceTabs: [...DEVICE_TABS], reports: [...REPORT_TYPES] };

/** Per-role views set on one node; a role left out inherits from the parent. */
export const ViewPermissions = z.partialRecord(ViewRole, RoleViews);
export type ViewPermissions = z.infer<typeof ViewPermissions>;

const NamedBusiness = z.object({ id: z.string(), description: z.string() });

/**
 * `GET /customer-business/{id}/config`: the node's own theme and logo (null: unset) and the ones in effect (the
 * nearest ancestor-or-self that sets them), and per role the views in effect with where they come from: `own`, the
 * nearest ancestor that sets them (`inherited`, named when the caller reaches it), or the `default`.
 */
export const BusinessConfig = z
  .object({
    theme: BusinessTheme.nullable(),
    logo: z.string().nullable(),
    effective: z.object({ theme: BusinessTheme.nullable(), logo: z.string().nullable() }),
    viewPermissions: z.array(
      RoleViews.extend({
        role: ViewRole,
        source: z.enum(['own', 'inherited', 'default']),
        inheritedFrom: NamedBusiness.nullable(),
      }),
    ),
    version: Version,
  })
  .meta({ id: 'BusinessConfig' });
export type BusinessConfig = z.infer<typeof BusinessConfig>;

const ThemeColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation.invalid' });

/**
 * `PATCH /customer-business/{id}/config` over the `version` read: only the fields sent change; null unsets (the
 * node inherits again). A role's views set to null inherit from the parent again.
 */
export const UpdateBusinessConfigRequest = z.object({
  version: Version,
  theme: z
    .object({
      primary: ThemeColor.optional(),
      alarmOk: ThemeColor.optional(),
      alarmLatched: ThemeColor.optional(),
      alarmActive: ThemeColor.optional(),
      alarmSnoozed: ThemeColor.optional(),
    })
    .nullable()
    .optional(),
  logo: z
    .url({ protocol: /^https?$/, error: 'validation.invalid' })
    .max(2000, { error: 'validation.too_long' })
    .nullable()
    .optional(),
  viewPermissions: z.partialRecord(ViewRole, RoleViews.nullable()).optional(),
});
export type UpdateBusinessConfigRequest = z.infer<typeof UpdateBusinessConfigRequest>;
