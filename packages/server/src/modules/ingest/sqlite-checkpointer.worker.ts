/**
 * The checkpointer's thread (`sqlite-checkpointer.ts`): checkpoints the SQLite file's write-ahead log on a connection of
 * its own, every `intervalMs`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openSqliteFile } from '../../db/sqlite-file.js';
import type { CheckpointerOptions } from './sqlite-checkpointer.js';

const { file, restartFrames, intervalMs } = workerData as CheckpointerOptions;
const sqlite = openSqliteFile(file);
// A RESTART that waited would hold back every writer meanwhile (SQLite blocks new writers while one is pending): it
// runs only in a gap between the writer's batches, with no reader on an older snapshot, and is tried again otherwise.
sqlite.pragma('busy_timeout = 0');

const checkpoint = (mode: 'PASSIVE' | 'RESTART') =>
  sqlite.pragma(`wal_checkpoint(${mode})`) as { busy: number; log: number; checkpointed: number }[];

function tick() {
  try {
    const [log] = checkpoint('PASSIVE');
    if (log && log.log >= restartFrames) checkpoint('RESTART');
  } catch {
    // Busy (a batch or an older reader): the next tick tries again, and the writer's backstop bounds the log meanwhile.
  }
  setTimeout(tick, intervalMs);
}
tick();
parentPort?.postMessage('ready');
