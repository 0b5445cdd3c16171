import type { PlanFeatures } from '../plans.js';
import { z } from '../validation.js';
import { ALARM_SIGNAL_KINDS } from './alarms.js';
import { Email, Version } from './common.js';
import { type CallReception, ClockTime, Timezone, WEEKDAYS, type Weekday } from './user.js';

/**
 * What a business does when an alarm condition of one of its devices appears or clears (SPEC 3 "Action config",
 * 9 "Action types"). A business without its own list follows its parent's, up to the default below. Actions run from
 * a queue in the database after the readings are stored, never while they are.
 */
// "Store to database" (SPEC 9) is not in the list: every reading is always stored, so it is not something to choose.
export const ACTION_TYPES = ['alarm', 'callback', 'email', 'voice', 'push', 'geotab'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export const CALLBACK_AUTH_TYPES = ['none', 'basic', 'apiKey'] as const;
export const API_KEY_LOCATIONS = ['header', 'query'] as const;
export const EMAIL_LIST_MODES = ['allUsers', 'custom'] as const;
export const PUSH_CHANNELS = ['internet', 'sms', 'whatsapp'] as const;
export type PushChannel = (typeof PUSH_CHANNELS)[number];

const Secret = z.string().min(1, { error: 'validation.required' }).max(500, { error: 'validation.too_long' });
const ShortText = z.string().trim().min(1, { error: 'validation.required' }).max(200, { error: 'validation.too_long' });

/** When an action runs: on these weekdays between these times of the business's day; always when absent. */
export const ActionSchedule = z
  .object({
    days: z.array(z.enum(WEEKDAYS)).min(1, { error: 'validation.required' }),
    from: ClockTime,
    to: ClockTime,
    /** Hours from UTC the times are in. */
    timezone: Timezone,
  })
  .refine((schedule) => schedule.from <= schedule.to, { error: 'validation.invalid', path: ['to'] });
export type ActionSchedule = z.infer<typeof ActionSchedule>;

export const CallbackAuth = z.discriminatedUnion('type', [
  z.object({ type: z.literal('none') }),
  z.object({ type: z.literal('basic'), username: ShortText, password: Secret }),
  z.object({
    type: z.literal('apiKey'),
    location: z.enum(API_KEY_LOCATIONS),
    name: z
      .string()
      .trim()
      .min(1, { error: 'validation.required' })
      .max(100, { error: 'validation.too_long' })
      .regex(/^[A-Za-z0-9_-]+$/, { error: 'validation.invalid' }),
    value: Secret,
  }),
]);
export type CallbackAuth = z.infer<typeof CallbackAuth>;

export const CallbackTarget = z.object({
  url: z.url({ protocol: /^https?$/, error: 'validation.url' }).max(2000, { error: 'validation.too_long' }),
  auth: CallbackAuth,
});
export type CallbackTarget = z.infer<typeof CallbackTarget>;

/** The addresses of a comma-separated list, trimmed, empty entries left out. */
export const emailAddressesOf = (list: string): string[] =>
  list
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);

/** Comma-separated e-mail addresses, each valid, at least one; kept as the text the user typed. */
export const EmailList = z
  .string()
  .max(5000, { error: 'validation.too_long' })
  .superRefine((list, context) => {
    const addresses = emailAddressesOf(list);
    if (addresses.length === 0) context.addIssue({ code: 'custom', message: 'validation.required' });
    if (addresses.length > 100) context.addIssue({ code: 'custom', message: 'validation.too_long' });
    if (addresses.some((address) => !Email.safeParse(address).success)) {
      context.addIssue({ code: 'custom', message: 'validation.email' });
    }
  });

const UserIds = z.array(z.string().min(1).max(64)).max(200);

const Common = {
  /** Assigned by the server when absent; kept across edits so an action keeps its error flag. */
  id: z.string().min(1).max(64).optional(),
  name: z.string().trim().max(100, { error: 'validation.too_long' }).default(''),
  enabled: z.boolean().default(true),
  signalTypes: z.array(z.enum(ALARM_SIGNAL_KINDS)).min(1, { error: 'validation.required' }),
  schedule: ActionSchedule.nullable().default(null),
};

export const ActionConfig = z.discriminatedUnion('type', [
  z.object({ ...Common, type: z.literal('alarm') }),
  z.object({ ...Common, type: z.literal('callback'), callback: CallbackTarget }),
  z.object({
    ...Common,
    type: z.literal('email'),
    email: z.discriminatedUnion('mode', [
      z.object({ mode: z.literal('allUsers') }),
      z.object({ mode: z.literal('custom'), addresses: EmailList }),
    ]),
  }),
  z.object({
    ...Common,
    type: z.literal('voice'),
    voice: z.object({
      userIds: UserIds.min(1, { error: 'validation.required' }),
      retries: z.number().int().min(0).max(5).default(2),
      retryIntervalMinutes: z.number().int().min(1).max(60).default(5),
    }),
  }),
  z.object({
    ...Common,
    type: z.literal('push'),
    push: z.object({
      userIds: UserIds.min(1, { error: 'validation.required' }),
      channels: z.array(z.enum(PUSH_CHANNELS)).min(1, { error: 'validation.required' }),
    }),
  }),
  z.object({
    ...Common,
    type: z.literal('geotab'),
    geotab: z.object({ server: ShortText, database: ShortText, username: ShortText, password: Secret }),
  }),
]);
export type ActionConfig = z.infer<typeof ActionConfig>;
export type ActionConfigInput = z.input<typeof ActionConfig>;

/** An action as stored and shown: its id always set, with how its last execution went (the error flag). */
export type StoredAction = ActionConfig & { id: string };
export const ActionStatus = z.object({
  lastRunAt: z.string().nullable(),
  /** The last execution's error, or null when it succeeded or has not run. */
  lastError: z.string().nullable(),
  /** Something the last execution noticed without failing, e.g. "user removed from list". */
  lastNotice: z.string().nullable(),
});
export type ActionStatus = z.infer<typeof ActionStatus>;

export const BusinessActions = z.object({
  businessId: z.string(),
  /** Whose list applies: null when the business has its own, else the ancestor's (or `default`). */
  inheritedFrom: z.object({ id: z.string(), description: z.string() }).nullable(),
  actions: z.array(z.intersection(ActionConfig, z.object({ id: z.string(), status: ActionStatus }))),
  version: Version,
});
export type BusinessActions = z.infer<typeof BusinessActions>;

/** `PUT /customer-business/{id}/actions`: the business's own list, or null to follow its parent again. */
export const UpdateBusinessActionsRequest = z.object({
  version: Version,
  actions: z.array(ActionConfig).max(20, { error: 'validation.too_long' }).nullable(),
});
export type UpdateBusinessActionsRequest = z.infer<typeof UpdateBusinessActionsRequest>;

/** What applies where no business up the tree has a list: raise alarms. */
export const DEFAULT_ACTIONS: StoredAction[] = [
  { id: 'default-alarm', type: 'alarm', name: '', enabled: true, signalTypes: ['alarm', 'value'], schedule: null },
];

/** `POST /customer-business/test-action-callback`: try a callback target with a sample alarm event. */
export const TestActionCallbackRequest = CallbackTarget.extend({ businessId: z.string().min(1).max(200) });
export const TestActionCallbackResponse = z.object({
  /** The receiver's HTTP status; null when no answer came (refused, timed out, not allowed). */
  status: z.number().int().nullable(),
  body: z.string(),
  error: z.string().nullable(),
  durationMs: z.number(),
});
export type TestActionCallbackResponse = z.infer<typeof TestActionCallbackResponse>;

/** A server's DNS name (`my.geotab.com`), with a port or not: nothing that would change the address's path or user. */
const ServerName = z
  .string()
  .trim()
  .min(1, { error: 'validation.required' })
  .max(253, { error: 'validation.too_long' })
  .regex(/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/i, {
    error: 'validation.host_name',
  });

/** `POST /geotab/DIG/Authenticate`: check Geotab credentials before saving a Geotab action. */
export const GeotabCredentials = z.object({
  server: ServerName,
  database: ShortText,
  username: ShortText,
  password: Secret,
});
export type GeotabCredentials = z.infer<typeof GeotabCredentials>;

/** The plan feature an action type needs, if any (SPEC 3 "Plan"). */
export function planAllowsAction(action: ActionConfig, plan: PlanFeatures): boolean {
  switch (action.type) {
    case 'alarm':
      return plan.alarmSupport;
    case 'callback':
      return plan.thirdyPartyIntegration;
    case 'geotab':
      return plan.geotabIntegration;
    case 'push':
      return (
        (!action.push.channels.includes('sms') || plan.pushNotifSMS) &&
        (!action.push.channels.includes('whatsapp') || plan.pushNotifWAP)
      );
    default:
      return true;
  }
}

/** Weekday and minutes since midnight of `at` in a place `timezone` hours from UTC. */
function localTime(at: number, timezone: number): { day: Weekday; minutes: number; date: string } {
  const local = new Date(at + timezone * 3_600_000);
  return {
    day: WEEKDAYS[local.getUTCDay()] as Weekday,
    minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
    date: local.toISOString().slice(0, 10),
  };
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** Whether an action's schedule lets it run at `at` (both ends of the day's window included). */
export function scheduleAllows(schedule: ActionSchedule | null, at: number): boolean {
  if (!schedule) return true;
  const { day, minutes } = localTime(at, schedule.timezone);
  return schedule.days.includes(day) && minutes >= minutesOf(schedule.from) && minutes <= minutesOf(schedule.to);
}

/** Whether a user takes voice calls and SMS at `at`: within their day's reception window and not off work. */
export function acceptsCallsAt(
  user: { callReception: CallReception; periodOffWork: { from: string; to: string } | null; timezone: number },
  at: number,
): boolean {
  const { day, minutes, date } = localTime(at, user.timezone);
  if (user.periodOffWork && date >= user.periodOffWork.from && date <= user.periodOffWork.to) return false;
  const window = user.callReception[day];
  return window.enabled && minutes >= minutesOf(window.from) && minutes <= minutesOf(window.to);
}
