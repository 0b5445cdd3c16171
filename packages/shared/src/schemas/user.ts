import { Language } from '../languages.js';
import { z } from '../validation.js';
import { IsoDate } from './common.js';

/** `product` is the provider's staff ({product} in the specification); everyone else is a `user`. */
export const UserRole = z.enum(['product', 'user']);
export type UserRole = z.infer<typeof UserRole>;

/** Provider staff ({product}): the users page, the architecture menu, Sigfox token status (SPEC section 6). */
export function isProviderStaff(user: { role: UserRole }): boolean {
  return user.role === 'product';
}

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const ClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.time' });

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
    version: z.number().int(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

/** `PATCH /rest-auth/user/`: only the fields sent change; `version` is the one the client last read. */
export const UpdateProfileRequest = z.object({
  version: z.number().int(),
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
