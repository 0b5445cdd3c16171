import type { Place, PlaceArea } from '@iot/shared';
import { areaBounds } from '@iot/shared';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import type { Feature, FeatureCollection, Point, Polygon } from 'geojson';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type GeoJSONStoreFeatures,
  TerraDraw,
  TerraDrawCircleMode,
  TerraDrawPolygonMode,
  TerraDrawSelectMode,
} from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { maplibregl, usePlainMap } from '@/lib/plain-map';
import { areaPolygon, circleOfRing, labelPoint, polygonOfRing } from '../lib/place-geometry';

// The base map has a `places` source of its own (the names of towns).
const PLACES = 'poi-areas';
const DRAFT = 'poi-draft';
const CENTRES = 'poi-centres';
/** From this zoom on (a town's streets) every place is named on the map. */
const LABEL_MIN_ZOOM = 11;

/** What the map draws: a new place's shape (circle or polygon), or nothing. */
export type DrawingTool = 'circle' | 'polygon' | null;

export interface PlacesMapProps {
  places: readonly Place[];
  selectedId: string | null;
  onSelect: (placeId: string) => void;
  /** The shape being drawn for a new place; null when none is. */
  tool: DrawingTool;
  /** A new place's shape was drawn. */
  onDrawn: (area: PlaceArea) => void;
  /** A new place's shape while its dialog is open. */
  draft: PlaceArea | null;
  /** The place whose shape is being changed on the map (dragged, resized, its vertices moved). */
  reshaping: Place | null;
  /** The reshaped place's area after each change. */
  onReshape: (area: PlaceArea) => void;
  /** The area the map should show now (a place chosen in the list, say); a new object each time it is asked. */
  focus: { area: PlaceArea } | null;
  height: number | string;
}

type PlaceProperties = { id: string; colour: string; selected: boolean };

const centresGeoJson = (
  places: readonly Place[],
  colourOf: (place: Place) => string,
): FeatureCollection<Point, Omit<PlaceProperties, 'selected'>> => ({
  type: 'FeatureCollection',
  features: places.map((place) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: labelPoint(place.area) },
    properties: { id: place._id, colour: colourOf(place) },
  })),
});

function placesGeoJson(
  places: readonly Place[],
  selectedId: string | null,
  colourOf: (place: Place) => string,
): FeatureCollection<Polygon, PlaceProperties> {
  return {
    type: 'FeatureCollection',
    features: places.map((place) => ({
      type: 'Feature',
      geometry: areaPolygon(place.area),
      properties: { id: place._id, colour: colourOf(place), selected: place._id === selectedId },
    })),
  };
}

const draftGeoJson = (draft: PlaceArea | null): FeatureCollection<Polygon> => ({
  type: 'FeatureCollection',
  features: draft ? [{ type: 'Feature', geometry: areaPolygon(draft), properties: {} }] : [],
});

/** The places as filled areas with their outline, the new place's shape dashed; a click on a place selects it. */
function addPlaceLayers(map: maplibregl.Map, draftColour: string, select: (placeId: string) => void) {
  map.addSource(PLACES, { type: 'geojson', data: placesGeoJson([], null, () => '') });
  map.addSource(DRAFT, { type: 'geojson', data: draftGeoJson(null) });
  map.addSource(CENTRES, { type: 'geojson', data: centresGeoJson([], () => '') });
  map.addLayer({
    id: 'place-fill',
    type: 'fill',
    source: PLACES,
    paint: {
      'fill-color': ['get', 'colour'],
      'fill-opacity': ['case', ['get', 'selected'], 0.35, 0.18],
    },
  });
  map.addLayer({
    id: 'place-outline',
    type: 'line',
    source: PLACES,
    paint: { 'line-color': ['get', 'colour'], 'line-width': ['case', ['get', 'selected'], 3, 1.5] },
  });
  map.addLayer({
    id: 'place-draft-fill',
    type: 'fill',
    source: DRAFT,
    paint: { 'fill-color': draftColour, 'fill-opacity': 0.25 },
  });
  map.addLayer({
    id: 'place-draft-outline',
    type: 'line',
    source: DRAFT,
    paint: { 'line-color': draftColour, 'line-width': 2, 'line-dasharray': [2, 1] },
  });
  // Far out a place is smaller than a pixel: a dot says where it is.
  map.addLayer({
    id: 'place-dot',
    type: 'circle',
    source: CENTRES,
    maxzoom: LABEL_MIN_ZOOM,
    paint: {
      'circle-color': ['get', 'colour'],
      'circle-radius': 6,
      'circle-stroke-width': 2,
      'circle-stroke-color': '#fff',
    },
  });
  for (const layer of ['place-fill', 'place-dot']) {
    map.on('click', layer, (event) => {
      const id = event.features?.[0]?.properties?.id;
      if (typeof id === 'string') select(id);
    });
    map.on('mouseenter', layer, () => {
      map.getCanvas().style.cursor = 'pointer';
    });
    map.on('mouseleave', layer, () => {
      map.getCanvas().style.cursor = '';
    });
  }
}

/** A place's name as an HTML marker: text drawn on the map would need glyphs from a server. */
function placeLabel(name: string, colour: string): HTMLElement {
  const element = document.createElement('span');
  element.textContent = name;
  element.className = 'place-label';
  element.style.cssText = `font:600 12px sans-serif;color:${colour};text-shadow:0 0 3px #fff,0 0 3px #fff,0 0 3px #fff;pointer-events:none;white-space:nowrap`;
  return element;
}

const boundsOf = (areas: readonly PlaceArea[]) => {
  const bounds = new maplibregl.LngLatBounds();
  for (const area of areas) {
    const { minLat, minLon, maxLat, maxLon } = areaBounds(area);
    bounds.extend([minLon, minLat]);
    bounds.extend([maxLon, maxLat]);
  }
  return bounds;
};

const areaOfFeature = (feature: GeoJSONStoreFeatures | undefined, kind: PlaceArea['kind']): PlaceArea | null => {
  if (feature?.geometry.type !== 'Polygon') return null;
  const ring = feature.geometry.coordinates[0] ?? [];
  return kind === 'circle' ? circleOfRing(ring) : polygonOfRing(ring);
};

/**
 * The places of a level on the map (circles true to their radius in metres, polygons; a forbidden group's in the
 * warning colour; each named), with drawing: a new circle or polygon, and changing a place's shape by dragging it,
 * its edge or its vertices (terra-draw).
 */
export default function PlacesMap({
  places,
  selectedId,
  onSelect,
  tool,
  onDrawn,
  draft,
  reshaping,
  onReshape,
  focus,
  height,
}: PlacesMapProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const container = useRef<HTMLDivElement>(null);
  const colours = { place: theme.palette.primary.main, forbidden: theme.palette.warning.main };
  const draftColour = theme.palette.secondary.main;
  // Clicks on a place select it unless a shape is being drawn or changed.
  const drawingNow = useRef(false);
  drawingNow.current = Boolean(tool || reshaping);
  const handlers = useRef({ onSelect, onDrawn, onReshape });
  handlers.current = { onSelect, onDrawn, onReshape };
  const { map, styleRound, failed } = usePlainMap(container, (created) =>
    addPlaceLayers(created, draftColour, (id) => {
      if (!drawingNow.current) handlers.current.onSelect(id);
    }),
  );
  const reshapingId = reshaping?._id;
  // The reshaped place as it was when its change began: later answers for it must not undo the user's drag.
  const reshapingNow = useRef(reshaping);
  if (reshaping?._id !== reshapingNow.current?._id) reshapingNow.current = reshaping;

  // The drawing tool lives with the style: a style loaded anew (the shipped base instead of tiles) drops its layers.
  const [draw, setDraw] = useState<TerraDraw | null>(null);
  useEffect(() => {
    if (!map || styleRound === 0) return;
    const colour = draftColour as `#${string}`;
    const created = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({ map }),
      modes: [
        new TerraDrawCircleMode({ styles: { fillColor: colour, outlineColor: colour } }),
        new TerraDrawPolygonMode({ styles: { fillColor: colour, outlineColor: colour } }),
        new TerraDrawSelectMode({
          allowManualDeselection: false,
          flags: {
            circle: { feature: { draggable: true, coordinates: { resizable: 'center-fixed' } } },
            polygon: {
              feature: { draggable: true, coordinates: { draggable: true, midpoints: true, deletable: true } },
            },
          },
        }),
      ],
    });
    created.start();
    created.on('finish', (id, context) => {
      const feature = created.getSnapshotFeature(id);
      const kind = feature?.properties.mode === 'circle' ? 'circle' : 'polygon';
      if (context.action === 'draw') {
        const area = areaOfFeature(feature, kind);
        created.clear();
        created.setMode('static');
        if (area) handlers.current.onDrawn(area);
        return;
      }
      const area = areaOfFeature(feature, reshapingNow.current?.area.kind ?? kind);
      if (area) handlers.current.onReshape(area);
    });
    setDraw(created);
    return () => {
      setDraw(null);
      created.stop();
    };
  }, [map, styleRound, draftColour]);

  useEffect(() => {
    if (!draw || reshapingId) return;
    draw.clear();
    draw.setMode(tool ?? 'static');
  }, [draw, tool, reshapingId]);

  // The reshaped place goes to the drawing tool, selected so that it can be dragged; the map hides its own copy. Until
  // the tool holds it, the map says it is busy (a drag started before would move nothing).
  const [heldId, setHeldId] = useState<string | null>(null);
  useEffect(() => {
    const place = reshapingNow.current;
    if (!draw || !reshapingId || !place) return;
    draw.clear();
    draw.setMode('select');
    const id = draw.getFeatureId();
    const feature: Feature<Polygon> = {
      id,
      type: 'Feature',
      geometry: areaPolygon(place.area),
      properties:
        place.area.kind === 'circle'
          ? { mode: 'circle', radiusKilometers: place.area.radius / 1000 }
          : { mode: 'polygon' },
    };
    const [added] = draw.addFeatures([feature as GeoJSONStoreFeatures]);
    if (added?.valid) {
      draw.selectFeature(id);
      setHeldId(reshapingId);
    }
    return () => {
      setHeldId(null);
      draw.clear();
      draw.setMode('static');
    };
  }, [draw, reshapingId]);

  // Drawn again on each style loaded, and as places, selection or colours change.
  const shown = useMemo(
    () => (reshapingId ? places.filter((place) => place._id !== reshapingId) : places),
    [places, reshapingId],
  );
  const { place: placeColour, forbidden: forbiddenColour } = colours;
  useEffect(() => {
    const source = map?.getSource<maplibregl.GeoJSONSource>(PLACES);
    if (!map || !source || styleRound === 0) return;
    const colourOf = (place: Place) => (place.group?.forbidden ? forbiddenColour : placeColour);
    void source.setData(placesGeoJson(shown, selectedId, colourOf));
    void map.getSource<maplibregl.GeoJSONSource>(CENTRES)?.setData(centresGeoJson(shown, colourOf));
    const markers = shown.map((place) => ({
      selected: place._id === selectedId,
      marker: new maplibregl.Marker({ element: placeLabel(place.name, colourOf(place)) })
        .setLngLat(labelPoint(place.area))
        .addTo(map),
    }));
    // Far out, the names of places a few streets apart would cover each other: only the chosen one's shows.
    const byZoom = () => {
      const near = map.getZoom() >= LABEL_MIN_ZOOM;
      for (const { marker, selected } of markers)
        marker.getElement().style.visibility = near || selected ? 'visible' : 'hidden';
    };
    byZoom();
    map.on('zoom', byZoom);
    return () => {
      map.off('zoom', byZoom);
      for (const { marker } of markers) marker.remove();
    };
  }, [map, styleRound, shown, selectedId, placeColour, forbiddenColour]);

  useEffect(() => {
    const source = map?.getSource<maplibregl.GeoJSONSource>(DRAFT);
    if (!map || !source || styleRound === 0) return;
    void source.setData(draftGeoJson(draft));
  }, [map, styleRound, draft]);

  // The first places shown are all in view; later, the one chosen, each time the page asks.
  const framed = useRef(false);
  useEffect(() => {
    if (!map || styleRound === 0 || framed.current || places.length === 0) return;
    framed.current = true;
    map.fitBounds(boundsOf(places.map((place) => place.area)), { padding: 60, maxZoom: 15, duration: 0 });
  }, [map, styleRound, places]);
  useEffect(() => {
    if (map && focus) map.fitBounds(boundsOf([focus.area]), { padding: 80, maxZoom: 16 });
  }, [map, focus]);

  if (failed) {
    return (
      <Box sx={{ height, display: 'grid', placeItems: 'center', color: 'text.secondary', p: 2 }}>
        {t('devices.mapUnavailable')}
      </Box>
    );
  }
  return (
    <Box
      ref={container}
      role="region"
      aria-label={t('places.map')}
      aria-busy={Boolean(reshapingId) && heldId !== reshapingId}
      sx={{ height }}
    />
  );
}
