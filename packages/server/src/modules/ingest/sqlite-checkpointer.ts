import { startTsWorker } from '../../db/ts-worker.js';

export interface CheckpointerOptions {
  file: string;
  /** A WAL of this many frames (4 KB pages) is checkpointed and started over from its beginning. */
  restartFrames: number;
  intervalMs: number;
}

/** 32 MB: below the 10,000 pages at which the server's own connection would checkpoint at one of its commits. */
export const RESTART_FRAMES = 8_000;

/**
 * The ingest writer's connection checkpoints only past this many frames (200 MB): a backstop for a checkpointer that
 * falls behind or fails, which the WAL never reaches while it works.
 */
export const WRITER_CHECKPOINT_FRAMES = 50_000;

/**
 * A thread of its own that copies the SQLite file's write-ahead log back into the database, so that the ingest writer
 * never does. A checkpoint run by the writer's commit (SQLite's automatic one, every 10,000 pages) held that commit
 * for 40-130 ms every half second under `bench:ingest`'s steady traffic, and every uplink arriving meanwhile waited.
 * Every `intervalMs` this thread copies what is in the log without waiting for anyone (PASSIVE); past `restartFrames`
 * it also makes the log start over (RESTART) when it finds a gap between the writer's batches, which costs the writer
 * little, the pages being mostly copied already.
 */
export function startSqliteCheckpointer({
  file,
  restartFrames = RESTART_FRAMES,
  intervalMs = 50,
}: Pick<CheckpointerOptions, 'file'> & Partial<CheckpointerOptions>) {
  const thread = startTsWorker(new URL('./sqlite-checkpointer.worker.ts', import.meta.url), {
    file,
    restartFrames,
    intervalMs,
  } satisfies CheckpointerOptions);
  // A checkpointer that cannot start leaves the checkpoints to the connections' own (`WRITER_CHECKPOINT_FRAMES`).
  const ready = new Promise<boolean>((resolve) => {
    thread.once('message', () => resolve(true));
    thread.once('error', () => resolve(false));
    thread.once('exit', () => resolve(false));
  });
  thread.on('error', () => {});
  thread.unref();
  return {
    /** Whether the thread is checkpointing, once it knows (its modules load in about a second). */
    ready,
    close: () => thread.terminate(),
  };
}
