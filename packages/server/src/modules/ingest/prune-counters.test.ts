import { describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds } from '../../testing/test-database.js';
import { insertTracker } from '../../testing/tracker.js';
import { createIngestRepo } from './repo.js';

describe.each(databaseKinds())('forgetting uplink counters on %s', (kind) => {
  it('forgets every counter older than the window and keeps the newer ones', async () => {
    const database = await createTestDatabase(kind);
    try {
      const { db } = database.handle;
      const device = await insertTracker(db);
      const old = 3_000;
      const rows = Array.from({ length: old + 5 }, (_, counter) => ({
        deviceKey: device.key,
        counter,
        receivedAt: counter < old ? 1_000 : 5_000,
        digest: null,
      }));
      for (let start = 0; start < rows.length; start += 1_000) {
        await db
          .insertInto('uplinkCounters')
          .values(rows.slice(start, start + 1_000))
          .execute();
      }

      await createIngestRepo(db).pruneCounters(2_000);

      const left = await db.selectFrom('uplinkCounters').select('counter').orderBy('counter').execute();
      expect(left.map((row) => Number(row.counter))).toEqual([old, old + 1, old + 2, old + 3, old + 4]);
    } finally {
      await database.drop();
    }
  });
});
