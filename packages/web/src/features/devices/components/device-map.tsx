import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import type { FeatureCollection, Point } from 'geojson';
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DeviceOnMap } from '../api/get-device-positions';

const SOURCE = 'devices';

// The bundler emits the map's worker as a file of its own; the library is told where (it cannot find it itself).
maplibregl.setWorkerUrl(workerUrl);

/**
 * A style of its own, with no tiles: the platform runs where no tile server may be reachable, and positions on a
 * plain background still show where the fleet is and how it clusters.
 */
const plainStyle = (background: string): maplibregl.StyleSpecification => ({
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': background } }],
});

const toGeoJson = (devices: DeviceOnMap[]): FeatureCollection<Point> => ({
  type: 'FeatureCollection',
  features: devices.map((device) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [device.position.lon, device.position.lat] },
    properties: { uuid: device.uuid, description: device.description },
  })),
});

/** A cluster's count as an HTML marker: text on the map would need glyphs from a server. */
function clusterLabel(count: number, onClick: () => void): HTMLElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.textContent = String(count);
  element.setAttribute('aria-label', String(count));
  element.style.cssText =
    'border:0;background:transparent;color:#fff;font:600 12px sans-serif;cursor:pointer;padding:0;width:32px;height:32px';
  element.addEventListener('click', onClick);
  return element;
}

interface DeviceMapProps {
  devices: DeviceOnMap[];
  linkTo: (uuid: string) => string;
  height: number | string;
}

/** The map view: the devices' last positions, clustered; a cluster zooms in on click, a device opens its screen. */
export default function DeviceMap({ devices, linkTo, height }: DeviceMapProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const navigate = useNavigate();
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<maplibregl.Map | null>(null);
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);
  const openDevice = useRef((uuid: string) => void navigate(linkTo(uuid)));
  openDevice.current = (uuid: string) => void navigate(linkTo(uuid));

  const background = theme.palette.mode === 'dark' ? '#1f2a33' : '#e8eef2';
  const colour = theme.palette.primary.main;

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
      // No WebGL in this browser: say so instead of an empty box.
      setFailed(true);
      return;
    }
    created.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    const markers = new Map<number, maplibregl.Marker>();

    created.on('load', () => {
      created.addSource(SOURCE, { type: 'geojson', data: toGeoJson([]), cluster: true, clusterRadius: 48 });
      created.addLayer({
        id: 'clusters',
        type: 'circle',
        source: SOURCE,
        filter: ['has', 'point_count'],
        paint: {
          'circle-color': colour,
          'circle-opacity': 0.85,
          'circle-radius': ['step', ['get', 'point_count'], 16, 10, 20, 100, 26],
          'circle-stroke-width': 2,
          'circle-stroke-color': '#fff',
        },
      });
      created.addLayer({
        id: 'devices',
        type: 'circle',
        source: SOURCE,
        filter: ['!', ['has', 'point_count']],
        paint: { 'circle-color': colour, 'circle-radius': 7, 'circle-stroke-width': 2, 'circle-stroke-color': '#fff' },
      });
      created.on('click', 'devices', (event) => {
        const uuid = event.features?.[0]?.properties?.uuid;
        if (typeof uuid === 'string') openDevice.current(uuid);
      });
      created.on('mouseenter', 'devices', () => {
        created.getCanvas().style.cursor = 'pointer';
      });
      created.on('mouseleave', 'devices', () => {
        created.getCanvas().style.cursor = '';
      });
      map.current = created;
      setReady(true);
    });

    // Cluster counts follow the clusters the map currently draws.
    created.on('render', () => {
      if (!created.getSource(SOURCE)) return;
      const shown = new Set<number>();
      for (const feature of created.querySourceFeatures(SOURCE, { filter: ['has', 'point_count'] })) {
        const id = Number(feature.properties.cluster_id);
        if (shown.has(id)) continue;
        shown.add(id);
        if (markers.has(id)) continue;
        const [lon, lat] = (feature.geometry as Point).coordinates as [number, number];
        const zoomIn = async () => {
          const source = created.getSource<maplibregl.GeoJSONSource>(SOURCE);
          const zoom = await source?.getClusterExpansionZoom(id);
          if (zoom !== undefined) created.easeTo({ center: [lon, lat], zoom });
        };
        const marker = new maplibregl.Marker({ element: clusterLabel(Number(feature.properties.point_count), zoomIn) })
          .setLngLat([lon, lat])
          .addTo(created);
        markers.set(id, marker);
      }
      for (const [id, marker] of markers) {
        if (!shown.has(id)) {
          marker.remove();
          markers.delete(id);
        }
      }
    });

    return () => {
      map.current = null;
      setReady(false);
      created.remove();
    };
  }, [background, colour]);

  useEffect(() => {
    const current = map.current;
    const source = current?.getSource<maplibregl.GeoJSONSource>(SOURCE);
    if (!ready || !current || !source) return;
    void source.setData(toGeoJson(devices));
    if (devices.length === 0) return;
    const bounds = new maplibregl.LngLatBounds();
    for (const device of devices) bounds.extend([device.position.lon, device.position.lat]);
    current.fitBounds(bounds, { padding: 60, maxZoom: 14, duration: 0 });
  }, [devices, ready]);

  if (failed) {
    return (
      <Box sx={{ height, display: 'grid', placeItems: 'center', color: 'text.secondary', p: 2 }}>
        {t('devices.mapUnavailable')}
      </Box>
    );
  }
  return <Box ref={container} role="region" aria-label={t('devices.view.map')} sx={{ height }} />;
}
