import Box from '@mui/material/Box';
import type { FeatureCollection, LineString, Point } from 'geojson';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLocale } from '@/i18n';
import { maplibregl, usePlainMap } from '@/lib/plain-map';
import { type TrackPoint, type TrackStep, thinTrack } from '../lib/track';

const TRACK = 'track';
const POINTS = 'positions';
const ARROWS = 'track-arrows';
const ARROW_IMAGE = 'track-arrow';

const lineOf = (points: TrackStep[]): FeatureCollection<LineString> => ({
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

const pointsOf = (points: TrackStep[]): FeatureCollection<Point> => ({
  type: 'FeatureCollection',
  features: points.map((point, index) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [point.lon, point.lat] },
    properties: { date: point.date, speed: point.speed ?? null, latest: index === points.length - 1 },
  })),
});

/** An arrow pointing right (the line's direction) in the track's colour, edged in white, drawn as pixels: no sprites. */
function arrowImage(colour: string): ImageData {
  const size = 24;
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d') as CanvasRenderingContext2D;
  context.beginPath();
  context.moveTo(6, 5);
  context.lineTo(19, 12);
  context.lineTo(6, 19);
  context.lineTo(9, 12);
  context.closePath();
  context.fillStyle = colour;
  context.strokeStyle = '#fff';
  context.lineWidth = 2;
  context.lineJoin = 'round';
  context.stroke();
  context.fill();
  return context.getImageData(0, 0, size, size);
}

/**
 * A start or end mark, as HTML so it carries its name (for screen readers); the pointer goes through it to the
 * position under it, whose date and speed show on hover.
 */
function endMark(name: string, fill: string, text: string): HTMLElement {
  const element = document.createElement('div');
  element.setAttribute('role', 'img');
  element.setAttribute('aria-label', name);
  element.textContent = text;
  element.style.cssText = `width:22px;height:22px;border-radius:50%;background:${fill};color:#fff;border:2px solid #fff;box-shadow:0 1px 3px rgba(0,0,0,.4);display:grid;place-items:center;font:700 11px sans-serif;pointer-events:none`;
  return element;
}

/**
 * The track as a line in time order with arrows along it for the direction, each kept position a dot (the latest
 * one larger, where the device is now); hovering a dot shows its date and the speed the device came at.
 */
function addTrackLayers(map: maplibregl.Map, colour: string, pointText: (date: number, speed?: number) => string) {
  map.addSource(TRACK, { type: 'geojson', data: lineOf([]) });
  map.addSource(POINTS, { type: 'geojson', data: pointsOf([]) });
  if (!map.hasImage(ARROW_IMAGE)) map.addImage(ARROW_IMAGE, arrowImage(colour));
  map.addLayer({
    id: TRACK,
    type: 'line',
    source: TRACK,
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': colour, 'line-width': 4, 'line-opacity': 0.8 },
  });
  map.addLayer({
    id: ARROWS,
    type: 'symbol',
    source: TRACK,
    layout: {
      'symbol-placement': 'line',
      'symbol-spacing': 80,
      'icon-image': ARROW_IMAGE,
      'icon-size': 0.8,
      'icon-allow-overlap': true,
      'icon-rotation-alignment': 'map',
    },
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
  // A position's date and speed as HTML: text drawn on the map would need glyphs from a server.
  const popup = new maplibregl.Popup({ closeButton: false, closeOnClick: false });
  const show = (event: maplibregl.MapLayerMouseEvent) => {
    const feature = event.features?.[0];
    const date = Number(feature?.properties?.date);
    if (!feature || !Number.isFinite(date)) return;
    const speed = feature.properties?.speed;
    const [lon, lat] = (feature.geometry as Point).coordinates as [number, number];
    map.getCanvas().style.cursor = 'pointer';
    popup
      .setLngLat([lon, lat])
      .setText(pointText(date, typeof speed === 'number' ? speed : undefined))
      .addTo(map);
  };
  map.on('mousemove', POINTS, show);
  map.on('click', POINTS, show);
  map.on('mouseleave', POINTS, () => {
    map.getCanvas().style.cursor = '';
    popup.remove();
  });
}

interface PositionMapProps {
  /** Oldest first; one point for a last position. */
  points: TrackPoint[];
  height: number;
  label: string;
}

/** A device's positions on a map, fitted to them: its last position, or its track over a period. */
export default function PositionMap({ points, height, label }: PositionMapProps) {
  const { t, i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const steps = useMemo(() => thinTrack(points), [points]);
  const pointText = (date: number, speed?: number) => {
    const when = new Date(date).toLocaleString(formatLocale(i18n.language));
    if (speed === undefined) return when;
    const kmh = speed.toLocaleString(formatLocale(i18n.language), { maximumFractionDigits: speed < 10 ? 1 : 0 });
    return `${when} · ${t('device.position.speed', { speed: kmh })}`;
  };
  const pointTextNow = useRef(pointText);
  pointTextNow.current = pointText;
  const { map, styleRound, failed } = usePlainMap(container, (created, colour) =>
    addTrackLayers(created, colour, (date, speed) => pointTextNow.current(date, speed)),
  );
  const startName = t('device.position.start');
  const endName = t('device.position.end');

  // Drawn again on each style loaded (a configured one that failed gives way to the shipped base).
  useEffect(() => {
    if (!map || styleRound === 0) return;
    void map.getSource<maplibregl.GeoJSONSource>(TRACK)?.setData(lineOf(steps));
    void map.getSource<maplibregl.GeoJSONSource>(POINTS)?.setData(pointsOf(steps));
    const first = steps[0];
    const last = steps[steps.length - 1];
    if (!first || !last) return;
    const marks =
      steps.length < 2
        ? []
        : [
            new maplibregl.Marker({ element: endMark(startName, '#2e7d32', 'A') }).setLngLat([first.lon, first.lat]),
            new maplibregl.Marker({ element: endMark(endName, '#c62828', 'B') }).setLngLat([last.lon, last.lat]),
          ];
    for (const mark of marks) mark.addTo(map);
    const bounds = new maplibregl.LngLatBounds();
    for (const point of steps) bounds.extend([point.lon, point.lat]);
    map.fitBounds(bounds, { padding: 40, maxZoom: 15, duration: 0 });
    return () => {
      for (const mark of marks) mark.remove();
    };
  }, [steps, map, styleRound, startName, endName]);

  if (failed) {
    return (
      <Box sx={{ height, display: 'grid', placeItems: 'center', color: 'text.secondary', p: 2 }}>
        {t('devices.mapUnavailable')}
      </Box>
    );
  }
  return <Box ref={container} role="region" aria-label={label} sx={{ height, borderRadius: 1, overflow: 'hidden' }} />;
}
