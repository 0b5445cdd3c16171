import type { Worker } from 'node:worker_threads';
import { threadCalls } from '../../db/thread-calls.js';
import { startTsWorker } from '../../db/ts-worker.js';
import type { TypeRules } from './alarm-conditions.js';
import type { InboundUplink, StoredBatch } from './batch.js';
import { startSqliteCheckpointer } from './sqlite-checkpointer.js';

/** What the main thread asks the writer. */
export interface WriterCall {
  uplinks: InboundUplink[];
  at: number;
  typeRules: TypeRules;
}

/**
 * The ingest writer: a worker thread with a connection of its own to the SQLite file, which stores whole batches of
 * uplinks (decoding included). better-sqlite3 runs a statement on the thread that calls it, so storing batches on the
 * server's own connection kept the main thread from the broker and the routes for as long as SQLite wrote: measured
 * under `npm run bench:ingest`, half the main thread's time, while the second core was mostly idle. Now the main
 * thread takes in the next batch's messages while the writer stores one. The caller holds Kysely's connection for each
 * call (`store.ts`), so that the server's own writes wait for a batch as they would on one connection, rather than for
 * SQLite's lock, which would block the main thread. Started at once: loading its modules takes about a second (more
 * under load), which the first uplinks waited for when it started on first use (`bench:ingest` measured HTTP calls of
 * one message at half their rate, with a p99 of 1.2-1.5 s, when they were the first to arrive). Beside it runs the
 * checkpointer (`sqlite-checkpointer.ts`), so that the writer's commits never copy the log back. `close` ends both.
 */
export function createSqliteWriter(file: string) {
  let writer: { thread: Worker; calls: ReturnType<typeof threadCalls> } | null = null;
  let closed = false;

  function started() {
    if (writer) return writer;
    if (closed) throw new Error('the ingest writer is closed');
    const thread = startTsWorker(new URL('./sqlite-writer.worker.ts', import.meta.url), { file });
    const running = { thread, calls: threadCalls(thread, 'the ingest writer') };
    thread.on('exit', () => {
      if (writer === running) writer = null;
    });
    writer = running;
    return running;
  }

  started();
  const checkpointer = startSqliteCheckpointer({ file });
  return {
    /** Stores a batch in one transaction of the writer (`storeBatch`). */
    storeBatch: async (uplinks: InboundUplink[], at: number, typeRules: TypeRules) =>
      (await started().calls.call({ uplinks, at, typeRules } satisfies WriterCall)) as StoredBatch,
    async close() {
      closed = true;
      const running = writer;
      writer = null;
      await running?.thread.terminate();
      await checkpointer.close();
    },
  };
}
