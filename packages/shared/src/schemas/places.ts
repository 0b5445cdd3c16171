import {
  LOCATION_STATES,
  PLACE_POLYGON_POINTS_MAX,
  PLACE_RADIUS_MAX,
  PLACE_RADIUS_MIN,
  type PlaceArea as PlaceAreaShape,
} from '../places.js';
import { z } from '../validation.js';
import { Version } from './common.js';

const required = { error: 'validation.required' } as const;
const tooLong = { error: 'validation.too_long' } as const;
const invalid = { error: 'validation.invalid' } as const;
const Id = z.string().min(1, required).max(64, tooLong);
const Name = z.string(required).trim().min(1, required).max(200, tooLong);

export const LocationStateSchema = z.enum(LOCATION_STATES);

export const LatLonSchema = z.object({
  lat: z.number().finite().min(-90, invalid).max(90, invalid),
  lon: z.number().finite().min(-180, invalid).max(180, invalid),
});

/** A place's area as sent and answered (`PlaceArea`). */
export const PlaceAreaSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('circle'),
    center: LatLonSchema,
    radius: z.number().finite().min(PLACE_RADIUS_MIN, invalid).max(PLACE_RADIUS_MAX, invalid),
  }),
  z.object({
    kind: z.literal('polygon'),
    points: z.array(LatLonSchema).min(3, invalid).max(PLACE_POLYGON_POINTS_MAX, invalid),
  }),
]) satisfies z.ZodType<PlaceAreaShape>;

/** How long a device must stay inside before it counts as at a place: up to a day. */
const EnterAfterMs = z
  .number()
  .int()
  .min(0, invalid)
  .max(24 * 60 * 60_000, invalid);
/** How long without any message makes a device lost: 5 minutes to 90 days. */
const LostAfterMs = z
  .number()
  .int()
  .min(5 * 60_000, invalid)
  .max(90 * 24 * 60 * 60_000, invalid);

/** A POI group (SPEC section 3): whether its places are forbidden, and its timings. */
export const PlaceGroup = z
  .object({
    _id: z.string(),
    businessId: z.string(),
    business: z.object({ id: z.string(), description: z.string() }),
    name: z.string(),
    forbidden: z.boolean(),
    enterAfterMs: z.number().int(),
    lostAfterMs: z.number().int(),
    /** How many places are in the group. */
    places: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: Version,
  })
  .meta({ id: 'PlaceGroup' });
export type PlaceGroup = z.infer<typeof PlaceGroup>;

/** A point of interest: an area of a business, optionally in a group, with how many devices are at it now. */
export const Place = z
  .object({
    _id: z.string(),
    businessId: z.string(),
    business: z.object({ id: z.string(), description: z.string() }),
    name: z.string(),
    area: PlaceAreaSchema,
    group: z.object({ id: z.string(), name: z.string(), forbidden: z.boolean() }).nullable(),
    /** Devices at the place now (`atPoi` or `atForbiddenPoi` there). */
    devicesNow: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: Version,
  })
  .meta({ id: 'Place' });
export type Place = z.infer<typeof Place>;

export const PlaceParams = z.object({ id: Id, placeId: Id });
export const PlaceGroupParams = z.object({ id: Id, groupId: Id });

/** `GET /customer-business/{id}/places`: the subtree's places by name, keyset-paged. Up to 1,000 for the map. */
export const PlaceListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  groupId: Id.optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
  cursor: z.string().max(1000).optional(),
});
export type PlaceListQuery = z.infer<typeof PlaceListQuery>;

export const PlacePage = z.object({ items: z.array(Place), nextCursor: z.string().nullable() });
export type PlacePage = z.infer<typeof PlacePage>;

/** `GET /customer-business/{id}/place-groups`: the subtree's groups by name (few per level: one page). */
export const PlaceGroupList = z.object({ items: z.array(PlaceGroup) });
export type PlaceGroupList = z.infer<typeof PlaceGroupList>;

/** `POST /customer-business/{id}/places`: a place in level `{id}`; its group must be of that level or above. */
export const CreatePlaceRequest = z.object({
  name: Name,
  area: PlaceAreaSchema,
  groupId: Id.nullish(),
});
export type CreatePlaceRequest = z.infer<typeof CreatePlaceRequest>;

/** `PATCH /customer-business/{id}/places/{placeId}`: over the `version` read (409 when stale); absent parts stay. */
export const UpdatePlaceRequest = z.object({
  version: Version,
  name: Name.optional(),
  area: PlaceAreaSchema.optional(),
  groupId: Id.nullable().optional(),
});
export type UpdatePlaceRequest = z.infer<typeof UpdatePlaceRequest>;

/** `DELETE /customer-business/{id}/places/{placeId}` and `.../place-groups/{groupId}`: over the `version` read. */
export const DeleteVersionQuery = z.object({ version: z.coerce.number().pipe(Version) });

export const CreatePlaceGroupRequest = z.object({
  name: Name,
  forbidden: z.boolean().default(false),
  enterAfterMs: EnterAfterMs.optional(),
  lostAfterMs: LostAfterMs.optional(),
});
export type CreatePlaceGroupRequest = z.infer<typeof CreatePlaceGroupRequest>;

export const UpdatePlaceGroupRequest = z.object({
  version: Version,
  name: Name.optional(),
  forbidden: z.boolean().optional(),
  enterAfterMs: EnterAfterMs.optional(),
  lostAfterMs: LostAfterMs.optional(),
});
export type UpdatePlaceGroupRequest = z.infer<typeof UpdatePlaceGroupRequest>;

/** Where a device is now, as the device list, cards, map and facts show it. */
export const DeviceLocation = z.object({
  state: LocationStateSchema,
  place: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Since when it is in this state; null while unavailable. */
  since: z.string().nullable(),
});
export type DeviceLocation = z.infer<typeof DeviceLocation>;

/** One row of `GET /places/{id}/devices`: a device at the place now. */
export const PlaceDevice = z.object({
  uuid: z.string(),
  description: z.string(),
  deviceType: z.string(),
  businessId: z.string(),
  business: z.object({ id: z.string(), description: z.string() }),
  location: DeviceLocation,
  lastSeenAt: z.string().nullable(),
});
export type PlaceDevice = z.infer<typeof PlaceDevice>;

export const PlaceDevicesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(1000).optional(),
});
export const PlaceDevicePage = z.object({ items: z.array(PlaceDevice), nextCursor: z.string().nullable() });
export type PlaceDevicePage = z.infer<typeof PlaceDevicePage>;

/** `GET /devices/{uuid}/location-states?from&to`: the states the device was in over a range, newest first. */
export const LocationStatesQuery = z.object({
  from: z.iso.datetime({ error: 'validation.invalid', offset: true }),
  to: z.iso.datetime({ error: 'validation.invalid', offset: true }),
});
export type LocationStatesQuery = z.infer<typeof LocationStatesQuery>;

export const LocationStateEntry = z.object({
  state: LocationStateSchema,
  place: z.object({ id: z.string().nullable(), name: z.string() }).nullable(),
  enteredAt: z.string(),
  /** Null for the state the device is in now. */
  leftAt: z.string().nullable(),
  /** Time in the state up to `leftAt`, or up to now for the current one. */
  dwellMs: z.number().int(),
  position: z.object({ lat: z.number(), lon: z.number() }).nullable(),
});
export type LocationStateEntry = z.infer<typeof LocationStateEntry>;

export const LocationStateHistory = z.object({ items: z.array(LocationStateEntry) });
export type LocationStateHistory = z.infer<typeof LocationStateHistory>;
