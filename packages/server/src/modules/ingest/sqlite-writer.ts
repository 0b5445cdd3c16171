import type { Worker } from 'node:worker_threads';
import type { TypeRules } from './alarm-conditions.js';
import type { InboundUplink, StoredBatch } from './batch.js';
import { startSqliteCheckpointer } from './sqlite-checkpointer.js';
import { startTsWorker } from './ts-worker.js';

/** What the main thread asks the writer. */
export interface WriterCall {
  id: number;
  uplinks: InboundUplink[];
  at: number;
  typeRules: TypeRules;
}
export interface WriterReply {
  id: number;
  result?: unknown;
  error?: { message: string; code: string | undefined; stack: string | undefined };
}

/** A failure in the writer, as raised there: SQLite's code when SQLite failed (`SQLITE_BUSY`), and where. */
class WriterError extends Error {
  readonly code: string | undefined;
  constructor({ message, code, stack }: NonNullable<WriterReply['error']>) {
    super(message);
    this.code = code;
    if (stack) this.stack = stack;
  }
}

interface Waiting {
  resolve(result: unknown): void;
  reject(error: unknown): void;
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
  let worker: Worker | null = null;
  let closed = false;
  let nextId = 1;
  const waiting = new Map<number, Waiting>();

  function failAll(error: unknown) {
    for (const call of waiting.values()) call.reject(error);
    waiting.clear();
  }

  function started(): Worker {
    if (worker) return worker;
    if (closed) throw new Error('the ingest writer is closed');
    const thread = startTsWorker(new URL('./sqlite-writer.worker.ts', import.meta.url), { file });
    thread.on('message', ({ id, result, error }: WriterReply) => {
      const call = waiting.get(id);
      if (!call) return;
      waiting.delete(id);
      if (waiting.size === 0) thread.unref();
      if (error) call.reject(new WriterError(error));
      else call.resolve(result);
    });
    thread.on('error', (error) => failAll(error));
    thread.on('exit', (code) => {
      if (worker === thread) worker = null;
      failAll(new Error(`the ingest writer stopped (exit code ${code})`));
    });
    thread.unref();
    worker = thread;
    return thread;
  }

  function call(request: Omit<WriterCall, 'id'>): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const thread = started();
      const id = nextId++;
      if (waiting.size === 0) thread.ref();
      waiting.set(id, { resolve, reject });
      thread.postMessage({ id, ...request } satisfies WriterCall);
    });
  }

  started();
  const checkpointer = startSqliteCheckpointer({ file });
  return {
    /** Stores a batch in one transaction of the writer (`storeBatch`). */
    storeBatch: (uplinks: InboundUplink[], at: number, typeRules: TypeRules) =>
      call({ uplinks, at, typeRules }) as Promise<StoredBatch>,
    async close() {
      closed = true;
      const thread = worker;
      worker = null;
      if (thread) await thread.terminate();
      await checkpointer.close();
    },
  };
}
