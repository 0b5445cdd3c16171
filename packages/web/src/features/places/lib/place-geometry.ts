import { areaCenter, distanceMetres, type LatLon, type PlaceArea } from '@iot/shared';
import type { Polygon, Position } from 'geojson';

const EARTH_RADIUS_M = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;
const degrees = (angle: number) => (angle * 180) / Math.PI;
/** Seven decimals of a degree are about a centimetre: finer than any position a device sends. */
const round7 = (value: number) => Math.round(value * 1e7) / 1e7;

/** The point `distance` metres from `from` towards `bearing` (degrees clockwise from north), on the sphere. */
function destination(from: LatLon, distance: number, bearing: number): Position {
  const angular = distance / EARTH_RADIUS_M;
  const lat1 = radians(from.lat);
  const lon1 = radians(from.lon);
  const theta = radians(bearing);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(theta));
  const lon2 =
    lon1 +
    Math.atan2(
      Math.sin(theta) * Math.sin(angular) * Math.cos(lat1),
      Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
    );
  return [round7(degrees(lon2)), round7(degrees(lat2))];
}

/** A circle of `radius` metres as a closed ring of `steps` points: what the map draws, true to the metre. */
export function circleRing(center: LatLon, radius: number, steps = 64): Position[] {
  const ring = Array.from({ length: steps }, (_, step) => destination(center, radius, (360 * step) / steps));
  ring.push(ring[0] as Position);
  return ring;
}

/** The area as a GeoJSON polygon (a circle as its ring). */
export function areaPolygon(area: PlaceArea): Polygon {
  if (area.kind === 'circle') return { type: 'Polygon', coordinates: [circleRing(area.center, area.radius)] };
  const ring = area.points.map((point): Position => [point.lon, point.lat]);
  ring.push(ring[0] as Position);
  return { type: 'Polygon', coordinates: [ring] };
}

/** The ring's points, without the closing repeat of the first. */
const openRing = (ring: readonly Position[]) => {
  const first = ring[0];
  const last = ring.at(-1);
  return first && last && ring.length > 1 && first[0] === last[0] && first[1] === last[1] ? ring.slice(0, -1) : ring;
};

const mercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + radians(lat) / 2));
const latOfMercatorY = (y: number) => degrees(2 * Math.atan(Math.exp(y)) - Math.PI / 2);

/**
 * The circle a drawn ring stands for: the drawing tool draws (and drags and resizes) a circle as a regular ring on the
 * flat map, so its centre is the mean of the points there; the radius is their mean distance from it, in metres.
 */
export function circleOfRing(ring: readonly Position[]): PlaceArea & { kind: 'circle' } {
  const points = openRing(ring);
  const lon = points.reduce((sum, point) => sum + (point[0] ?? 0), 0) / points.length;
  const y = points.reduce((sum, point) => sum + mercatorY(point[1] ?? 0), 0) / points.length;
  const center = { lat: round7(latOfMercatorY(y)), lon: round7(lon) };
  const radius =
    points.reduce((sum, point) => sum + distanceMetres(center, { lat: point[1] ?? 0, lon: point[0] ?? 0 }), 0) /
    points.length;
  return { kind: 'circle', center, radius: Math.round(radius) };
}

/** The polygon a drawn ring stands for: its points, each once. */
export function polygonOfRing(ring: readonly Position[]): PlaceArea & { kind: 'polygon' } {
  return {
    kind: 'polygon',
    points: openRing(ring).map((point) => ({ lat: round7(point[1] ?? 0), lon: round7(point[0] ?? 0) })),
  };
}

/** Where a place's label goes. */
export const labelPoint = (area: PlaceArea): [number, number] => {
  const center = areaCenter(area);
  return [center.lon, center.lat];
};
