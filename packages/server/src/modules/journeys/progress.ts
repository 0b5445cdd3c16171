import { distanceMetres, type JourneySummary, MOVING_SPEED_KMH } from '@iot/shared';

/**
 * A journey's summary as its device's positions arrive: distance, moving and stopped time, speeds, the legs between
 * stops and the stops themselves. Pure, so the ingest pipeline advances it from the journey's stored JSON alone and
 * the tests script it position by position. The full track goes to `journey_points`, not here: this JSON stays a few
 * kilobytes however long the journey runs, since the pipeline reads and writes it with every position.
 */

export interface JourneyPosition {
  lat: number;
  lon: number;
  /** Milliseconds since the epoch. */
  date: number;
  /** As the device reported it; null when it reports none. */
  speedKmh: number | null;
  /** The place the position is in, when in one. */
  place: { id: string; name: string } | null;
}

interface StoredPoint {
  lat: number;
  lon: number;
  date: number;
}

type StoredPlace = { id: string; name: string } | null;

interface StoredStop {
  lat: number;
  lon: number;
  place: StoredPlace;
  arrivedAt: number;
  /** Null while the device still stands there. */
  leftAt: number | null;
}

interface StoredLeg {
  from: StoredPoint;
  to: StoredPoint;
  distanceM: number;
  topSpeedKmh: number;
}

export interface StoredJourneySummary {
  distanceM: number;
  movingMs: number;
  stoppedMs: number;
  topSpeedKmh: number;
  start: StoredPoint | null;
  /** The newest position taken: older or repeated ones are ignored. */
  last: (StoredPoint & { place: StoredPlace }) | null;
  /** Ended legs, oldest first (the newest `MAX_KEPT` of them). */
  legs: StoredLeg[];
  /** Stops, oldest first (the newest `MAX_KEPT`); the last one is open while the device stands there. */
  stops: StoredStop[];
  /** The leg under way: null while the device stands at a stop. */
  leg: { from: StoredPoint; distanceM: number; topSpeedKmh: number } | null;
  /** Where and since when the device stands still, until that lasts long enough to be a stop. */
  still: { lat: number; lon: number; since: number; place: StoredPlace } | null;
  /** The journey was paused (or ended): the next position starts a new leg instead of joining the last one. */
  interrupted: boolean;
  /**
   * When the journey began: a position dated earlier (a device's buffered messages arriving late) is not part of it.
   * Null in summaries stored before it was kept, which take every position.
   */
  from: number | null;
}

/**
 * How long a device must stand still for that to be a stop. Traffic lights, queues and jams hold a vehicle for a
 * minute or two; a delivery, a pick-up or a break takes longer. Five minutes keeps the first out of the stops.
 */
export const STOP_MIN_MS = 5 * 60_000;

/**
 * A device that reports speed 0 on arrival after minutes of silence did move: a gap wider than this between two
 * positions is travel, not the few tens of metres a parked GPS wanders.
 */
export const STILL_JITTER_M = 100;

/**
 * How many legs and how many stops the summary keeps (the newest). A delivery round of weeks could otherwise grow
 * the JSON the pipeline rewrites with every position; the totals still count everything and the track keeps it all.
 */
export const MAX_KEPT = 100;

export function emptyJourneySummary(from: number | null = null): StoredJourneySummary {
  return {
    from,
    distanceM: 0,
    movingMs: 0,
    stoppedMs: 0,
    topSpeedKmh: 0,
    start: null,
    last: null,
    legs: [],
    stops: [],
    leg: null,
    still: null,
    interrupted: false,
  };
}

/**
 * A journey's stored summary (`journeys.summary`); one that does not read as a summary counts as empty (the column is
 * only ever written from `StoredJourneySummary`).
 */
export function parseJourneySummary(json: string): StoredJourneySummary {
  try {
    const value: unknown = JSON.parse(json);
    if (value !== null && typeof value === 'object' && 'stops' in value && Array.isArray(value.stops))
      return { ...emptyJourneySummary(), ...(value as Partial<StoredJourneySummary>) };
  } catch {
    // Answered below as an empty summary.
  }
  return emptyJourneySummary();
}

const pointOf = (position: { lat: number; lon: number; date: number }): StoredPoint => ({
  lat: position.lat,
  lon: position.lon,
  date: position.date,
});

const keepNewest = <T>(items: T[]): T[] => (items.length > MAX_KEPT ? items.slice(items.length - MAX_KEPT) : items);

const openStopOf = (summary: StoredJourneySummary) => {
  const stop = summary.stops.at(-1);
  return stop && stop.leftAt === null ? stop : null;
};

/** The leg under way, ended at `to`, when the device went anywhere on it. */
function endLeg(summary: StoredJourneySummary, to: StoredPoint): StoredLeg[] {
  const { leg } = summary;
  if (!leg || to.date <= leg.from.date || leg.distanceM === 0) return summary.legs;
  return keepNewest([...summary.legs, { from: leg.from, to, distanceM: leg.distanceM, topSpeedKmh: leg.topSpeedKmh }]);
}

/**
 * The summary with one more position of the journey's device; positions not newer than the last taken, or older than
 * the journey, are ignored (the very summary is answered, so a caller can tell).
 */
export function advanceJourney(summary: StoredJourneySummary, position: JourneyPosition): StoredJourneySummary {
  const { last } = summary;
  const point = pointOf(position);
  const newLast = { ...point, place: position.place };
  if (last && position.date <= last.date) return summary;
  if (summary.from !== null && position.date < summary.from) return summary;
  if (!last || summary.interrupted) {
    return {
      ...summary,
      start: summary.start ?? point,
      last: newLast,
      leg: { from: point, distanceM: 0, topSpeedKmh: 0 },
      still: null,
      interrupted: false,
    };
  }

  const elapsedMs = position.date - last.date;
  const distanceM = distanceMetres(last, position);
  const computedKmh = (distanceM / elapsedMs) * 3600;
  const reported = position.speedKmh;
  const reportedMoving = reported !== null && reported >= MOVING_SPEED_KMH;
  const moving =
    reported === null
      ? computedKmh >= MOVING_SPEED_KMH
      : reportedMoving || (distanceM > STILL_JITTER_M && computedKmh >= MOVING_SPEED_KMH);

  if (moving) {
    const speedKmh = reported !== null && reportedMoving ? reported : computedKmh;
    const openStop = openStopOf(summary);
    const stops = openStop ? [...summary.stops.slice(0, -1), { ...openStop, leftAt: last.date }] : summary.stops;
    const leg = summary.leg ?? { from: pointOf(last), distanceM: 0, topSpeedKmh: 0 };
    return {
      ...summary,
      distanceM: summary.distanceM + distanceM,
      movingMs: summary.movingMs + elapsedMs,
      topSpeedKmh: Math.max(summary.topSpeedKmh, speedKmh),
      last: newLast,
      stops,
      leg: { from: leg.from, distanceM: leg.distanceM + distanceM, topSpeedKmh: Math.max(leg.topSpeedKmh, speedKmh) },
      still: null,
    };
  }

  const standing = { ...summary, stoppedMs: summary.stoppedMs + elapsedMs, last: newLast };
  const openStop = openStopOf(summary);
  if (openStop) {
    // A place is known only once the device has been inside it for a while (the location state's enter time).
    if (openStop.place || !position.place) return standing;
    return { ...standing, stops: [...summary.stops.slice(0, -1), { ...openStop, place: position.place }] };
  }
  const still = summary.still ?? { lat: last.lat, lon: last.lon, since: last.date, place: last.place };
  const place = still.place ?? position.place;
  if (position.date - still.since < STOP_MIN_MS) return { ...standing, still: { ...still, place } };
  const arrived = { lat: still.lat, lon: still.lon, date: still.since };
  return {
    ...standing,
    legs: endLeg(summary, arrived),
    stops: keepNewest([
      ...summary.stops,
      { lat: still.lat, lon: still.lon, place, arrivedAt: still.since, leftAt: null },
    ]),
    leg: null,
    still: null,
  };
}

/**
 * The summary when its journey stops taking positions at `at` (paused, finished or cancelled): the leg under way
 * ends at the last position, a stop the device stands at ends at `at`, and the next position (after a restart)
 * starts a new leg rather than drawing a line across the pause.
 */
export function interruptJourney(summary: StoredJourneySummary, at: number): StoredJourneySummary {
  const { last } = summary;
  if (!last) return summary;
  const openStop = openStopOf(summary);
  const leftAt = Math.max(at, last.date);
  return {
    ...summary,
    stoppedMs: summary.stoppedMs + (openStop ? leftAt - last.date : 0),
    legs: endLeg(summary, pointOf(last)),
    stops: openStop ? [...summary.stops.slice(0, -1), { ...openStop, leftAt }] : summary.stops,
    leg: null,
    still: null,
    interrupted: true,
  };
}

const iso = (date: number) => new Date(date).toISOString();
const presentPoint = (point: StoredPoint) => ({ lat: point.lat, lon: point.lon, date: iso(point.date) });
const metres = (value: number) => Math.round(value);
const kmh = (value: number) => Math.round(value * 10) / 10;

/**
 * The summary as answers show it at `now`: the leg under way ends at the last position, and a stop the device still
 * stands at lasts until `now` (pass a closed journey's end, so what it shows never changes afterwards).
 */
export function presentJourneySummary(summary: StoredJourneySummary, now: number): JourneySummary {
  const { last } = summary;
  const until = last ? Math.max(now, last.date) : now;
  const openStop = openStopOf(summary);
  const legs = last ? endLeg(summary, pointOf(last)) : summary.legs;
  return {
    distanceM: metres(summary.distanceM),
    movingMs: summary.movingMs,
    stoppedMs: summary.stoppedMs + (openStop && last ? until - last.date : 0),
    topSpeedKmh: kmh(summary.topSpeedKmh),
    averageSpeedKmh: summary.movingMs > 0 ? kmh((summary.distanceM / summary.movingMs) * 3600) : 0,
    start: summary.start && presentPoint(summary.start),
    end: last && presentPoint(last),
    legs: legs.map((item) => ({
      from: presentPoint(item.from),
      to: presentPoint(item.to),
      distanceM: metres(item.distanceM),
      durationMs: item.to.date - item.from.date,
      topSpeedKmh: kmh(item.topSpeedKmh),
    })),
    stops: summary.stops.map((stop) => ({
      lat: stop.lat,
      lon: stop.lon,
      place: stop.place,
      arrivedAt: iso(stop.arrivedAt),
      leftAt: stop.leftAt === null ? null : iso(stop.leftAt),
      durationMs: (stop.leftAt ?? until) - stop.arrivedAt,
    })),
  };
}
