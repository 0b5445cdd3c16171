import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../testing/test-database.js';
import { packedColumns } from './packed-columns.js';

interface Sample {
  label: string;
  count: number | null;
  note: string | null;
}

const SAMPLES: Sample[] = [
  { label: 'say "hi"\\ \n\t ação 🌊 \u0001', count: 9_007_199_254_740_991, note: '{"battery":{"value":50}}' },
  { label: '', count: -7, note: null },
  { label: 'NULL', count: null, note: '' },
];

describe.each(databaseKinds())('columns packed into one JSON array per row on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const { db } = database.handle;
    await sql`create table packed_samples (position integer, label text not null, count bigint, note text)`.execute(db);
    for (const [position, sample] of SAMPLES.entries()) {
      await sql`insert into packed_samples (position, label, count, note)
        values (${position}, ${sample.label}, ${sample.count}, ${sample.note})`.execute(db);
    }
  });
  afterAll(() => database.drop());

  it('reads back every text, integer and null as stored, with the extra columns of the row', async () => {
    const { db } = database.handle;
    const packed = packedColumns<Sample, keyof Sample, 'position'>(
      'packed_samples',
      ['label', 'count', 'note'],
      ['position'],
    );
    const { rows } = await sql<{ packed: string; position: number }>`
      select ${packed.selection(kind === 'postgres')}, position from packed_samples order by position`.execute(db);
    expect(rows.map(packed.unpack)).toEqual(SAMPLES.map((sample, position) => ({ ...sample, position })));
  });
});
