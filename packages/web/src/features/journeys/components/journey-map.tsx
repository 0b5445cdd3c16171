import type { JourneyDetail, JourneyStop } from '@iot/shared';
import Box from '@mui/material/Box';
import type { FeatureCollection, LineString } from 'geojson';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLocale } from '@/i18n';
import { maplibregl, usePlainMap } from '@/lib/plain-map';
import { formatDateTime, formatDuration } from '../lib/journey-format';

const TRACK = 'journey-track';

type TrackPoint = JourneyDetail['track'][number];

const lineOf = (track: readonly TrackPoint[]): FeatureCollection<LineString> => ({
  type: 'FeatureCollection',
  features:
    track.length < 2
      ? []
      : [
          {
            type: 'Feature',
            geometry: { type: 'LineString', coordinates: track.map((point) => [point.lon, point.lat]) },
            properties: {},
          },
        ],
});

/**
 * A mark on the map as HTML, so it carries its name for screen readers; `text` is what it shows (A, B, a stop's
 * number). A stop's mark opens its popup on click, the start and end let the pointer through.
 */
function mark(name: string, fill: string, text: string, clickable: boolean): HTMLElement {
  const element = document.createElement('div');
  element.setAttribute('role', 'img');
  element.setAttribute('aria-label', name);
  element.title = name;
  element.textContent = text;
  element.style.cssText = `width:22px;height:22px;border-radius:50%;background:${fill};color:#fff;border:2px solid #fff;box-shadow:0 1px 3px rgba(0,0,0,.4);display:grid;place-items:center;font:700 11px sans-serif;cursor:${clickable ? 'pointer' : 'default'};pointer-events:${clickable ? 'auto' : 'none'}`;
  return element;
}

interface JourneyMapProps {
  track: readonly TrackPoint[];
  stops: readonly JourneyStop[];
  start: { lat: number; lon: number } | null;
  end: { lat: number; lon: number } | null;
  /** What B stands for: the end of a closed journey, the latest position of an open one. */
  endName: string;
  height: number;
  label: string;
}

/** A journey's track in time order, its start (A) and end (B), and its stops numbered, each naming its place. */
export default function JourneyMap({ track, stops, start, end, endName, height, label }: JourneyMapProps) {
  const { t, i18n } = useTranslation();
  const locale = formatLocale(i18n.language);
  const container = useRef<HTMLDivElement>(null);
  const { map, styleRound, failed } = usePlainMap(container, (created, colour) => {
    created.addSource(TRACK, { type: 'geojson', data: lineOf([]) });
    created.addLayer({
      id: TRACK,
      type: 'line',
      source: TRACK,
      layout: { 'line-join': 'round', 'line-cap': 'round' },
      paint: { 'line-color': colour, 'line-width': 4, 'line-opacity': 0.8 },
    });
  });
  const stopName = (stop: JourneyStop, index: number) =>
    t('journeys.map.stop', {
      number: index + 1,
      place: stop.place?.name ?? t('journeys.unknownPlace'),
      duration: formatDuration(stop.durationMs, locale),
    });
  const stopNames = stops.map(stopName).join('\n');
  const startName = t('journeys.map.start');

  // Drawn again on each style loaded (a configured one that failed gives way to the shipped base).
  useEffect(() => {
    if (!map || styleRound === 0) return;
    void map.getSource<maplibregl.GeoJSONSource>(TRACK)?.setData(lineOf(track));
    const names = stopNames.split('\n');
    const marks = stops.map((stop, index) => {
      const name = names[index] ?? '';
      const popup = new maplibregl.Popup({ closeButton: false, offset: 14 }).setText(
        `${name} · ${formatDateTime(stop.arrivedAt, locale)}`,
      );
      return new maplibregl.Marker({ element: mark(name, '#ef6c00', String(index + 1), true) })
        .setLngLat([stop.lon, stop.lat])
        .setPopup(popup);
    });
    if (start)
      marks.push(
        new maplibregl.Marker({ element: mark(startName, '#2e7d32', 'A', false) }).setLngLat([start.lon, start.lat]),
      );
    if (end)
      marks.push(
        new maplibregl.Marker({ element: mark(endName, '#c62828', 'B', false) }).setLngLat([end.lon, end.lat]),
      );
    for (const one of marks) one.addTo(map);
    const bounds = new maplibregl.LngLatBounds();
    for (const point of [...track, ...stops, ...(start ? [start] : []), ...(end ? [end] : [])])
      bounds.extend([point.lon, point.lat]);
    // Fitted again when the map changes size (a phone turned, a narrower window), so that A and B stay in view.
    const fit = () => {
      if (!bounds.isEmpty()) map.fitBounds(bounds, { padding: 48, maxZoom: 15, duration: 0 });
    };
    fit();
    map.on('resize', fit);
    return () => {
      map.off('resize', fit);
      for (const one of marks) one.remove();
    };
  }, [map, styleRound, track, stops, start, end, stopNames, startName, endName, locale]);

  if (failed) {
    return (
      <Box sx={{ height, display: 'grid', placeItems: 'center', color: 'text.secondary', p: 2 }}>
        {t('devices.mapUnavailable')}
      </Box>
    );
  }
  // The height sits on a wrapper: a change of the map's own `sx` would replace the classes MapLibre put on it.
  return (
    <Box sx={{ height }}>
      <Box
        ref={container}
        role="region"
        aria-label={label}
        sx={{ height: '100%', borderRadius: 1, overflow: 'hidden' }}
      />
    </Box>
  );
}
