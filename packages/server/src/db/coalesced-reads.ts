import DataLoader from 'dataloader';

/** The most reads one query answers. */
const MAX_BATCH = 100;

/**
 * Reads by key that arrive in the same turn of the event loop (the requests read off the sockets together) answered
 * by one query. On PostgreSQL each query is a round trip: under load the round trip, not the query, bounded a
 * single-device GET (measured here: a bare route making one trivial prepared query per request reached 40% of the
 * same route without it; with each turn's queries answered together, 80-100%). On SQLite one message to the reader
 * thread carries a turn's reads. Nothing is cached: each read is answered by a query that starts after it was asked.
 * Runs outside transactions only (the query runs on its own connection).
 *
 * `load` answers the rows of the keys asked, in any order; `rowKey` and `keyOf` name a row's key and an asked key
 * alike. A key without a row is answered undefined; when the query fails, every read of its batch fails with it.
 */
export function coalescedReads<Key, Row>(options: {
  load: (keys: readonly Key[]) => Promise<Row[]>;
  keyOf: (key: Key) => string;
  rowKey: (row: Row) => string;
}): (key: Key) => Promise<Row | undefined> {
  const loader = new DataLoader<Key, Row | undefined>(
    async (keys) => {
      const rows = new Map<string, Row>();
      for (const row of await options.load(keys)) rows.set(options.rowKey(row), row);
      return keys.map((key) => rows.get(options.keyOf(key)));
    },
    // DataLoader's own schedule gathers the reads of one chain of promises; the reads of other requests come in
    // callbacks of their own later in the same turn, which `setImmediate` waits for.
    { cache: false, maxBatchSize: MAX_BATCH, batchScheduleFn: (dispatch) => setImmediate(dispatch) },
  );
  return (key) => loader.load(key);
}
