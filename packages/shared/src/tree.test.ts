import { describe, expect, it } from 'vitest';
import { commonAncestor, idsOnPath } from './tree.js';

describe('idsOnPath', () => {
  it('lists the ids root first', () => {
    expect(idsOnPath('/a/b/c/')).toEqual(['a', 'b', 'c']);
    expect(idsOnPath('/')).toEqual([]);
  });
});

describe('commonAncestor', () => {
  it.each([
    [[], undefined],
    [['/a/b/c/'], 'c'],
    [['/a/b/c/', '/a/b/d/'], 'b'],
    [['/a/b/c/', '/a/b/'], 'b'],
    [['/a/b/c/d/', '/a/b/c/e/f/', '/a/b/c/'], 'c'],
    [['/a/b/', '/a/c/', '/a/b/d/'], 'a'],
    [['/a/b/', '/x/b/'], undefined],
    // Same id text at the same depth under different parents is not a common ancestor.
    [['/a/b/c/', '/x/b/c/'], undefined],
    [['/a/b/c/', '/a/b/c/'], 'c'],
  ])('%j → %s', (paths, expected) => {
    expect(commonAncestor(paths)).toBe(expected);
  });
});
