import Box from '@mui/material/Box';
import type { FeatureCollection, LineString, Point } from 'geojson';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLocale } from '@/i18n';
import { maplibregl, usePlainMap } from '@/lib/plain-map';
import type { TrackPoint } from '../lib/track';

const TRACK = 'track';
const POINTS = 'positions';

const lineOf = (points: TrackPoint[]): FeatureCollection<LineString> => ({
  type: 'FeatureCollection',
  features:
    points.length < 2
      ? []
      : [
          {
            type: 'Feature',
            geometry: { type: 'LineString', coordinates: points.map((point) => [point.lon, point.lat]) },
            properties: {},
          },
        ],
});

const pointsOf = (points: TrackPoint[]): FeatureCollection<Point> => ({
  type: 'FeatureCollection',
  features: points.map((point, index) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [point.lon, point.lat] },
    properties: { date: point.date, latest: index === points.length - 1 },
  })),
});

/** The track as a line through its positions, each a dot; the latest one larger, where the device is now. */
function addTrackLayers(map: maplibregl.Map, colour: string, dateText: (date: number) => string) {
  map.addSource(TRACK, { type: 'geojson', data: lineOf([]) });
  map.addSource(POINTS, { type: 'geojson', data: pointsOf([]) });
  map.addLayer({
    id: TRACK,
    type: 'line',
    source: TRACK,
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': colour, 'line-width': 3, 'line-opacity': 0.7 },
  });
  map.addLayer({
    id: POINTS,
    type: 'circle',
    source: POINTS,
    paint: {
      'circle-color': colour,
      'circle-radius': ['case', ['get', 'latest'], 9, 4],
      'circle-stroke-width': 2,
      'circle-stroke-color': '#fff',
    },
  });
  // A position's date on click, as HTML: text drawn on the map would need glyphs from a server.
  map.on('click', POINTS, (event) => {
    const feature = event.features?.[0];
    const date = Number(feature?.properties?.date);
    if (!feature || !Number.isFinite(date)) return;
    const [lon, lat] = (feature.geometry as Point).coordinates as [number, number];
    new maplibregl.Popup({ closeButton: false }).setLngLat([lon, lat]).setText(dateText(date)).addTo(map);
  });
  map.on('mouseenter', POINTS, () => {
    map.getCanvas().style.cursor = 'pointer';
  });
  map.on('mouseleave', POINTS, () => {
    map.getCanvas().style.cursor = '';
  });
}

interface PositionMapProps {
  /** Oldest first; one point for a last position. */
  points: TrackPoint[];
  height: number;
  label: string;
}

/** A device's positions on a plain map, fitted to them: its last position, or its track over a period. */
export default function PositionMap({ points, height, label }: PositionMapProps) {
  const { t, i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const dateText = useRef((date: number) => new Date(date).toLocaleString(formatLocale(i18n.language)));
  dateText.current = (date: number) => new Date(date).toLocaleString(formatLocale(i18n.language));
  const { map, styleRound, failed } = usePlainMap(container, (created, colour) =>
    addTrackLayers(created, colour, (date) => dateText.current(date)),
  );

  // Drawn again on each style loaded (a configured one that failed gives way to the plain one).
  useEffect(() => {
    if (!map || styleRound === 0) return;
    void map.getSource<maplibregl.GeoJSONSource>(TRACK)?.setData(lineOf(points));
    void map.getSource<maplibregl.GeoJSONSource>(POINTS)?.setData(pointsOf(points));
    if (points.length === 0) return;
    const bounds = new maplibregl.LngLatBounds();
    for (const point of points) bounds.extend([point.lon, point.lat]);
    map.fitBounds(bounds, { padding: 40, maxZoom: 15, duration: 0 });
  }, [points, map, styleRound]);

  if (failed) {
    return (
      <Box sx={{ height, display: 'grid', placeItems: 'center', color: 'text.secondary', p: 2 }}>
        {t('devices.mapUnavailable')}
      </Box>
    );
  }
  return <Box ref={container} role="region" aria-label={label} sx={{ height, borderRadius: 1, overflow: 'hidden' }} />;
}
