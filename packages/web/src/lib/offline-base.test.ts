import { afterEach, describe, expect, it, vi } from 'vitest';
import { offlineBase } from './offline-base';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the offline base map', () => {
  it('draws the places alone when the data file answers something else than the data', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ code: 'not_found' })),
    );
    const base = await offlineBase();
    expect(base.land.features).toEqual([]);
    expect(base.places.features.length).toBeGreaterThan(0);
  });

  it('draws the places alone when the data file cannot be fetched', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const base = await offlineBase();
    expect(base.borders.coordinates).toEqual([]);
    expect(base.places.features.length).toBeGreaterThan(0);
  });
});
