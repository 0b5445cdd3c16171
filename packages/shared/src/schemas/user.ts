import { Language } from '../languages.js';
import { z } from '../validation.js';
import { IsoDate, Version } from './common.js';

/** `product` is the provider's staff ({product} in the specification); everyone else is a `user`. */
export const UserRole = z.enum(['product', 'user']);
export type UserRole = z.infer<typeof UserRole>;

/** Provider staff ({product}): the users page, the architecture menu, Sigfox token status (SPEC section 6). */
export function isProviderStaff(user: { role: UserRole }): boolean {
  return user.role === 'product';
}

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const ClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.time' });

/** When a user accepts voice calls and SMS on one weekday. */
export const CallReceptionDay = z
  .object({ enabled: z.boolean(), from: ClockTime, to: ClockTime })
  .refine((day) => day.from <= day.to, { error: 'validation.invalid', path: ['to'] });

export const CallReception = z.object(
  Object.fromEntries(WEEKDAYS.map((day) => [day, CallReceptionDay])) as Record<Weekday, typeof CallReceptionDay>,
);
export type CallReception = z.infer<typeof CallReception>;

export const DEFAULT_CALL_RECEPTION: CallReception = Object.fromEntries(
  WEEKDAYS.map((day) => [day, { enabled: true, from: '00:00', to: '23:59' }]),
) as CallReception;

export const PeriodOffWork = z
  .object({ from: IsoDate, to: IsoDate })
  .refine((period) => period.from <= period.to, { error: 'validation.date_range', path: ['to'] });

export const TIMEZONE_MIN = -12;
export const TIMEZONE_MAX = 12;
export const Timezone = z
  .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.timezone') })
  .int({ error: 'validation.timezone' })
  .min(TIMEZONE_MIN, { error: 'validation.timezone' })
  .max(TIMEZONE_MAX, { error: 'validation.timezone' });

export const Phone = z
  .string()
  .trim()
  .max(32, { error: 'validation.too_long' })
  .regex(/^[\d()+\- ]*$/, { error: 'validation.phone' });

const Name = z.string().trim().max(150, { error: 'validation.too_long' });

export const User = z
  .object({
    id: z.string(),
    email: z.string(),
    role: UserRole,
    profile: z.object({ firstName: z.string(), lastName: z.string(), language: Language }),
    timezone: z.number().int(),
    phone: z.string(),
    periodOffWork: z.object({ from: z.string(), to: z.string() }).nullable(),
    callReception: CallReception,
    version: Version,
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

/** `PATCH /rest-auth/user/`: only the fields sent change; `version` is the one the client last read. */
export const UpdateProfileRequest = z.object({
  version: Version,
  firstName: Name.optional(),
  lastName: Name.optional(),
  language: Language.optional(),
  timezone: Timezone.optional(),
  phone: Phone.optional(),
  periodOffWork: PeriodOffWork.nullable().optional(),
  callReception: CallReception.optional(),
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

export const UserParams = z.object({ email: z.string() });

export const USER_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_USER_PAGE_SIZE = 10;

/** `GET /users` (provider staff): `search` matches the e-mail or the name, case-insensitively. */
export const UsersQuery = z.object({
  search: z.string().trim().max(200, { error: 'validation.too_long' }).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (USER_PAGE_SIZES as readonly number[]).includes(size), { error: 'validation.invalid' })
    .default(DEFAULT_USER_PAGE_SIZE),
});
export type UsersQuery = z.infer<typeof UsersQuery>;

/** One row of the users page: `businesses` is how many business entries the user has. */
export const UserSummary = z
  .object({
    email: z.string(),
    name: z.string(),
    role: UserRole,
    confirmed: z.boolean(),
    businesses: z.number().int(),
  })
  .meta({ id: 'UserSummary' });
export type UserSummary = z.infer<typeof UserSummary>;

export const UserPage = z.object({
  data: z.array(UserSummary),
  totalElements: z.number().int(),
  hasNext: z.boolean(),
});
export type UserPage = z.infer<typeof UserPage>;
