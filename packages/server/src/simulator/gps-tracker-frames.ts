import type { GeoPosition } from '@iot/shared';
import type { DeviceModelFactory, LatestValues } from './device-model.js';
import { bit, latestFlag, latestNumber } from './device-model.js';
import { between, clamp, hashOf, noise } from './random.js';

export interface TrackerFlags {
  moving: boolean;
  sos: boolean;
  lowBattery: boolean;
}

export interface TrackerPosition extends TrackerFlags {
  lat: number;
  lon: number;
  /** Metres above sea level. */
  alt: number;
  /** km/h */
  speed: number;
  /** Degrees clockwise from north, 0..359.9. */
  heading: number;
  satellites: number;
  /** % */
  battery: number;
}

const trackerFlags = (flags: TrackerFlags) => bit(flags.moving, 0) | bit(flags.sos, 1) | bit(flags.lowBattery, 2);

/** The 18-byte position frame (type 0x01) of `gps-tracker` (layout in packages/shared/src/codecs/gps-tracker.ts). */
export function encodeTrackerPosition(position: TrackerPosition): Uint8Array {
  const bytes = new Uint8Array(18);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, 0x01);
  view.setInt32(1, Math.round(position.lat * 1e7));
  view.setInt32(5, Math.round(position.lon * 1e7));
  view.setInt16(9, Math.round(position.alt));
  view.setUint16(11, Math.round(position.speed * 10));
  view.setUint16(13, Math.round(position.heading * 10) % 3600);
  view.setUint8(15, position.satellites);
  view.setUint8(16, Math.round(clamp(position.battery, 0, 100)));
  view.setUint8(17, trackerFlags(position));
  return bytes;
}

/** The 3-byte heartbeat (type 0x02) a tracker sends instead when it has no GPS fix. */
export function encodeTrackerHeartbeat(heartbeat: TrackerFlags & { battery: number }): Uint8Array {
  return Uint8Array.of(0x02, Math.round(clamp(heartbeat.battery, 0, 100)), trackerFlags(heartbeat));
}

/**
 * A delivery loop through central Lisbon (Praça do Comércio, Cais do Sodré, Rato, Marquês, Saldanha, Areeiro,
 * Alameda, Martim Moniz, Rossio), passing by the demo trackers' positions.
 */
const LISBON_LOOP: readonly GeoPosition[] = [
  { lat: 38.7076, lon: -9.1365 },
  { lat: 38.7061, lon: -9.1446 },
  { lat: 38.707, lon: -9.156 },
  { lat: 38.72, lon: -9.154 },
  { lat: 38.7253, lon: -9.15 },
  { lat: 38.7339, lon: -9.1449 },
  { lat: 38.7422, lon: -9.134 },
  { lat: 38.737, lon: -9.1335 },
  { lat: 38.726, lon: -9.135 },
  { lat: 38.716, lon: -9.136 },
  { lat: 38.7139, lon: -9.1394 },
];

const EARTH_RADIUS_M = 6_371_000;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Flat-earth metres east and north from `from` to `to`: exact enough over a city. */
function offsetMetres(from: GeoPosition, to: GeoPosition): { east: number; north: number } {
  return {
    east: radians(to.lon - from.lon) * EARTH_RADIUS_M * Math.cos(radians(from.lat)),
    north: radians(to.lat - from.lat) * EARTH_RADIUS_M,
  };
}

const distance = (from: GeoPosition, to: GeoPosition) => Math.hypot(...Object.values(offsetMetres(from, to)));

/** The loop around `anchor`: Lisbon's when the tracker is near it, else the same shape moved to where it is. */
function routeNear(anchor: GeoPosition): GeoPosition[] {
  const [first] = LISBON_LOOP;
  if (!first || distance(first, anchor) < 30_000) return [...LISBON_LOOP];
  return LISBON_LOOP.map((point) => ({
    lat: point.lat - first.lat + anchor.lat,
    lon: point.lon - first.lon + anchor.lon,
  }));
}

function latestPosition(latest: LatestValues): GeoPosition | undefined {
  const value = latest.position?.value;
  if (typeof value !== 'object' || value === null) return undefined;
  return Number.isFinite(value.lat) && Number.isFinite(value.lon) ? value : undefined;
}

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const NO_FIX_CHANCE = 0.03;
const LOW_BATTERY = 20;

/**
 * A van driving a loop through the city: stretches of driving at city speeds between stops, heading along the
 * street, altitude from the hills, the battery draining faster while driving and recharged at a stop once low.
 * Now and then it has no fix and sends a heartbeat instead.
 */
export const gpsTrackerModel: DeviceModelFactory = ({ deviceId, latest, random, now }) => {
  const start = latestPosition(latest) ?? LISBON_LOOP[0] ?? { lat: 38.7076, lon: -9.1365 };
  const route = routeNear(start);
  const legs = route.map((point, index) => {
    const to = route[(index + 1) % route.length] ?? point;
    return { from: point, to, length: distance(point, to) };
  });
  const loopLength = legs.reduce((sum, leg) => sum + leg.length, 0);
  const direction = hashOf(deviceId) % 2 === 0 ? 1 : -1;
  // Starts on the route where it is nearest to the last known position.
  let travelled = 0;
  let nearest = Number.POSITIVE_INFINITY;
  let along = 0;
  for (const leg of legs) {
    const gap = distance(leg.from, start);
    if (gap < nearest) [nearest, travelled] = [gap, along];
    along += leg.length;
  }
  let moving = latestFlag(latest, 'moving') ?? true;
  let stateUntil = now + between(random, 2, 10) * MINUTE_MS;
  let speed = moving ? 35 : 0;
  let battery = clamp(latestNumber(latest, 'battery') ?? 90, 0, 100);
  let previous = now;

  function positionAt(metres: number) {
    let rest = ((metres % loopLength) + loopLength) % loopLength;
    for (const leg of legs) {
      if (rest <= leg.length) {
        const share = leg.length === 0 ? 0 : rest / leg.length;
        const { east, north } = offsetMetres(leg.from, leg.to);
        const bearing = (Math.atan2(east, north) * 180) / Math.PI + (direction === 1 ? 0 : 180);
        return {
          lat: leg.from.lat + (leg.to.lat - leg.from.lat) * share,
          lon: leg.from.lon + (leg.to.lon - leg.from.lon) * share,
          heading: (bearing + 360) % 360,
        };
      }
      rest -= leg.length;
    }
    return { ...start, heading: 0 };
  }

  return {
    // A position every 2 minutes of the history: a kilometre apart at most, along the route.
    historyStepMs: 2 * MINUTE_MS,
    next(at, _counter) {
      const elapsed = Math.max(0, at - previous);
      previous = at;
      if (at >= stateUntil) {
        moving = !moving;
        stateUntil = at + (moving ? between(random, 10, 25) : between(random, 4, 12)) * MINUTE_MS;
      }
      speed = moving ? clamp(speed * 0.6 + between(random, 22, 55) * 0.4, 5, 70) : 0;
      travelled += (direction * speed * elapsed) / 3600;
      battery -= (elapsed / HOUR_MS) * (moving ? 2 : 0.3);
      if (!moving && battery < 15) battery = 100;
      battery = clamp(battery, 0, 100);
      const flags = { moving, sos: false, lowBattery: battery < LOW_BATTERY };
      if (random() < NO_FIX_CHANCE) return { bytes: encodeTrackerHeartbeat({ ...flags, battery }), port: null };
      const { lat, lon, heading } = positionAt(travelled);
      return {
        bytes: encodeTrackerPosition({
          ...flags,
          lat,
          lon,
          // Lisbon rises from the river (a few metres) to about 100 m at Areeiro.
          alt: clamp(5 + (lat - 38.705) * 2600 + noise(random, 2), 0, 120),
          speed,
          heading: moving ? (heading + noise(random, 3) + 360) % 360 : heading,
          satellites: Math.round(clamp(9 + noise(random, 1.5), 4, 14)),
          battery,
        }),
        port: null,
      };
    },
  };
};
