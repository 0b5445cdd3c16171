import { ALARM_STATUSES, ALARM_TRANSITIONS } from '../alarms.js';
import type { SignalKind } from '../codecs/device-type.js';
import { z } from '../validation.js';
import { Version } from './common.js';

export const AlarmStatusSchema = z.enum(ALARM_STATUSES);
export const AlarmTransitionSchema = z.enum(ALARM_TRANSITIONS);

/** Where an alarm comes from: a signal of kind alarm turning true, or a threshold rule on a value signal. */
export const ALARM_SOURCES = ['signal', 'rule'] as const;
export type AlarmSource = (typeof ALARM_SOURCES)[number];

/** The signal kinds whose alarms an action can follow (SPEC 3 "Action config": signal types). */
export const ALARM_SIGNAL_KINDS = ['alarm', 'value'] as const satisfies readonly SignalKind[];

/**
 * One edge of an alarm condition as the ingest pipeline records it: the condition `key` of a device appeared
 * (`raised`) or went away. `key` is the signal key for alarm signals, `rule:<signal>:<above|below>:<threshold>` for
 * threshold rules, so editing a rule's threshold makes it a new condition.
 */
export interface ConditionEdge {
  deviceId: string;
  key: string;
  signal: string;
  /** The kind of the signal the condition watches: `alarm` for alarm signals, `value` for threshold rules. */
  kind: (typeof ALARM_SIGNAL_KINDS)[number];
  raised: boolean;
  /** The reading that crossed the edge, as JSON. */
  value: string;
  /** The reading's date (epoch ms). */
  date: number;
}

export const AlarmHistoryEntry = z.object({
  transition: AlarmTransitionSchema,
  /** The user who did it; null for what the device or the platform did. */
  user: z.object({ id: z.string(), name: z.string() }).nullable(),
  comment: z.string().nullable(),
  date: z.string(),
});
export type AlarmHistoryEntry = z.infer<typeof AlarmHistoryEntry>;

export const Alarm = z.object({
  id: z.string(),
  /** Per device, from 1: the device's n-th alarm. */
  sequenceId: z.number().int(),
  /** Per tenant (top business), from 1: the alarm's own number, which lists show. */
  number: z.number().int(),
  status: AlarmStatusSchema,
  conditionActive: z.boolean(),
  snoozedUntil: z.string().nullable(),
  /** The signal key the alarm watches and its display name. */
  signal: z.string(),
  signalName: z.string(),
  source: z.enum(ALARM_SOURCES),
  /** The reading that raised it, and the latest one that changed its condition. */
  value: z.unknown(),
  device: z.object({ uuid: z.string(), description: z.string() }),
  asset: z.object({ id: z.string(), description: z.string() }).nullable(),
  businessId: z.string(),
  raisedAt: z.string(),
  updatedAt: z.string(),
  version: Version,
});
export type Alarm = z.infer<typeof Alarm>;

export const AlarmWithHistory = Alarm.extend({ history: z.array(AlarmHistoryEntry) });
export type AlarmWithHistory = z.infer<typeof AlarmWithHistory>;

export const ALARM_PAGE_SIZES = [10, 25, 50, 100] as const;

const StatusList = z
  .string()
  .max(100)
  .transform((value) => value.split(',').filter(Boolean))
  .pipe(z.array(AlarmStatusSchema));

/** `GET /customer-business/{id}/alarms`: the subtree's alarms, newest first, paged. */
export const AlarmListQuery = z.object({
  deviceUUID: z.string().max(200).optional(),
  assetID: z.string().max(200).optional(),
  /** Comma-separated statuses; all when absent. */
  status: StatusList.optional(),
  fromDate: z.coerce.date({ error: 'validation.invalid' }).optional(),
  toDate: z.coerce.date({ error: 'validation.invalid' }).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (ALARM_PAGE_SIZES as readonly number[]).includes(size), { error: 'validation.invalid' })
    .default(25),
});
export type AlarmListQuery = z.infer<typeof AlarmListQuery>;

export const AlarmPage = z.object({ data: z.array(Alarm), totalElements: z.number().int(), hasNext: z.boolean() });
export type AlarmPage = z.infer<typeof AlarmPage>;

/** Where a keyset page of alarms starts: after the alarm raised at `raisedAt` (epoch ms) with id `id`. */
export const AlarmCursor = z
  .string()
  .max(100)
  .regex(/^\d{1,15}_[0-9A-Za-z-]{1,64}$/, { error: 'validation.invalid' })
  .transform((cursor) => {
    const separator = cursor.indexOf('_');
    return { raisedAt: Number(cursor.slice(0, separator)), id: cursor.slice(separator + 1) };
  });

/**
 * `GET /alarms`: the alarms of every business the caller sees (or of one subtree, or one device), newest raised
 * first, a keyset page at a time: `after` is the `next` of the page before.
 */
export const VisibleAlarmsQuery = z.object({
  /** A business whose subtree is listed; every business the caller sees when absent. */
  business: z.string().min(1).max(64).optional(),
  deviceUUID: z.string().min(1).max(200).optional(),
  /** Comma-separated statuses; all when absent. */
  status: StatusList.optional(),
  fromDate: z.coerce.date({ error: 'validation.invalid' }).optional(),
  toDate: z.coerce.date({ error: 'validation.invalid' }).optional(),
  after: AlarmCursor.optional(),
  pageSize: AlarmListQuery.shape.pageSize,
});
export type VisibleAlarmsQuery = z.infer<typeof VisibleAlarmsQuery>;

export const AlarmKeysetPage = z.object({
  data: z.array(Alarm),
  hasNext: z.boolean(),
  /** The `after` of the next page; null on the last page. */
  next: z.string().nullable(),
});
export type AlarmKeysetPage = z.infer<typeof AlarmKeysetPage>;

const AlarmComment = z.string().trim().max(1000, { error: 'validation.too_long' });

/** Every change a user makes names the alarm's version: a change to an alarm someone else just changed is a 409. */
export const AcknowledgeAlarmRequest = z.object({ version: Version, comment: AlarmComment.optional() });
export const CommentAlarmRequest = z.object({
  version: Version,
  comment: AlarmComment.min(1, { error: 'validation.required' }),
});

/** Snooze lengths offered, in minutes. */
export const SNOOZE_MINUTES = [15, 60, 240, 1440] as const;
export const SnoozeAlarmRequest = z.object({
  version: Version,
  minutes: z
    .number()
    .int()
    .min(1, { error: 'validation.invalid' })
    .max(7 * 24 * 60, { error: 'validation.invalid' }),
  comment: AlarmComment.optional(),
});
export type SnoozeAlarmRequest = z.infer<typeof SnoozeAlarmRequest>;
