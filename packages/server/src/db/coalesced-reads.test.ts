import { describe, expect, it } from 'vitest';
import { coalescedReads } from './coalesced-reads.js';

type Row = { id: string; owner: string };

function reader(rows: Row[], fail = false) {
  const batches: string[][] = [];
  const read = coalescedReads({
    load: async (keys: readonly { id: string; owner: string }[]) => {
      batches.push(keys.map((key) => `${key.owner}:${key.id}`));
      if (fail) throw new Error('the database is gone');
      return rows.filter((row) => keys.some((key) => key.id === row.id && key.owner === row.owner));
    },
    keyOf: (key) => `${key.owner}:${key.id}`,
    rowKey: (row) => `${row.owner}:${row.id}`,
  });
  return { read, batches };
}

describe('coalesced reads', () => {
  it('answers the reads asked in one turn, from separate callbacks, with one load, each its own row', async () => {
    const { read, batches } = reader([
      { id: 'a', owner: 'ann' },
      { id: 'a', owner: 'bob' },
    ]);
    // Each read in a callback of its own, as requests read off their sockets in one turn of the loop.
    const inCallback = (key: { id: string; owner: string }) =>
      new Promise((resolve) => setImmediate(() => resolve(read(key))));
    const answers = await Promise.all([
      inCallback({ id: 'a', owner: 'ann' }),
      inCallback({ id: 'a', owner: 'bob' }),
      inCallback({ id: 'b', owner: 'ann' }),
      inCallback({ id: 'a', owner: 'ann' }),
    ]);
    expect(answers).toEqual([
      { id: 'a', owner: 'ann' },
      { id: 'a', owner: 'bob' },
      undefined,
      { id: 'a', owner: 'ann' },
    ]);
    expect(batches).toEqual([['ann:a', 'bob:a', 'ann:b', 'ann:a']]);
  });

  it('reads again what is asked after a load began (nothing is kept)', async () => {
    const rows = [{ id: 'a', owner: 'ann' }];
    const { read, batches } = reader(rows);
    expect(await read({ id: 'a', owner: 'ann' })).toEqual({ id: 'a', owner: 'ann' });
    rows.pop();
    expect(await read({ id: 'a', owner: 'ann' })).toBeUndefined();
    expect(batches).toHaveLength(2);
  });

  it('fails every read of a batch whose load fails', async () => {
    const { read } = reader([], true);
    const answers = await Promise.allSettled([read({ id: 'a', owner: 'ann' }), read({ id: 'b', owner: 'bob' })]);
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
  });
});
