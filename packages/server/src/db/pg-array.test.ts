import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../testing/test-database.js';
import { pgArray } from './pg-array.js';

describe('a PostgreSQL array literal', () => {
  it('writes numbers and booleans bare, texts quoted, nulls as NULL', () => {
    expect(pgArray([1, -2, 1.5, 1_763_900_000_000, null])).toBe('{1,-2,1.5,1763900000000,NULL}');
    expect(pgArray([true, false, null])).toBe('{t,f,NULL}');
    expect(pgArray(['battery', 'say "hi"', 'a\\b', ''])).toBe('{"battery","say \\"hi\\"","a\\\\b",""}');
    expect(pgArray([])).toBe('{}');
  });

  it('refuses what no numeric column holds', () => {
    expect(() => pgArray([Number.NaN])).toThrow();
    expect(() => pgArray([Number.POSITIVE_INFINITY])).toThrow();
  });
});

describe.runIf(databaseKinds().includes('postgres'))('a PostgreSQL array literal read by PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(() => database.drop());

  it('reads back as the values written, whatever the texts hold', async () => {
    const texts = ['{"battery":50}', 'a,b', '{x}', ' spaced ', 'NULL', 'back\\slash "quote"', 'ação', '', null];
    const numbers = [0, 42, -7, 9_007_199_254_740_991, null];
    const { rows } = await sql<{ texts: (string | null)[]; numbers: (string | null)[]; flags: boolean[] }>`
      select ${pgArray(texts)}::text[] as texts, ${pgArray(numbers)}::bigint[]::text[] as numbers,
        ${pgArray([true, false])}::boolean[] as flags`.execute(database.handle.db);
    expect(rows[0]).toEqual({
      texts,
      numbers: ['0', '42', '-7', '9007199254740991', null],
      flags: [true, false],
    });
  });
});
