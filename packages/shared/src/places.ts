/**
 * Places (points of interest) and where a device is in their terms (SPEC section 4): the states, and the geometry of
 * a place's area that the ingest pipeline, the server's checks and the map all use.
 */

export const LOCATION_STATES = [
  'inTransit',
  'atPoi',
  'atForbiddenPoi',
  'atUnknownLocation',
  'lost',
  'unavailable',
] as const;
export type LocationState = (typeof LOCATION_STATES)[number];

/** A point in decimal degrees. */
export interface LatLon {
  lat: number;
  lon: number;
}

/** A place's area: a circle (centre and radius in metres) or a polygon (its ring, not closed: 3 to 200 points). */
export type PlaceArea = { kind: 'circle'; center: LatLon; radius: number } | { kind: 'polygon'; points: LatLon[] };

export const PLACE_RADIUS_MIN = 10;
export const PLACE_RADIUS_MAX = 50_000;
export const PLACE_POLYGON_POINTS_MAX = 200;

/** A group's timings when the user sets none, and those that apply to a device at no place of a group. */
export const DEFAULT_ENTER_AFTER_MS = 2 * 60_000;
export const DEFAULT_LOST_AFTER_MS = 24 * 60 * 60_000;

/**
 * How far beyond a place's edge a device must be to count as having left it. Positions jitter by tens of metres (more
 * for a network-computed one, whose `accuracy` widens the band), so a device parked on the edge does not flap.
 */
export const PLACE_EXIT_MARGIN_M = 50;

/** Below this speed between two positions a device is stopped (GPS jitter of a parked device stays well under it). */
export const MOVING_SPEED_KMH = 3;

const EARTH_RADIUS_M = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points, in metres. */
export function distanceMetres(a: LatLon, b: LatLon): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Metres per degree of latitude, and of longitude at a latitude (good enough for areas of a few kilometres). */
const METRES_PER_DEGREE = (Math.PI * EARTH_RADIUS_M) / 180;
const metresPerLonDegree = (lat: number) => METRES_PER_DEGREE * Math.max(Math.cos(radians(lat)), 1e-6);

/** The area's bounding box, widened by `margin` metres on every side. */
export function areaBounds(area: PlaceArea, margin = 0) {
  const points = area.kind === 'circle' ? [area.center] : area.points;
  const reach = area.kind === 'circle' ? area.radius + margin : margin;
  let minLat = Number.POSITIVE_INFINITY;
  let minLon = Number.POSITIVE_INFINITY;
  let maxLat = Number.NEGATIVE_INFINITY;
  let maxLon = Number.NEGATIVE_INFINITY;
  for (const point of points) {
    const dLat = reach / METRES_PER_DEGREE;
    const dLon = reach / metresPerLonDegree(point.lat);
    minLat = Math.min(minLat, point.lat - dLat);
    maxLat = Math.max(maxLat, point.lat + dLat);
    minLon = Math.min(minLon, point.lon - dLon);
    maxLon = Math.max(maxLon, point.lon + dLon);
  }
  return { minLat, minLon, maxLat, maxLon };
}

/** Ray casting over the ring (the last point joins the first). */
function insideRing(point: LatLon, ring: readonly LatLon[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i] as LatLon;
    const b = ring[j] as LatLon;
    if (a.lat > point.lat !== b.lat > point.lat) {
      const lonAtLat = ((b.lon - a.lon) * (point.lat - a.lat)) / (b.lat - a.lat) + a.lon;
      if (point.lon < lonAtLat) inside = !inside;
    }
  }
  return inside;
}

/** The distance from a point to the segment a–b, in metres, on a local flat projection around the point. */
function distanceToSegment(point: LatLon, a: LatLon, b: LatLon): number {
  const scaleLon = metresPerLonDegree(point.lat);
  const ax = (a.lon - point.lon) * scaleLon;
  const ay = (a.lat - point.lat) * METRES_PER_DEGREE;
  const bx = (b.lon - point.lon) * scaleLon;
  const by = (b.lat - point.lat) * METRES_PER_DEGREE;
  const dx = bx - ax;
  const dy = by - ay;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / length));
  return Math.hypot(ax + t * dx, ay + t * dy);
}

/**
 * Whether a point is inside the area, or within `margin` metres of it (the exit band: a device at a place stays at it
 * until it is further than that outside).
 */
export function areaContains(area: PlaceArea, point: LatLon, margin = 0): boolean {
  if (area.kind === 'circle') return distanceMetres(area.center, point) <= area.radius + margin;
  if (insideRing(point, area.points)) return true;
  if (margin <= 0) return false;
  return area.points.some(
    (a, index) => distanceToSegment(point, a, area.points[(index + 1) % area.points.length] as LatLon) <= margin,
  );
}

/** The area's centre: where its marker and label go. */
export function areaCenter(area: PlaceArea): LatLon {
  if (area.kind === 'circle') return area.center;
  const { minLat, minLon, maxLat, maxLon } = areaBounds(area);
  return { lat: (minLat + maxLat) / 2, lon: (minLon + maxLon) / 2 };
}
