import { randomUUID } from 'node:crypto';
import {
  areaCenter,
  areaContains,
  distanceMetres,
  type JourneyState,
  type JourneyTransition,
  type LatLon,
} from '@iot/shared';
import { orderedId } from './db/ordered-id.js';
import type { Database } from './db/schema.js';
import {
  advanceJourney,
  emptyJourneySummary,
  interruptJourney,
  type JourneyPosition,
  type StoredJourneySummary,
} from './modules/journeys/progress.js';
import type { CreatedDemoPlace } from './seed-places.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** A seeded place, as the places seed answers it. */
type DemoPlace = Pick<CreatedDemoPlace, 'id' | 'name' | 'area'>;

/** Where a demo route goes: a seeded place (by name, its centre) or a point; `fallback` when no such place was seeded. */
type Waypoint = { place: string; fallback: LatLon } | { point: LatLon };

/** A route, step by step: drive to a waypoint at a speed, or stay where the van is for a while. */
type RouteStep = { to: Waypoint; speedKmh: number } | { stayMinutes: number };

interface DemoJourney {
  device: string;
  /** The level it belongs to (the vans' own). */
  business: string;
  description: string;
  from: Waypoint;
  /** How long before the first start the journey began. */
  startedHoursAgo: number;
  route: RouteStep[];
  /**
   * A running journey ends where its device is now (its latest reading, when it was last seen): still parked there
   * since it arrived, or driving there, having waited at the end of `route` until it left.
   */
  endsAtDevice?: { parked: boolean; speedKmh: number };
  /** Its history after `created`, by minutes after the start; a finished journey's ends with `finished`. */
  history: { transition: JourneyTransition; comment: string; afterMinutes: number }[];
  /** The comment it was created with. */
  comment: string;
}

const PORTO_PLANT = { place: 'Porto plant', fallback: { lat: 41.1456, lon: -8.5854 } };
const place = (name: string, fallback: LatLon): Waypoint => ({ place: name, fallback });
const COMERCIO = place('Praça do Comércio depot', { lat: 38.7076, lon: -9.1365 });
const CAIS_DO_SODRE = place('Cais do Sodré depot', { lat: 38.7061, lon: -9.1446 });
const AREEIRO = place('Areeiro depot', { lat: 38.7422, lon: -9.134 });
const ALAMEDA = place('Alameda loading bay', { lat: 38.737, lon: -9.1335 });
const MARTIM_MONIZ = place('Martim Moniz customer', { lat: 38.716, lon: -9.136 });
const point = (lat: number, lon: number): Waypoint => ({ point: { lat, lon } });

/**
 * The demo's journeys, between the places of the places seed (`seed-places.ts`) on the loop the simulated vans drive
 * through Lisbon: both vans on a round now, and yesterday's trip from Porto that the demo users' "Journey finished"
 * notification tells of (Van 1, Porto → Lisbon, finished 26.8 hours before the first start).
 */
export const DEMO_JOURNEYS: DemoJourney[] = [
  {
    device: 'Van 1',
    business: 'Lisbon plant',
    description: 'Porto → Lisbon',
    comment: 'Empty crates back to the Areeiro depot',
    from: PORTO_PLANT,
    startedHoursAgo: 31.2,
    route: [
      { stayMinutes: 12 },
      { to: point(40.6405, -8.6538), speedKmh: 95 },
      { to: point(40.2033, -8.4103), speedKmh: 110 },
      { to: point(39.9167, -8.6278), speedKmh: 105 },
      { stayMinutes: 28 },
      { to: point(39.7436, -8.8071), speedKmh: 100 },
      { to: point(39.2362, -8.6859), speedKmh: 115 },
      { to: point(38.9553, -8.9892), speedKmh: 100 },
      { to: point(38.7712, -9.1018), speedKmh: 80 },
      { to: AREEIRO, speedKmh: 35 },
      { stayMinutes: 20 },
    ],
    history: [
      { transition: 'comment', comment: 'Driver break at Pombal', afterMinutes: 110 },
      { transition: 'finished', comment: 'Crates unloaded', afterMinutes: 265 },
    ],
  },
  {
    device: 'Van 1',
    business: 'Lisbon plant',
    description: 'Praça do Comércio → Areeiro',
    comment: 'Chilled goods, pick-up at Cais do Sodré',
    from: COMERCIO,
    startedHoursAgo: 0.55,
    route: [
      { stayMinutes: 10 },
      { to: CAIS_DO_SODRE, speedKmh: 25 },
      { stayMinutes: 7 },
      { to: point(38.707, -9.156), speedKmh: 30 },
      { to: point(38.72, -9.154), speedKmh: 35 },
      { to: point(38.7253, -9.15), speedKmh: 40 },
    ],
    endsAtDevice: { parked: false, speedKmh: 42 },
    history: [],
  },
  {
    device: 'Van 2',
    business: 'Lisbon plant',
    description: 'Areeiro → Martim Moniz',
    comment: 'Morning round',
    from: AREEIRO,
    startedHoursAgo: 2.5,
    route: [
      { stayMinutes: 6 },
      { to: ALAMEDA, speedKmh: 25 },
      { stayMinutes: 18 },
      { to: point(38.726, -9.135), speedKmh: 30 },
      { to: MARTIM_MONIZ, speedKmh: 30 },
      { stayMinutes: 40 },
    ],
    endsAtDevice: { parked: true, speedKmh: 30 },
    history: [
      { transition: 'paused', comment: 'Waiting for the customer to open', afterMinutes: 62 },
      { transition: 'restarted', comment: '', afterMinutes: 70 },
    ],
  },
];

/** How often a van reports while driving, and while parked. */
const DRIVING_EVERY_MS = 2 * MINUTE_MS;
const PARKED_EVERY_MS = 5 * MINUTE_MS;

/** A reported speed around the cruising one (a fixed pattern, so the demo is the same on every start). */
const varied = (speedKmh: number, index: number) => Math.round(speedKmh * (0.85 + ((index * 7) % 10) / 33) * 10) / 10;

/** The positions a van reports along a route from `start` at `startAt`, every few minutes. */
function positionsAlong(start: LatLon, startAt: number, steps: RouteStep[], resolve: (waypoint: Waypoint) => LatLon) {
  const positions: { lat: number; lon: number; date: number; speedKmh: number }[] = [
    { ...start, date: startAt, speedKmh: 0 },
  ];
  let here = start;
  let at = startAt;
  for (const step of steps) {
    if ('stayMinutes' in step) {
      const until = at + step.stayMinutes * MINUTE_MS;
      while (at + PARKED_EVERY_MS <= until) {
        at += PARKED_EVERY_MS;
        positions.push({ ...here, date: at, speedKmh: 0 });
      }
      at = until;
      continue;
    }
    const to = resolve(step.to);
    const durationMs = (distanceMetres(here, to) / (step.speedKmh / 3.6)) * 1000;
    // Already there: no drive, and no second position at the same time.
    if (durationMs < 1000) continue;
    const count = Math.max(1, Math.ceil(durationMs / DRIVING_EVERY_MS));
    for (let index = 1; index <= count; index++) {
      const share = index / count;
      positions.push({
        lat: here.lat + (to.lat - here.lat) * share,
        lon: here.lon + (to.lon - here.lon) * share,
        date: Math.round(at + durationMs * share),
        speedKmh: index === count ? Math.min(step.speedKmh, 25) : varied(step.speedKmh, positions.length),
      });
    }
    here = to;
    at += Math.round(durationMs);
  }
  return positions;
}

/**
 * The demo's journeys (`DEMO_JOURNEYS`) of the demo vans, between the seeded places: each track is fed through
 * `advanceJourney` as the ingest pipeline would, so the summaries are what the platform itself computes, and stored
 * with its points; a running journey is carried by its device. Answers how many journeys were created.
 */
export async function insertDemoJourneys(
  trx: Database,
  context: {
    businesses: { id: string; path: string; description: string }[];
    places: readonly DemoPlace[];
    userId: string;
    now: number;
  },
): Promise<number> {
  const { businesses, places, userId, now } = context;
  const placeNamed = new Map(places.map((place) => [place.name, place]));
  const resolve = (waypoint: Waypoint): LatLon => {
    if ('point' in waypoint) return waypoint.point;
    const place = placeNamed.get(waypoint.place);
    return place ? areaCenter(place.area) : waypoint.fallback;
  };
  const placeAt = (point: LatLon): JourneyPosition['place'] => {
    const place = places.find((candidate) => areaContains(candidate.area, point));
    return place ? { id: place.id, name: place.name } : null;
  };
  let count = 0;
  for (const demo of DEMO_JOURNEYS) {
    const business = businesses.find((candidate) => candidate.description === demo.business);
    const device = await trx
      .selectFrom('devices')
      .select(['id', 'description', 'signalValues', 'lastSeenAt'])
      .where('description', '=', demo.device)
      .where('businessId', '=', business?.id ?? '')
      .executeTakeFirst();
    if (!business || !device) continue;
    const id = randomUUID();
    const createdAt = Math.round(now - demo.startedHoursAgo * HOUR_MS);
    const start = resolve(demo.from);
    const route = [...demo.route];
    const signals = JSON.parse(device.signalValues) as Record<string, { value?: unknown }>;
    const position = signals.position?.value as LatLon | undefined;
    if (demo.endsAtDevice && position) {
      const seenAt = device.lastSeenAt ?? now;
      const routeEnd = positionsAlong(start, createdAt, route, resolve).at(-1) ?? { ...start, date: createdAt };
      const driveMs = (distanceMetres(routeEnd, position) / (demo.endsAtDevice.speedKmh / 3.6)) * 1000;
      const spareMinutes = Math.max(0, (seenAt - routeEnd.date - driveMs) / MINUTE_MS);
      const drive = { to: { point: position }, speedKmh: demo.endsAtDevice.speedKmh };
      route.push(
        ...(demo.endsAtDevice.parked ? [drive, { stayMinutes: spareMinutes }] : [{ stayMinutes: spareMinutes }, drive]),
      );
    }
    const history = [
      { transition: 'created' as JourneyTransition, comment: demo.comment, date: createdAt },
      ...demo.history.map((entry) => ({ ...entry, date: createdAt + entry.afterMinutes * MINUTE_MS })),
    ];
    const endedAt = history.find((entry) => entry.transition === 'finished')?.date ?? null;
    // Positions come while the journey runs: none is taken while it is paused or once it has ended.
    const pauses = history.flatMap((entry, index) =>
      entry.transition === 'paused'
        ? [
            {
              from: entry.date,
              to: history.slice(index + 1).find((next) => next.transition === 'restarted')?.date ?? now,
            },
          ]
        : [],
    );
    const positions = positionsAlong(start, createdAt, route, resolve).filter(
      (point) =>
        (endedAt === null || point.date <= endedAt) &&
        !pauses.some((pause) => point.date >= pause.from && point.date < pause.to),
    );
    let summary: StoredJourneySummary = emptyJourneySummary(createdAt);
    for (const point of positions) {
      const pause = pauses.find(
        (candidate) => candidate.from <= point.date && summary.last && summary.last.date < candidate.from,
      );
      if (pause) summary = interruptJourney(summary, pause.from);
      summary = advanceJourney(summary, { ...point, place: placeAt(point) });
    }
    if (endedAt !== null) summary = interruptJourney(summary, endedAt);
    const state: JourneyState = endedAt === null ? 'running' : 'finished';
    const updatedAt = Math.max(...history.map((entry) => entry.date));
    await trx
      .insertInto('journeys')
      .values({
        id,
        businessId: business.id,
        businessPath: business.path,
        deviceId: device.id,
        description: demo.description,
        comment: [...history].reverse().find((entry) => entry.transition === 'comment')?.comment ?? demo.comment,
        state,
        summary: JSON.stringify(summary),
        createdAt,
        updatedAt,
        endedAt,
        version: history.length,
      })
      .execute();
    await trx
      .insertInto('journeyHistory')
      .values(
        history.map((entry, seq) => ({
          journeyId: id,
          seq,
          transition: entry.transition,
          userId,
          comment: entry.comment,
          date: entry.date,
        })),
      )
      .execute();
    for (let batch = 0; batch < positions.length; batch += 200)
      await trx
        .insertInto('journeyPoints')
        .values(positions.slice(batch, batch + 200).map((point) => ({ journeyId: id, ...point })))
        .execute();
    if (state === 'running')
      await trx.updateTable('devices').set({ journeyId: id }).where('id', '=', device.id).execute();
    await trx
      .insertInto('businessLogs')
      .values(
        history.map((entry, index) => ({
          id: orderedId(),
          businessId: business.id,
          userId,
          action: index === 0 ? ('journey_created' as const) : ('journey_changed' as const),
          details: JSON.stringify(
            index === 0
              ? { journeyId: id, description: demo.description, device: device.description }
              : { journeyId: id, description: demo.description, transition: entry.transition },
          ),
          createdAt: entry.date,
        })),
      )
      .execute();
    count += 1;
  }
  return count;
}
