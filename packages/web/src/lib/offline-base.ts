import type { FeatureCollection, MultiLineString, Point } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// Natural Earth 1:50m: fine enough for a country's coast; shipped as a file of its own, read only with a map.
import countriesUrl from 'world-atlas/countries-50m.json?url';

/** Larger places, so a map without tiles still says where it is: rank 1 shows at any zoom, rank 2 closer in. */
const PLACES: [name: string, lon: number, lat: number, rank: 1 | 2][] = [
  ['Lisboa', -9.14, 38.72, 1],
  ['Porto', -8.61, 41.15, 2],
  ['Madrid', -3.7, 40.42, 1],
  ['Barcelona', 2.17, 41.39, 2],
  ['Paris', 2.35, 48.86, 1],
  ['London', -0.13, 51.51, 1],
  ['Berlin', 13.4, 52.52, 1],
  ['Roma', 12.5, 41.9, 1],
  ['Amsterdam', 4.9, 52.37, 2],
  ['Bruxelles', 4.35, 50.85, 2],
  ['Wien', 16.37, 48.21, 2],
  ['Warszawa', 21.01, 52.23, 2],
  ['Stockholm', 18.07, 59.33, 2],
  ['Athina', 23.73, 37.98, 2],
  ['Moskva', 37.62, 55.76, 1],
  ['Istanbul', 28.98, 41.01, 1],
  ['Cairo', 31.24, 30.04, 1],
  ['Lagos', 3.38, 6.52, 1],
  ['Luanda', 13.23, -8.84, 2],
  ['Maputo', 32.57, -25.97, 2],
  ['Johannesburg', 28.05, -26.2, 1],
  ['Nairobi', 36.82, -1.29, 2],
  ['Casablanca', -7.59, 33.57, 2],
  ['Praia', -23.51, 14.93, 2],
  ['New York', -74.01, 40.71, 1],
  ['Los Angeles', -118.24, 34.05, 1],
  ['Chicago', -87.63, 41.88, 2],
  ['Toronto', -79.38, 43.65, 2],
  ['Ciudad de México', -99.13, 19.43, 1],
  ['Bogotá', -74.07, 4.71, 2],
  ['Lima', -77.04, -12.05, 2],
  ['São Paulo', -46.63, -23.55, 1],
  ['Rio de Janeiro', -43.17, -22.91, 2],
  ['Brasília', -47.88, -15.79, 2],
  ['Buenos Aires', -58.38, -34.6, 1],
  ['Santiago', -70.67, -33.45, 2],
  ['Dubai', 55.27, 25.2, 2],
  ['Mumbai', 72.88, 19.08, 1],
  ['Delhi', 77.21, 28.61, 1],
  ['Beijing', 116.41, 39.9, 1],
  ['Shanghai', 121.47, 31.23, 1],
  ['Tokyo', 139.69, 35.69, 1],
  ['Seoul', 126.98, 37.57, 2],
  ['Singapore', 103.82, 1.35, 2],
  ['Jakarta', 106.85, -6.21, 1],
  ['Sydney', 151.21, -33.87, 1],
];

export interface OfflineBase {
  land: FeatureCollection;
  borders: MultiLineString;
  places: FeatureCollection<Point, { name: string; rank: number }>;
}

/**
 * Land, country borders and places from Natural Earth data shipped with the product: a base map with no network.
 * Should the data file not be read or not parse (a server updated under an open page), the places alone.
 */
export async function offlineBase(): Promise<OfflineBase> {
  const places: OfflineBase['places'] = {
    type: 'FeatureCollection',
    features: PLACES.map(([name, lon, lat, rank]) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [lon, lat] },
      properties: { name, rank },
    })),
  };
  const response = await fetch(countriesUrl).catch(() => null);
  if (!response?.ok) return { ...EMPTY_BASE, places };
  try {
    const topology = (await response.json()) as Topology<{ countries: GeometryCollection; land: GeometryCollection }>;
    return {
      land: feature(topology, topology.objects.land) as FeatureCollection,
      borders: mesh(topology, topology.objects.countries, (a, b) => a !== b),
      places,
    };
  } catch {
    // Not the data file (a proxy's error page answered 200, a truncated download): the places alone, as unread.
    return { ...EMPTY_BASE, places };
  }
}

/** A base with nothing on it: the sea's colour alone. */
const EMPTY_BASE: OfflineBase = {
  land: { type: 'FeatureCollection', features: [] },
  borders: { type: 'MultiLineString', coordinates: [] },
  places: { type: 'FeatureCollection', features: [] },
};
