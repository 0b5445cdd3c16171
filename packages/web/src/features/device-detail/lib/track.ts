import { type DeviceTypeInfo, isGeoPosition, type ReadingsAnswer } from '@iot/shared';
import { type SignalReadingView, signalReadings } from './signal-readings';

/** One position of a device at a date (epoch ms). */
export interface TrackPoint {
  lat: number;
  lon: number;
  date: number;
}

/** The positions among a signal's readings, oldest first: the order the device went through them. */
export function trackOf(readings: ReadingsAnswer['signals'][number]['readings']): TrackPoint[] {
  const points: TrackPoint[] = [];
  for (const reading of readings) {
    if (isGeoPosition(reading.value))
      points.push({ lat: reading.value.lat, lon: reading.value.lon, date: reading.date });
  }
  return points.sort((a, b) => a.date - b.date);
}

/**
 * The signal whose readings make the device's track: its type's position signal (for a per-channel one, the channel
 * heard from most recently); undefined when the type measures no position.
 */
export function trackSignalOf(
  device: Parameters<typeof signalReadings>[0],
  deviceType: DeviceTypeInfo | undefined,
): SignalReadingView | undefined {
  if (!deviceType) return undefined;
  const positions = signalReadings(device, deviceType).filter(
    (view) => view.signal.kind === 'value' && view.signal.valueType === 'position',
  );
  const newest = positions
    .filter((view) => view.reading)
    .sort((a, b) => (b.reading?.date ?? '').localeCompare(a.reading?.date ?? ''))[0];
  return newest ?? positions[0];
}

/** A track point with the speed the device went at from the point before it (km/h; undefined for the first). */
export interface TrackStep extends TrackPoint {
  speed?: number;
}

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two positions, in km. */
export function distanceKm(a: TrackPoint, b: TrackPoint): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The points worth drawing of a track, oldest first, each with its speed from the point kept before it: when it is
 * dense, points closer to the last kept one than a `maxPoints`-th of the track's extent are left out (a map cannot
 * show them apart), the first and the last always kept.
 */
export function thinTrack(points: TrackPoint[], maxPoints = 300): TrackStep[] {
  const first = points[0];
  if (!first) return [];
  let south = first.lat;
  let north = first.lat;
  let west = first.lon;
  let east = first.lon;
  for (const point of points) {
    south = Math.min(south, point.lat);
    north = Math.max(north, point.lat);
    west = Math.min(west, point.lon);
    east = Math.max(east, point.lon);
  }
  const extent = distanceKm({ lat: south, lon: west, date: 0 }, { lat: north, lon: east, date: 0 });
  const gap = points.length > maxPoints ? extent / maxPoints : 0;
  const kept: TrackStep[] = [first];
  points.forEach((point, index) => {
    if (index === 0) return;
    const previous = kept[kept.length - 1] as TrackStep;
    const km = distanceKm(previous, point);
    if (km < gap && index < points.length - 1) return;
    const hours = (point.date - previous.date) / 3_600_000;
    kept.push({ ...point, speed: hours > 0 ? km / hours : undefined });
  });
  return kept;
}
