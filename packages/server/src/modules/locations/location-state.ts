import {
  distanceMetres,
  type GeoPosition,
  type LatLon,
  type LocationState,
  MOVING_SPEED_KMH,
  PLACE_EXIT_MARGIN_M,
} from '@iot/shared';
import type { IndexedPlace, PlaceHit } from './place-index.js';

/**
 * The ingest pipeline's working memory of a device's positions (`devices.location_track`, JSON): the last position
 * taken, and the place the device is inside (at it, or still entering it) with since when it is inside.
 */
export interface LocationTrack {
  lat: number;
  lon: number;
  date: number;
  inside: { placeId: string; since: number } | null;
}

/** Where a device is, as its row keeps it. */
export interface DeviceLocationNow {
  state: LocationState;
  placeId: string | null;
  since: number | null;
  track: LocationTrack | null;
}

/** One position of a device: a reading's, with its accuracy (a network's) and the speed its message reported. */
export interface PositionFix {
  lat: number;
  lon: number;
  date: number;
  accuracy: number | null;
  speedKmh: number | null;
}

/** A change of location state: the row to open in `device_location_states`. */
export interface LocationChange {
  state: LocationState;
  place: { id: string; name: string } | null;
  enteredAt: number;
  /** The position that made the change, and its date. */
  lat: number;
  lon: number;
  date: number;
}

/** The places near a point within a margin (the index's `near`, bound to the device's level). */
export type PlacesNear = (point: LatLon, margin: number) => PlaceHit[];

/**
 * The position a reading carries when it is a valid one: a finite latitude and longitude in range, and not 0, 0 (what
 * trackers without a fix send).
 */
export function positionFix(value: GeoPosition, date: number, speedKmh: number | null): PositionFix | null {
  const { lat, lon } = value;
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  if (lat === 0 && lon === 0) return null;
  const accuracy = typeof value.accuracy === 'number' && value.accuracy > 0 ? value.accuracy : null;
  return { lat, lon, date, accuracy, speedKmh };
}

/** How far outside a place a position may be and still count as at it: the margin, widened by its accuracy. */
export const exitBand = (fix: PositionFix) => PLACE_EXIT_MARGIN_M + (fix.accuracy ?? 0);

const OUTSIDE_STATES: readonly LocationState[] = ['inTransit', 'atUnknownLocation'];

function speedOf(track: LocationTrack | null, fix: PositionFix): number {
  if (fix.speedKmh !== null) return fix.speedKmh;
  if (!track || fix.date <= track.date) return 0;
  return (distanceMetres(track, fix) / (fix.date - track.date)) * 3_600;
}

/** The place the device is inside after this position: the one it was inside while within its band, else a new one. */
function insideAfter(track: LocationTrack | null, fix: PositionFix, hits: readonly PlaceHit[]) {
  const held = track?.inside && hits.find((hit) => hit.place.id === track.inside?.placeId);
  if (held && track?.inside) return { place: held.place, since: track.inside.since };
  // A forbidden place first, where places overlap: being there is what must not go unnoticed.
  const entered = hits
    .filter((hit) => hit.inside)
    .sort((a, b) => Number(b.place.forbidden) - Number(a.place.forbidden) || (a.place.id < b.place.id ? -1 : 1))[0];
  return entered ? { place: entered.place, since: fix.date } : null;
}

/**
 * One position's step of a device's location state (SPEC section 4). Inside a place (or still within the exit band of
 * the place it is inside: a position jittering on the border does not flap) for the group's `enterAfterMs`, the
 * device is at it (at a forbidden place when its group is forbidden), from when it came inside. Outside every place
 * it is in transit when moving (its message's speed, else the speed since its last position), else at an unknown
 * location. While it is still entering a place, an outside state stands; any other state (none yet, lost, at the place
 * it left) gives way to the outside one meanwhile. A position not newer than the last taken is ignored (null).
 */
export function stepLocation(
  now: DeviceLocationNow,
  fix: PositionFix,
  placesNear: PlacesNear,
): { next: DeviceLocationNow; change: LocationChange | null; inside: IndexedPlace | null } | null {
  if (now.track && fix.date <= now.track.date) return null;
  const hits = placesNear(fix, exitBand(fix));
  const inside = insideAfter(now.track, fix, hits);
  const track: LocationTrack = {
    lat: fix.lat,
    lon: fix.lon,
    date: fix.date,
    inside: inside && { placeId: inside.place.id, since: inside.since },
  };
  let target: { state: LocationState; place: IndexedPlace | null; from: number };
  // At a place already, it stays at it while within the band, whatever its group's timing has become since.
  if (inside && (inside.place.id === now.placeId || fix.date - inside.since >= inside.place.enterAfterMs)) {
    target = { state: inside.place.forbidden ? 'atForbiddenPoi' : 'atPoi', place: inside.place, from: inside.since };
  } else if (inside && OUTSIDE_STATES.includes(now.state)) {
    return { next: { ...now, track }, change: null, inside: inside.place };
  } else {
    const moving = speedOf(now.track, fix) >= MOVING_SPEED_KMH;
    target = { state: moving ? 'inTransit' : 'atUnknownLocation', place: null, from: fix.date };
  }
  const placeId = target.place?.id ?? null;
  const insidePlace = inside?.place ?? null;
  if (target.state === now.state && placeId === now.placeId) {
    return { next: { ...now, track }, change: null, inside: insidePlace };
  }
  // Inside since before the state it leaves began (it was lost there, say): the new state starts with this position,
  // or with that state when the position is older still (a message held back while it was lost: it was not). Since
  // the same time, it takes the place of that state (one that only stood while the device was entering).
  const enteredAt = now.since !== null && target.from < now.since ? Math.max(fix.date, now.since) : target.from;
  return {
    next: { state: target.state, placeId, since: enteredAt, track },
    change: {
      state: target.state,
      place: target.place && { id: target.place.id, name: target.place.name },
      enteredAt,
      lat: fix.lat,
      lon: fix.lon,
      date: fix.date,
    },
    inside: insidePlace,
  };
}

/** A `device_location_states` row as a batch writes it. */
export interface LocationStateRow {
  deviceId: string;
  enteredAt: number;
  leftAt: number | null;
  state: LocationState;
  placeId: string | null;
  placeName: string | null;
  lat: number | null;
  lon: number | null;
}

/** A position the step took (not older than the last), with the place the device was inside after it. */
export interface TakenPosition {
  fix: PositionFix;
  inside: { id: string; name: string } | null;
}

/**
 * A device's positions of one batch, in date order, from where its row left it: where it is after them, and the
 * history rows to write (each closed by the next; one that entered when the previous did takes its place).
 */
export function advanceLocation(
  deviceId: string,
  now: DeviceLocationNow,
  fixes: readonly PositionFix[],
  placesNear: PlacesNear,
): { next: DeviceLocationNow; changes: LocationChange[]; rows: LocationStateRow[]; taken: TakenPosition[] } {
  let next = now;
  const changes: LocationChange[] = [];
  const rows: LocationStateRow[] = [];
  const taken: TakenPosition[] = [];
  for (const fix of [...fixes].sort((a, b) => a.date - b.date)) {
    const step = stepLocation(next, fix, placesNear);
    if (!step) continue;
    next = step.next;
    taken.push({ fix, inside: step.inside && { id: step.inside.id, name: step.inside.name } });
    if (!step.change) continue;
    const { change } = step;
    changes.push(change);
    const row: LocationStateRow = {
      deviceId,
      enteredAt: change.enteredAt,
      leftAt: null,
      state: change.state,
      placeId: change.place?.id ?? null,
      placeName: change.place?.name ?? null,
      lat: change.lat,
      lon: change.lon,
    };
    const last = rows.at(-1);
    if (last && last.enteredAt === row.enteredAt) rows[rows.length - 1] = row;
    else {
      if (last) last.leftAt = row.enteredAt;
      rows.push(row);
    }
  }
  return { next, changes, rows, taken };
}

/**
 * A lost device heard from again without a position: no longer lost, and where it is not known (its next position
 * tells). Null for any other device.
 */
export function heardAgain(
  deviceId: string,
  now: DeviceLocationNow,
  date: number,
): { next: DeviceLocationNow; row: LocationStateRow } | null {
  if (now.state !== 'lost') return null;
  // A message held back while it was lost: it was not, from then on.
  const enteredAt = Math.max(date, now.since ?? date);
  return {
    next: { state: 'atUnknownLocation', placeId: null, since: enteredAt, track: now.track },
    row: {
      deviceId,
      enteredAt,
      leftAt: null,
      state: 'atUnknownLocation',
      placeId: null,
      placeName: null,
      lat: null,
      lon: null,
    },
  };
}

export const parseTrack = (json: string | null): LocationTrack | null =>
  json === null ? null : (JSON.parse(json) as LocationTrack);
