import { describe, expect, it } from 'vitest';
import { mapStyleOrigin } from './security-headers.js';

describe('what the maps may read from', () => {
  it('is the origin of the map style URL, and nothing for another kind of key or none', () => {
    expect(mapStyleOrigin('https://api.maptiler.com/maps/streets-v2/style.json?key=abc')).toEqual([
      'https://api.maptiler.com',
    ]);
    expect(mapStyleOrigin('http://tiles.local:8080/styles/basic/style.json')).toEqual(['http://tiles.local:8080']);
    expect(mapStyleOrigin('pk.test-map-key')).toEqual([]);
    expect(mapStyleOrigin('javascript:alert(1)')).toEqual([]);
    expect(mapStyleOrigin(undefined)).toEqual([]);
  });
});
