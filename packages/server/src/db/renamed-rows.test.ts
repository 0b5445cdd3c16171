import { describe, expect, it } from 'vitest';
import { rowRenaming } from './renamed-rows.js';

const camel = (column: string) => column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

describe('renaming result rows', () => {
  const renamed = rowRenaming((column) => (column === '__proto__' ? column : camel(column)));

  it('renames every column of every row, in order, keeping the values as they are', () => {
    const date = new Date(0);
    const rows = renamed([
      { business_id: 'b1', last_seen_at: 5, data: { raw_bytes: 1 }, seen: date },
      { business_id: 'b2', last_seen_at: null, data: null, seen: null },
    ]);
    expect(rows).toEqual([
      { businessId: 'b1', lastSeenAt: 5, data: { raw_bytes: 1 }, seen: date },
      { businessId: 'b2', lastSeenAt: null, data: null, seen: null },
    ]);
    expect(Object.keys(rows[0] as object)).toEqual(['businessId', 'lastSeenAt', 'data', 'seen']);
  });

  it('reads each result by its own columns', () => {
    expect(renamed([{ a_b: 1 }])).toEqual([{ aB: 1 }]);
    expect(renamed([{ a_b: 1, c_d: 2 }])).toEqual([{ aB: 1, cD: 2 }]);
    expect(renamed([{ c_d: 2, a_b: 1 }])).toEqual([{ cD: 2, aB: 1 }]);
    expect(renamed([])).toEqual([]);
  });

  it('keeps a column named __proto__ a column, not the prototype', () => {
    const [row] = renamed<Record<string, unknown>>([JSON.parse('{"__proto__": "x", "a_b": 1}')]);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.keys(row as object)).toEqual(['__proto__', 'aB']);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe('x');
  });

  it('names columns whose names are not identifiers', () => {
    expect(renamed([{ 'count(*)': 3, "it's": 1 }])).toEqual([{ 'count(*)': 3, "it's": 1 }]);
  });
});
