import Box from '@mui/material/Box';
import type { FeatureCollection, Point } from 'geojson';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { maplibregl, usePlainMap } from '@/lib/plain-map';
import type { DeviceOnMap } from '../api/get-device-positions';

const SOURCE = 'devices';

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

/** Draws the devices as clusters and points; a cluster zooms in on click, a device opens its screen. */
function addDeviceLayers(map: maplibregl.Map, colour: string, openDevice: (uuid: string) => void) {
  map.addSource(SOURCE, { type: 'geojson', data: toGeoJson([]), cluster: true, clusterRadius: 48 });
  map.addLayer({
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
  map.addLayer({
    id: 'devices',
    type: 'circle',
    source: SOURCE,
    filter: ['!', ['has', 'point_count']],
    paint: { 'circle-color': colour, 'circle-radius': 7, 'circle-stroke-width': 2, 'circle-stroke-color': '#fff' },
  });
  map.on('click', 'devices', (event) => {
    const uuid = event.features?.[0]?.properties?.uuid;
    if (typeof uuid === 'string') openDevice(uuid);
  });
  map.on('mouseenter', 'devices', () => {
    map.getCanvas().style.cursor = 'pointer';
  });
  map.on('mouseleave', 'devices', () => {
    map.getCanvas().style.cursor = '';
  });

  // Cluster counts follow the clusters the map currently draws.
  const markers = new Map<number, maplibregl.Marker>();
  map.on('render', () => {
    if (!map.getSource(SOURCE)) return;
    const shown = new Set<number>();
    for (const feature of map.querySourceFeatures(SOURCE, { filter: ['has', 'point_count'] })) {
      const id = Number(feature.properties.cluster_id);
      if (shown.has(id)) continue;
      shown.add(id);
      if (markers.has(id)) continue;
      const [lon, lat] = (feature.geometry as Point).coordinates as [number, number];
      const zoomIn = async () => {
        const source = map.getSource<maplibregl.GeoJSONSource>(SOURCE);
        const zoom = await source?.getClusterExpansionZoom(id);
        if (zoom !== undefined) map.easeTo({ center: [lon, lat], zoom });
      };
      const marker = new maplibregl.Marker({ element: clusterLabel(Number(feature.properties.point_count), zoomIn) })
        .setLngLat([lon, lat])
        .addTo(map);
      markers.set(id, marker);
    }
    for (const [id, marker] of markers) {
      if (!shown.has(id)) {
        marker.remove();
        markers.delete(id);
      }
    }
  });
}

/** The map view: the devices' last positions, clustered. */
export default function DeviceMap({ devices, linkTo, height }: DeviceMapProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const container = useRef<HTMLDivElement>(null);
  const openDevice = useRef((uuid: string) => void navigate(linkTo(uuid)));
  openDevice.current = (uuid: string) => void navigate(linkTo(uuid));
  const { map, styleRound, failed } = usePlainMap(container, (created, colour) =>
    addDeviceLayers(created, colour, (uuid) => openDevice.current(uuid)),
  );

  // Drawn again on each style loaded (a configured one that failed gives way to the plain one).
  useEffect(() => {
    const source = map?.getSource<maplibregl.GeoJSONSource>(SOURCE);
    if (!map || !source || styleRound === 0) return;
    void source.setData(toGeoJson(devices));
    if (devices.length === 0) return;
    const bounds = new maplibregl.LngLatBounds();
    for (const device of devices) bounds.extend([device.position.lon, device.position.lat]);
    map.fitBounds(bounds, { padding: 60, maxZoom: 14, duration: 0 });
  }, [devices, map, styleRound]);

  if (failed) {
    return (
      <Box sx={{ height, display: 'grid', placeItems: 'center', color: 'text.secondary', p: 2 }}>
        {t('devices.mapUnavailable')}
      </Box>
    );
  }
  return <Box ref={container} role="region" aria-label={t('devices.view.map')} sx={{ height }} />;
}
