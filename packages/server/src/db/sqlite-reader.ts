import type { Finishing } from './reusable-query.js';
import { rowBuilder } from './sqlite-rows.js';
import { threadCalls } from './thread-calls.js';
import { startTsWorker } from './ts-worker.js';

/** What the main thread asks the reader: a read statement's rows, or what `finish` makes of them. */
export interface ReaderCall {
  text: string;
  parameters: readonly unknown[];
  finish?: Finishing;
}
/** The rows as arrays, with the names of their columns. */
export interface ReaderResult {
  columns: string[];
  rows: unknown[][];
}

/**
 * How many reads the thread may have to do; past it, the next is read on the main thread instead, so that both threads
 * read when the reader falls behind (a long count, or the thread not scheduled for a while). Measured with 4
 * connections asking for pages as fast as answered, in a slow hour of this machine: 1,030-1,180 pages a second with
 * it, 800-815 without. Counted as the thread finishes them, not as their answers reach the main thread: counted by
 * answers, a main thread busy for a moment left answers unread, took the reads that came meanwhile as the reader's
 * backlog and read them itself, which kept it busier still (measured at 1,000 pages a second: the reader idle 89% of
 * the time while the main thread read every page, 730 pages a second answered, p99 1.9 s).
 */
const MAX_WAITING = 4;

/** Row builders kept by their columns, at most: a query's columns are fixed, and the reader runs a few queries. */
const MAX_BUILDERS = 100;

/**
 * A thread with a connection of its own to the SQLite file, for the reads that take longest (a page of a listing, a
 * count of a large fleet): better-sqlite3 runs a statement on the thread that calls it, so these would otherwise hold
 * the main thread, and every request behind them, while SQLite reads. Measured on the page of `npm run bench:devices`
 * (50 of 100,000 devices): one server answered 1,860-1,920 pages a second instead of 1,360, and at 1,000 a second the
 * main thread's event loop was late by 6 ms at p99 instead of 54. Each statement reads what is committed when it starts
 * (WAL), as the main connection does outside a transaction. Started on first use. `read` answers undefined, and the
 * caller reads on the main thread, until its modules are loaded (about a second), while `MAX_WAITING` reads wait for
 * it, and once it is closed or stopped; `onStopped` hears of a thread that stopped by itself.
 */
export function startSqliteReader(file: string, onStopped: (error: Error) => void = () => {}) {
  let reader: { calls: ReturnType<typeof threadCalls>; reading: Promise<void>; terminate(): Promise<number> } | null =
    null;
  let ready = false;
  /** Closed, or the thread stopped: it is not started again, and reads stay on the main thread. */
  let stopped = false;
  const builders = new Map<string, ReturnType<typeof rowBuilder>>();
  // How many calls were sent, and how many the thread has finished (it counts them in shared memory as it answers),
  // each wrapping around as 32-bit integers.
  let sent = 0;
  const finishedCalls = new Int32Array(new SharedArrayBuffer(4));

  function start() {
    const thread = startTsWorker(new URL('./sqlite-reader.worker.ts', import.meta.url), { file, finishedCalls });
    const reading = new Promise<void>((resolve, reject) => {
      // Its first message says it reads; no call is sent before.
      thread.once('message', () => resolve());
      thread.once('exit', (code) => reject(new Error(`the SQLite reader stopped (exit code ${code})`)));
    });
    reading.then(
      () => {
        ready = !stopped;
      },
      () => {},
    );
    thread.on('exit', (code) => {
      ready = false;
      if (!stopped) onStopped(new Error(`the SQLite reader stopped (exit code ${code}); reads go to the main thread`));
      stopped = true;
    });
    return { calls: threadCalls(thread, 'the SQLite reader'), reading, terminate: () => thread.terminate() };
  }

  function built({ columns, rows }: ReaderResult) {
    const key = columns.join('\u0000');
    let build = builders.get(key);
    if (!build) {
      build = rowBuilder(columns);
      if (builders.size < MAX_BUILDERS) builders.set(key, build);
    }
    return rows.map((row) => (build as ReturnType<typeof rowBuilder>)(row));
  }

  /** Sends a call to the reader; undefined while it is not there to take it. */
  function call(readerCall: ReaderCall): Promise<unknown> | undefined {
    if (stopped) return undefined;
    reader ??= start();
    if (!ready || ((sent - Atomics.load(finishedCalls, 0)) | 0) >= MAX_WAITING) return undefined;
    sent = (sent + 1) | 0;
    return reader.calls.call(readerCall);
  }

  return {
    /** The rows of a read statement, read on the reader's thread; undefined while it is not there to read them. */
    read(text: string, parameters: readonly unknown[]): Promise<Record<string, unknown>[]> | undefined {
      return call({ text, parameters })?.then((result) => built(result as ReaderResult));
    },
    /** What `finish` makes of a read statement's rows (named as Kysely names them), on the reader's thread. */
    finish(text: string, parameters: readonly unknown[], finish: Finishing): Promise<unknown> | undefined {
      return call({ text, parameters, finish });
    },
    /** Starts the thread, and answers once it reads (for tests, which would otherwise read on the main thread). */
    started(): Promise<void> {
      reader ??= start();
      return reader.reading;
    },
    async close() {
      stopped = true;
      ready = false;
      await reader?.terminate();
    },
  };
}
