import { describe, expect, it } from 'vitest';
import { createListingCache } from './listing-cache.js';

function cacheOf(budget: number) {
  const cache = createListingCache(budget);
  return {
    keep: (caller: string, revision: number, json: string) => cache.set(caller, revision, Buffer.from(json)),
    read: (caller: string, revision: number) => cache.get(caller, revision)?.toString(),
  };
}

describe('the tree listing cache', () => {
  it('answers a listing only at the revision it was kept at', () => {
    const { keep, read } = cacheOf(1000);
    keep('ana', 3, '[1]');
    expect(read('ana', 3)).toBe('[1]');
    expect(read('bob', 3)).toBeUndefined();
    expect(read('ana', 4)).toBeUndefined();
    // Seeing a newer revision dropped the older listings for good.
    expect(read('ana', 3)).toBeUndefined();
  });

  it('does not keep a listing read at a revision already past', () => {
    const { keep, read } = cacheOf(1000);
    expect(read('ana', 5)).toBeUndefined();
    keep('ana', 4, '[old]');
    expect(read('ana', 5)).toBeUndefined();
    expect(read('ana', 4)).toBeUndefined();
  });

  it('drops the least recently used listings past its budget, and never keeps one larger than it', () => {
    const { keep, read } = cacheOf(10);
    keep('ana', 1, '1234');
    keep('bob', 1, '1234');
    expect(read('ana', 1)).toBe('1234');
    keep('eva', 1, '1234');
    expect(read('bob', 1)).toBeUndefined();
    expect(read('ana', 1)).toBe('1234');
    expect(read('eva', 1)).toBe('1234');
    keep('max', 1, '12345678901');
    expect(read('max', 1)).toBeUndefined();
    expect(read('eva', 1)).toBe('1234');
  });
});
