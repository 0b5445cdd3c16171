import { useTheme } from '@mui/material/styles';
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { usePublicKey } from '@/features/keys/api/get-public-key';

// The bundler emits the map's worker as a file of its own; the library is told where (it cannot find it itself).
maplibregl.setWorkerUrl(workerUrl);

export { maplibregl };

/**
 * A style of its own, with no tiles, for when no map style is configured or reachable: positions on a plain
 * background still show where devices are, how they cluster and where they went.
 */
const plainStyle = (background: string): maplibregl.StyleSpecification => ({
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': background } }],
});

export interface PlainMap {
  /** The map once a style has loaded (sources and layers may be added); null before and after. */
  map: maplibregl.Map | null;
  /** Counts the styles loaded: a style that failed gives way to the plain one, whose layers are added afresh. */
  styleRound: number;
  /** The browser cannot draw maps (no WebGL): the screen says so instead of showing an empty box. */
  failed: boolean;
}

/**
 * A map in `container`, with zoom buttons: on the style the `map` public key names (a MapLibre style URL, e.g. a
 * MapTiler or self-hosted tile server style) when one is configured and reachable, else on a plain background.
 * `setUp` adds the sources, layers and handlers once a style has loaded, and again after a fallback to the plain one;
 * the map is made again when the theme's colours or the key change.
 */
export function usePlainMap(
  container: RefObject<HTMLDivElement | null>,
  setUp: (map: maplibregl.Map, colour: string) => void,
): PlainMap {
  const theme = useTheme();
  const background = theme.palette.mode === 'dark' ? '#1f2a33' : '#e8eef2';
  const colour = theme.palette.primary.main;
  const styleUrl = usePublicKey('map').data ?? null;
  const [map, setMap] = useState<maplibregl.Map | null>(null);
  const [styleRound, setStyleRound] = useState(0);
  const [failed, setFailed] = useState(false);
  const setUpNow = useRef(setUp);
  setUpNow.current = setUp;

  useEffect(() => {
    if (!container.current) return;
    let created: maplibregl.Map;
    try {
      created = new maplibregl.Map({
        container: container.current,
        style: styleUrl ?? plainStyle(background),
        center: [0, 20],
        zoom: 1,
        attributionControl: styleUrl ? {} : false,
      });
    } catch {
      setFailed(true);
      return;
    }
    created.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    let styled = false;
    // A configured style that cannot be read (no network, a wrong key): the plain background instead.
    created.on('error', () => {
      if (styled || !styleUrl) return;
      styled = true;
      created.setStyle(plainStyle(background));
    });
    created.on('style.load', () => {
      styled = true;
      setUpNow.current(created, colour);
      setMap(created);
      setStyleRound((round) => round + 1);
    });
    return () => {
      setMap(null);
      created.remove();
    };
  }, [container, background, colour, styleUrl]);

  return { map, styleRound, failed };
}
