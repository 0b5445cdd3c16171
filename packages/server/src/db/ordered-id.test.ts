import { describe, expect, it } from 'vitest';
import { orderedId } from './ordered-id.js';

describe('ordered ids', () => {
  it('sort in the order they were made, also many within one millisecond', () => {
    const ids = Array.from({ length: 10_000 }, orderedId);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});
