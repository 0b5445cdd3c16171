import { distanceMetres, type PlaceArea } from '@iot/shared';
import { describe, expect, it } from 'vitest';
import { areaPolygon, circleOfRing, circleRing, polygonOfRing } from './place-geometry';

const porto = { lat: 41.15, lon: -8.61 };

describe('circleRing', () => {
  it('draws every point at the radius in metres, closed', () => {
    const ring = circleRing(porto, 250, 32);
    expect(ring).toHaveLength(33);
    expect(ring[32]).toEqual(ring[0]);
    for (const [lon, lat] of ring) expect(distanceMetres(porto, { lat: lat ?? 0, lon: lon ?? 0 })).toBeCloseTo(250, 1);
  });
});

describe('circleOfRing', () => {
  it('reads back the centre and radius of a ring drawn on the map', () => {
    const circle = circleOfRing(circleRing(porto, 1200));
    expect(circle.kind).toBe('circle');
    expect(distanceMetres(circle.center, porto)).toBeLessThan(5);
    expect(Math.abs(circle.radius - 1200)).toBeLessThanOrEqual(5);
  });

  it('follows a ring that was dragged elsewhere', () => {
    const moved = circleRing(porto, 300).map(([lon, lat]) => [(lon ?? 0) + 0.01, (lat ?? 0) + 0.005]);
    const circle = circleOfRing(moved);
    expect(distanceMetres(circle.center, { lat: porto.lat + 0.005, lon: porto.lon + 0.01 })).toBeLessThan(2);
  });
});

describe('polygonOfRing and areaPolygon', () => {
  it('drops the closing point and rounds to seven decimals', () => {
    const ring = [
      [-8.611111111, 41.1],
      [-8.6, 41.1],
      [-8.6, 41.2],
      [-8.611111111, 41.1],
    ];
    expect(polygonOfRing(ring)).toEqual({
      kind: 'polygon',
      points: [
        { lat: 41.1, lon: -8.6111111 },
        { lat: 41.1, lon: -8.6 },
        { lat: 41.2, lon: -8.6 },
      ],
    });
  });

  it('closes a polygon place as a GeoJSON ring', () => {
    const area: PlaceArea = {
      kind: 'polygon',
      points: [
        { lat: 1, lon: 2 },
        { lat: 3, lon: 4 },
        { lat: 5, lon: 2 },
      ],
    };
    expect(areaPolygon(area).coordinates[0]).toEqual([
      [2, 1],
      [4, 3],
      [2, 5],
      [2, 1],
    ]);
    expect(areaPolygon({ kind: 'circle', center: porto, radius: 100 }).coordinates[0]).toHaveLength(65);
  });
});
