import { useTheme } from '@mui/material/styles';
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { type RefObject, useEffect, useRef, useState } from 'react';

// The bundler emits the map's worker as a file of its own; the library is told where (it cannot find it itself).
maplibregl.setWorkerUrl(workerUrl);

export { maplibregl };

/**
 * A style of its own, with no tiles: the platform runs where no tile server may be reachable, and positions on a
 * plain background still show where devices are, how they cluster and where they went.
 */
const plainStyle = (background: string): maplibregl.StyleSpecification => ({
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': background } }],
});

export interface PlainMap {
  /** The map once its style has loaded (sources and layers may be added); null before and after. */
  map: maplibregl.Map | null;
  /** The browser cannot draw maps (no WebGL): the screen says so instead of showing an empty box. */
  failed: boolean;
  /** The theme's primary colour, which markers and tracks are drawn in. */
  colour: string;
}

/**
 * A map on a plain background in `container`, with zoom buttons. `setUp` adds the sources, layers and handlers once
 * the style has loaded; the map is made again when the theme's colours change, so `setUp` reads them then.
 */
export function usePlainMap(
  container: RefObject<HTMLDivElement | null>,
  setUp: (map: maplibregl.Map, colour: string) => void,
): PlainMap {
  const theme = useTheme();
  const background = theme.palette.mode === 'dark' ? '#1f2a33' : '#e8eef2';
  const colour = theme.palette.primary.main;
  const [map, setMap] = useState<maplibregl.Map | null>(null);
  const [failed, setFailed] = useState(false);
  const setUpNow = useRef(setUp);
  setUpNow.current = setUp;

  useEffect(() => {
    if (!container.current) return;
    let created: maplibregl.Map;
    try {
      created = new maplibregl.Map({
        container: container.current,
        style: plainStyle(background),
        center: [0, 20],
        zoom: 1,
        attributionControl: false,
      });
    } catch {
      setFailed(true);
      return;
    }
    created.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    created.on('load', () => {
      setUpNow.current(created, colour);
      setMap(created);
    });
    return () => {
      setMap(null);
      created.remove();
    };
  }, [container, background, colour]);

  return { map, failed, colour };
}
