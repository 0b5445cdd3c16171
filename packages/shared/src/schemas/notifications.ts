import { signalNameIn } from '../codecs/signal-names.js';
import { creditChannelName, isCreditChannel } from '../contracts.js';
import type { Language } from '../languages.js';
import { type MessageCode, translate } from '../messages.js';
import { z } from '../validation.js';

export const NOTIFICATION_PAGE_SIZES = [10, 25, 50] as const;
export const DEFAULT_NOTIFICATION_PAGE_SIZE = 10;
/** How often the web app asks for the unread count (SPEC section 9). */
export const UNREAD_COUNT_POLL_MS = 60_000;

export const NotificationMessage = z.object({
  title: z.string().trim().min(1, { error: 'validation.required' }).max(200, { error: 'validation.too_long' }),
  body: z.string().trim().max(2000, { error: 'validation.too_long' }),
});
export type NotificationMessage = z.infer<typeof NotificationMessage>;

/** What the platform notifies about; each has a `.title` and a `.body` text in `MESSAGES`. */
export const NOTIFICATION_CODES = [
  'notification.alarm_raised',
  'notification.alarm_reactivated',
  'notification.alarm_unsnoozed',
  'notification.condition_raised',
  'notification.condition_cleared',
  'notification.battery_low',
  'notification.journey_finished',
  'notification.contract_expiring',
  'notification.contract_purchase',
  'notification.contract_pending',
  'notification.contract_reaching_limit',
  'notification.contract_period_over_usage',
  'notification.contract_expired',
  'notification.credit_refused',
  'notification.sigfox_tokens',
  'notification.account_confirmed',
] as const;
export type NotificationCode = (typeof NOTIFICATION_CODES)[number];

export const isNotificationCode = (code: string): code is NotificationCode =>
  (NOTIFICATION_CODES as readonly string[]).includes(code);

/** A notification as stored: a code with its parameters, or (sent by provider staff, or older) free text. */
export interface NotificationContent {
  code: string | null;
  params: Record<string, string>;
  message: NotificationMessage;
}

/** The title and body of a notification in `language`; free text (and a code this version does not know) as stored. */
export function notificationText(content: NotificationContent, language: Language): NotificationMessage {
  if (content.code === null || !isNotificationCode(content.code)) return content.message;
  // A signal is stored by its key and its codec's English name: the reader's language names it.
  const { signalKey, channel } = content.params;
  const params = {
    ...content.params,
    ...(signalKey ? { signal: signalNameIn(language, signalKey, content.params.signal ?? signalKey) } : {}),
    // What a refused send was, stored by its channel's key.
    ...(channel && isCreditChannel(channel) ? { channel: creditChannelName(channel, language) } : {}),
  };
  return {
    title: translate(`${content.code}.title` as MessageCode, language, params),
    body: translate(`${content.code}.body` as MessageCode, language, params),
  };
}

/**
 * One notification of one user; `topic` is `a/b` when it came through a topic subscription. `message` is worded in
 * the request's language; `code` and `params` (null and empty for free text) let a client word it in its own.
 */
export const Notification = z
  .object({
    _id: z.string(),
    read: z.boolean(),
    createdAt: z.string(),
    message: NotificationMessage,
    code: z.string().nullable(),
    params: z.record(z.string(), z.string()),
    topic: z.string().nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof Notification>;

const BooleanQuery = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true');

export const NotificationListQuery = z.object({
  onlyUnread: BooleanQuery,
  // Bounded so that the offset stays an integer every database accepts.
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (NOTIFICATION_PAGE_SIZES as readonly number[]).includes(size), { error: 'validation.invalid' })
    .default(DEFAULT_NOTIFICATION_PAGE_SIZE),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

/** The page envelope every paged list answers with. */
export const NotificationPage = z.object({
  data: z.array(Notification),
  totalElements: z.number().int(),
  hasNext: z.boolean(),
});
export type NotificationPage = z.infer<typeof NotificationPage>;

export const UnreadCount = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCount>;

/** How many notifications a bulk call (`read-all`, `delete-all`, `{id}/delete`) changed. */
export const CountResponse = z.object({ count: z.number().int() });
export type CountResponse = z.infer<typeof CountResponse>;

export const NotificationParams = z.object({ id: z.string().min(1).max(64) });

/** One attempt to deliver a notification to one stored push subscription. */
export const NotificationDelivery = z.object({
  channel: z.literal('web-push'),
  endpointHost: z.string(),
  status: z.enum(['sent', 'failed', 'gone']),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  attemptedAt: z.string(),
});
export type NotificationDelivery = z.infer<typeof NotificationDelivery>;

/** `GET /push-notification/list-details/{id}`: one's own notification with its delivery summary. */
export const NotificationDetails = Notification.extend({
  deliveries: z.object({ sent: z.number().int(), failed: z.number().int(), gone: z.number().int() }),
});
export type NotificationDetails = z.infer<typeof NotificationDetails>;

/** `GET /push-notification/list-instances/{id}`: every delivery attempt of one's own notification. */
export const NotificationInstances = z.object({ data: z.array(NotificationDelivery) });
export type NotificationInstances = z.infer<typeof NotificationInstances>;

/** The browser's `PushSubscription.toJSON()`, the body of `store-token/{token}`. */
export const PushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'validation.invalid' }).max(2048),
  // Milliseconds (the Push API's EpochTimeStamp, a whole number) into a `bigint` column, which fails on a fraction.
  expirationTime: z.int().min(0).nullable().optional(),
  keys: z.object({
    // URL-safe base64 of the 65-byte P-256 public key and of the 16-byte auth secret, as browsers give them.
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{87}=?$/, { error: 'validation.invalid' }),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, { error: 'validation.invalid' }),
  }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

export const PushTokenParams = z.object({ token: z.string().min(1).max(200) });

/** A topic is two path segments, e.g. a business id and a subject: `subscribe-to-topic-fadmin/{a}/{b}`. */
const TopicSegment = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[^/]+$/, { error: 'validation.invalid' });
export const TopicParams = z.object({ a: TopicSegment, b: TopicSegment });

/** Provider staff send a notification to users by e-mail and/or to a topic's subscribers. */
export const SendNotificationRequest = z
  .object({
    emails: z
      .array(z.email({ error: 'validation.email' }))
      .max(1000)
      .default([]),
    topic: TopicParams.optional(),
    message: NotificationMessage,
  })
  .refine((request) => request.emails.length > 0 || request.topic, { error: 'validation.required', path: ['emails'] });
export type SendNotificationRequest = z.infer<typeof SendNotificationRequest>;

export const SendNotificationResponse = z.object({ notified: z.number().int() });
