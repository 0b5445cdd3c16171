import type { DeviceTypeInfo } from '@iot/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { FeatureCollection, Point } from 'geojson';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { maplibregl, usePlainMap } from '@/lib/plain-map';
import type { DeviceOnMap } from '../api/get-device-positions';
import { DeviceMapCard } from './device-map-card';

const SOURCE = 'devices';

const toGeoJson = (devices: DeviceOnMap[]): FeatureCollection<Point> => ({
  type: 'FeatureCollection',
  features: devices.map((device) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [device.position.lon, device.position.lat] },
    properties: { uuid: device.uuid, description: device.description, locationState: device.device.location.state },
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
  typeName: (deviceType: string) => string;
  typeOf: (deviceType: string) => DeviceTypeInfo | undefined;
  height: number | string;
}

/** The devices under a click (several when they share a spot), and where their card points. */
interface Picked {
  uuids: string[];
  at: [number, number];
}

/** The marker colours of the states someone should act on, as their chips show them. */
interface AlarmingColours {
  forbidden: string;
  lost: string;
}

/**
 * Draws the devices as clusters and points; a cluster zooms in on click, a device opens its card. A device at a
 * forbidden place or lost stands out in its state's colour.
 */
function addDeviceLayers(
  map: maplibregl.Map,
  colour: string,
  alarming: AlarmingColours,
  pick: (picked: Picked) => void,
) {
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
    paint: {
      'circle-color': [
        'match',
        ['get', 'locationState'],
        'atForbiddenPoi',
        alarming.forbidden,
        'lost',
        alarming.lost,
        colour,
      ],
      'circle-radius': 7,
      'circle-stroke-width': 2,
      'circle-stroke-color': '#fff',
    },
  });
  map.on('click', 'devices', (event) => {
    const features = event.features ?? [];
    const uuids = [
      ...new Set(features.map((feature) => feature.properties?.uuid).filter((uuid) => typeof uuid === 'string')),
    ];
    const first = features[0]?.geometry;
    if (uuids.length === 0 || first?.type !== 'Point') return;
    pick({ uuids, at: first.coordinates as [number, number] });
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
export default function DeviceMap({ devices, linkTo, typeName, typeOf, height }: DeviceMapProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const { palette } = useTheme();
  const alarming = { forbidden: palette.error.main, lost: palette.warning.main };
  const { map, styleRound, failed } = usePlainMap(container, (created, colour) =>
    addDeviceLayers(created, colour, alarming, setPicked),
  );

  // The card is a MapLibre popup (it follows the map as it moves) whose content React draws through a portal.
  const cardElement = useMemo(() => document.createElement('div'), []);
  useEffect(() => {
    if (!map || !picked) return;
    const popup = new maplibregl.Popup({ maxWidth: '320px', offset: 10, focusAfterOpen: false })
      .setLngLat(picked.at)
      .setDOMContent(cardElement)
      .addTo(map);
    popup.on('close', () => setPicked((current) => (current === picked ? null : current)));
    return () => {
      popup.remove();
    };
  }, [map, picked, cardElement]);
  const byUuid = useMemo(() => new Map(devices.map((device) => [device.uuid, device.device])), [devices]);
  const pickedDevices = (picked?.uuids ?? []).flatMap((uuid) => byUuid.get(uuid) ?? []);

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
  return (
    <>
      <Box
        ref={container}
        role="region"
        aria-label={t('devices.view.map')}
        sx={{
          height,
          // The card takes the theme's surface and text, dark mode included.
          '& .maplibregl-popup-content': { p: 0, bgcolor: 'background.paper', color: 'text.primary', boxShadow: 4 },
          '& .maplibregl-popup-close-button': { fontSize: 18, width: 28, height: 28, color: 'text.secondary' },
          '& .maplibregl-popup-anchor-bottom .maplibregl-popup-tip': { borderTopColor: 'background.paper' },
          '& .maplibregl-popup-anchor-top .maplibregl-popup-tip': { borderBottomColor: 'background.paper' },
        }}
      />
      {pickedDevices.length > 0 &&
        createPortal(
          pickedDevices.length === 1 && pickedDevices[0] ? (
            <DeviceMapCard device={pickedDevices[0]} typeName={typeName} typeOf={typeOf} linkTo={linkTo} />
          ) : (
            // Devices on one spot never split apart, however close the map zooms: their names, each opening its card.
            <Box
              component="section"
              aria-label={t('devices.mapSameSpot', { total: pickedDevices.length })}
              sx={{ p: 1.5, pr: 3 }}
            >
              <Typography sx={{ fontWeight: 600, mb: 0.5 }}>
                {t('devices.mapSameSpot', { total: pickedDevices.length })}
              </Typography>
              {pickedDevices.map((device) => (
                <Button
                  key={device.uuid}
                  size="small"
                  onClick={() => picked && setPicked({ uuids: [device.uuid], at: picked.at })}
                  sx={{ display: 'flex', justifyContent: 'flex-start' }}
                >
                  {device.description || device.uuid}
                </Button>
              ))}
            </Box>
          ),
          cardElement,
        )}
    </>
  );
}
