import { useTheme } from '@mui/material/styles';
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { usePublicKey } from '@/features/keys/api/get-public-key';
import type { OfflineBase } from './offline-base';

// The bundler emits the map's worker as a file of its own; the library is told where (it cannot find it itself).
maplibregl.setWorkerUrl(workerUrl);

export { maplibregl };

const OSM_ATTRIBUTION = '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

interface BaseColours {
  sea: string;
  land: string;
  border: string;
}

/**
 * The base drawn from data shipped with the product (Natural Earth land, borders and places), under OpenStreetMap's
 * raster tiles when `tiles` is true: where the tiles load they cover it, where they cannot (offline installations)
 * it is what shows, never an empty background.
 */
const baseStyle = (base: OfflineBase, colours: BaseColours, tiles: boolean): maplibregl.StyleSpecification => ({
  version: 8,
  sources: {
    land: { type: 'geojson', data: base.land, attribution: 'Natural Earth' },
    borders: { type: 'geojson', data: base.borders },
    places: { type: 'geojson', data: base.places },
    ...(tiles
      ? {
          osm: {
            type: 'raster',
            tiles: ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'],
            tileSize: 256,
            maxzoom: 19,
            attribution: OSM_ATTRIBUTION,
          },
        }
      : {}),
  },
  layers: [
    // Natural Earth's coasts are a few kilometres off at street level: close in, the sea fades to land rather than
    // draw a town in the water.
    {
      id: 'background',
      type: 'background',
      paint: { 'background-color': ['interpolate', ['linear'], ['zoom'], 8, colours.sea, 11, colours.land] },
    },
    { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': colours.land } },
    { id: 'borders', type: 'line', source: 'borders', paint: { 'line-color': colours.border, 'line-width': 0.8 } },
    {
      id: 'places',
      type: 'circle',
      source: 'places',
      filter: ['any', ['==', ['get', 'rank'], 1], ['>=', ['zoom'], 3]],
      paint: { 'circle-color': colours.border, 'circle-radius': 3 },
    },
    ...(tiles ? [{ id: 'osm', type: 'raster' as const, source: 'osm' }] : []),
  ],
});

let loadingBase: Promise<OfflineBase> | undefined;
/** The shipped data is a chunk of its own, read when a map is first shown: it does not weigh on the first page. */
const loadOfflineBase = () => {
  loadingBase ??= import('./offline-base').then(
    (module) => module.offlineBase(),
    () => {
      // The chunk could not be read: a map with no base this time, another try with the next map.
      loadingBase = undefined;
      return {
        land: { type: 'FeatureCollection', features: [] },
        borders: { type: 'MultiLineString', coordinates: [] },
        places: { type: 'FeatureCollection', features: [] },
      } satisfies OfflineBase;
    },
  );
  return loadingBase;
};

/** Place names as HTML (text drawn on the map would need glyphs from a server), for when no tiles name them. */
function showPlaceNames(map: maplibregl.Map, base: OfflineBase): () => void {
  const labels = base.places.features.map((place) => {
    const element = document.createElement('span');
    element.textContent = place.properties.name;
    element.className = 'offline-place';
    element.style.cssText =
      'font:500 11px sans-serif;color:#37474f;text-shadow:0 0 2px #fff,0 0 2px #fff;pointer-events:none;white-space:nowrap';
    const marker = new maplibregl.Marker({ element, anchor: 'left', offset: [5, 0] })
      .setLngLat(place.geometry.coordinates as [number, number])
      .addTo(map);
    // Under the devices' markers, which come after them.
    map.getCanvas().after(element);
    return { marker, rank: place.properties.rank };
  });
  const byZoom = () => {
    for (const { marker, rank } of labels)
      marker.getElement().style.visibility = rank === 1 || map.getZoom() >= 3 ? 'visible' : 'hidden';
  };
  byZoom();
  map.on('zoom', byZoom);
  return () => {
    map.off('zoom', byZoom);
    for (const { marker } of labels) marker.remove();
  };
}

export interface PlainMap {
  /** The map once a style has loaded (sources and layers may be added); null before and after. */
  map: maplibregl.Map | null;
  /** Counts the styles loaded: a style that failed gives way to the shipped base, whose layers are added afresh. */
  styleRound: number;
  /** The browser cannot draw maps (no WebGL): the screen says so instead of showing an empty box. */
  failed: boolean;
}

/**
 * A map in `container`, with zoom buttons: on the style the `map` public key names (a MapLibre style URL, e.g. a
 * MapTiler or self-hosted tile server style) when one is configured, else on OpenStreetMap's tiles; either falls back
 * to the base drawn from shipped data when it cannot be reached. `setUp` adds the sources, layers and handlers once a
 * style has loaded, and again after a fallback; the map is made again when the theme's colours or the key change.
 */
export function usePlainMap(
  container: RefObject<HTMLDivElement | null>,
  setUp: (map: maplibregl.Map, colour: string) => void,
): PlainMap {
  const theme = useTheme();
  const dark = theme.palette.mode === 'dark';
  const sea = dark ? '#1b2733' : '#cfe3ee';
  const land = dark ? '#2e3b45' : '#f3f1ea';
  const border = dark ? '#6b7c88' : '#a39e93';
  const colour = theme.palette.primary.main;
  const styleUrl = usePublicKey('map').data ?? null;
  const [map, setMap] = useState<maplibregl.Map | null>(null);
  const [styleRound, setStyleRound] = useState(0);
  const [failed, setFailed] = useState(false);
  const setUpNow = useRef(setUp);
  setUpNow.current = setUp;

  useEffect(() => {
    let created: maplibregl.Map | undefined;
    let hidePlaceNames: (() => void) | undefined;
    let gone = false;
    void loadOfflineBase().then((base) => {
      if (gone || !container.current) return;
      const colours = { sea, land, border };
      let map: maplibregl.Map;
      try {
        map = new maplibregl.Map({
          container: container.current,
          style: styleUrl ?? baseStyle(base, colours, true),
          center: [0, 20],
          zoom: 1,
          attributionControl: { compact: true },
        });
      } catch {
        setFailed(true);
        return;
      }
      created = map;
      map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
      let styled = false;
      let tileLoaded = false;
      const offline = () => {
        hidePlaceNames ??= showPlaceNames(map, base);
      };
      map.on('data', (event) => {
        if (event.dataType === 'source' && 'sourceId' in event && event.sourceId === 'osm' && 'tile' in event)
          tileLoaded = true;
      });
      map.on('error', (event) => {
        // A configured style that cannot be read (no network, a wrong key): the shipped base instead.
        if (styleUrl && !styled) {
          styled = true;
          map.setStyle(baseStyle(base, colours, false));
          offline();
          return;
        }
        // OpenStreetMap unreachable from the start: its layer goes, the shipped base and its names show.
        if (!styleUrl && !tileLoaded && 'sourceId' in event && event.sourceId === 'osm' && map.getLayer('osm')) {
          map.setLayoutProperty('osm', 'visibility', 'none');
          offline();
        }
      });
      map.on('style.load', () => {
        styled = true;
        setUpNow.current(map, colour);
        setMap(map);
        setStyleRound((round) => round + 1);
      });
    });
    return () => {
      gone = true;
      hidePlaceNames?.();
      setMap(null);
      created?.remove();
    };
  }, [container, sea, land, border, colour, styleUrl]);

  return { map, styleRound, failed };
}
