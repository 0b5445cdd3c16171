import { describe, expect, it } from 'vitest';
import { thinnedTrack } from './present.js';

describe('thinnedTrack', () => {
  it('keeps a short track as it is', () => {
    expect(thinnedTrack([1, 2, 3], 5)).toEqual([1, 2, 3]);
  });

  it('keeps evenly spaced points of a long one, its first and last always', () => {
    const track = Array.from({ length: 1001 }, (_, index) => index);
    const thinned = thinnedTrack(track, 11);
    expect(thinned).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
    expect(thinnedTrack(track, 7)).toHaveLength(7);
    expect(thinnedTrack(track, 7).at(-1)).toBe(1000);
  });
});
