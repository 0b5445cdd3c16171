import { areaBounds, DEFAULT_ENTER_AFTER_MS, DEFAULT_LOST_AFTER_MS, type PlaceArea } from '@iot/shared';
import { describe, expect, it } from 'vitest';
import { buildPlaceIndex, type PlaceIndexRow, placeIndexCache } from './place-index.js';

const row = (id: string, area: PlaceArea, group: Partial<PlaceIndexRow> = {}): PlaceIndexRow => ({
  id,
  tenantPath: '/t/',
  businessPath: '/t/',
  name: id,
  area: JSON.stringify(area),
  ...areaBounds(area),
  forbidden: null,
  enterAfterMs: null,
  lostAfterMs: null,
  ...group,
});

const square: PlaceArea = {
  kind: 'polygon',
  points: [
    { lat: 41, lon: -8 },
    { lat: 41, lon: -7.99 },
    { lat: 41.01, lon: -7.99 },
    { lat: 41.01, lon: -8 },
  ],
};

describe('the place index', () => {
  it("finds a polygon's places inside and within the band, with the group's rules or the defaults", () => {
    const index = buildPlaceIndex([
      row('square', square, { forbidden: 1, enterAfterMs: 0, lostAfterMs: 3_600_000 }),
      row('far', { kind: 'circle', center: { lat: 42, lon: -8 }, radius: 100 }),
    ]);
    expect(index.near('/t/', { lat: 41.005, lon: -7.995 }, 50)).toEqual([
      {
        inside: true,
        place: expect.objectContaining({ id: 'square', forbidden: true, enterAfterMs: 0, lostAfterMs: 3_600_000 }),
      },
    ]);
    // 30 m west of the square's west edge: within a band of 50 m, not inside.
    const west = { lat: 41.005, lon: -8 - 30 / (111_195 * Math.cos((41.005 * Math.PI) / 180)) };
    expect(index.near('/t/', west, 50).map((hit) => [hit.place.id, hit.inside])).toEqual([['square', false]]);
    expect(index.near('/t/', west, 20)).toEqual([]);
    expect(index.place('far')).toMatchObject({
      forbidden: false,
      enterAfterMs: DEFAULT_ENTER_AFTER_MS,
      lostAfterMs: DEFAULT_LOST_AFTER_MS,
    });
    expect(index.near('/u/', { lat: 41.005, lon: -7.995 }, 50)).toEqual([]);
  });

  it('is built again only when the revision moved', async () => {
    const cache = placeIndexCache();
    let revision = 1;
    let reads = 0;
    const places = () => {
      reads += 1;
      return [row('square', square)];
    };
    const first = await cache.current(() => revision, places);
    expect(await cache.current(() => revision, places)).toBe(first);
    revision = 2;
    expect(await cache.current(() => revision, places)).not.toBe(first);
    expect(reads).toBe(2);
  });
});
