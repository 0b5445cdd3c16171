import { JOURNEY_ACTIONS, JOURNEY_STATES, JOURNEY_TRANSITIONS } from '../journeys.js';
import { z } from '../validation.js';
import { Version } from './common.js';

const required = { error: 'validation.required' } as const;
const tooLong = { error: 'validation.too_long' } as const;
const Id = z.string().min(1, required).max(64, tooLong);

export const JourneyStateSchema = z.enum(JOURNEY_STATES);
export const JourneyTransitionSchema = z.enum(JOURNEY_TRANSITIONS);
export const JourneyActionSchema = z.enum(JOURNEY_ACTIONS);

const Point = z.object({ lat: z.number(), lon: z.number(), date: z.string() });

/** A stop: where the device stood still long enough, at which place when inside one. */
export const JourneyStop = z.object({
  lat: z.number(),
  lon: z.number(),
  /** The place the stop was at; its name as it was then. */
  place: z.object({ id: z.string(), name: z.string() }).nullable(),
  arrivedAt: z.string(),
  /** Null while the device is still stopped there. */
  leftAt: z.string().nullable(),
  durationMs: z.number().int(),
});
export type JourneyStop = z.infer<typeof JourneyStop>;

/** A leg: the way between two stops (or the start, or the last position). */
export const JourneyLeg = z.object({
  from: Point,
  to: Point,
  distanceM: z.number(),
  durationMs: z.number().int(),
  topSpeedKmh: z.number(),
});
export type JourneyLeg = z.infer<typeof JourneyLeg>;

/** What a journey covered, advanced as its device's positions arrive while it runs and kept as is once it ends. */
export const JourneySummary = z.object({
  distanceM: z.number(),
  movingMs: z.number().int(),
  stoppedMs: z.number().int(),
  topSpeedKmh: z.number(),
  /** Distance over moving time; 0 before the device moved. */
  averageSpeedKmh: z.number(),
  start: Point.nullable(),
  end: Point.nullable(),
  legs: z.array(JourneyLeg),
  stops: z.array(JourneyStop),
});
export type JourneySummary = z.infer<typeof JourneySummary>;

/** A journey (SPEC section 3) with what its state allows the caller (the buttons of its page). */
export const Journey = z
  .object({
    _id: z.string(),
    businessId: z.string(),
    business: z.object({ id: z.string(), description: z.string() }),
    description: z.string(),
    comment: z.string(),
    device: z.object({ uuid: z.string(), description: z.string() }),
    state: JourneyStateSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
    /** When it was finished or cancelled. */
    endedAt: z.string().nullable(),
    summary: JourneySummary,
    /** The actions the state allows and the caller may take (`journeyUnlocked` and a user role on the level). */
    actions: z.record(JourneyActionSchema, z.boolean()),
    version: Version,
  })
  .meta({ id: 'Journey' });
export type Journey = z.infer<typeof Journey>;

export const JourneyHistoryEntry = z.object({
  transition: JourneyTransitionSchema,
  /** Who did it: the user's e-mail (for an asset's move, who moved it); null for what no user did. */
  user: z.string().nullable(),
  comment: z.string(),
  date: z.string(),
});
export type JourneyHistoryEntry = z.infer<typeof JourneyHistoryEntry>;

/** `GET /journeys/{id}`: the journey with its history (oldest first) and its track. */
export const JourneyDetail = Journey.extend({
  history: z.array(JourneyHistoryEntry),
  track: z.array(z.object({ lat: z.number(), lon: z.number(), date: z.string(), speedKmh: z.number().nullable() })),
}).meta({ id: 'JourneyDetail' });
export type JourneyDetail = z.infer<typeof JourneyDetail>;

export const JourneyParams = z.object({ journeyId: Id });
export const JourneyActionParams = z.object({ journeyId: Id, action: JourneyActionSchema });

/** `GET /customer-business/{id}/journeys` and `GET /devices/{uuid}/journeys`: newest first, keyset-paged. */
export const JourneyListQuery = z.object({
  state: z
    .union([JourneyStateSchema, z.array(JourneyStateSchema).max(4)])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .optional(),
  deviceUUID: Id.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(1000).optional(),
});
export type JourneyListQuery = z.infer<typeof JourneyListQuery>;

export const JourneyPage = z.object({ items: z.array(Journey), nextCursor: z.string().nullable() });
export type JourneyPage = z.infer<typeof JourneyPage>;

/** `POST /customer-business/{id}/journeys`: a running journey of a device of that level or below. */
export const CreateJourneyRequest = z.object({
  description: z.string(required).trim().min(1, required).max(200, tooLong),
  deviceUUID: Id,
  comment: z.string().trim().max(1000, tooLong).default(''),
});
export type CreateJourneyRequest = z.infer<typeof CreateJourneyRequest>;

/** `POST /journeys/{id}/{action}`: over the `version` read (409 when stale); a comment is required for `comment`. */
export const JourneyActionRequest = z.object({
  version: Version,
  comment: z.string().trim().max(1000, tooLong).default(''),
});
export type JourneyActionRequest = z.infer<typeof JourneyActionRequest>;
