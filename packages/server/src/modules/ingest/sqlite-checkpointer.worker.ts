/**
 * The checkpointer's thread (`sqlite-checkpointer.ts`): checkpoints the SQLite file's write-ahead log on a connection of
 * its own, every `intervalMs`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openSqliteFile } from '../../db/sqlite-file.js';
import type { CheckpointerOptions } from './sqlite-checkpointer.js';

const { file, restartFrames, intervalMs } = workerData as CheckpointerOptions;
const sqlite = openSqliteFile(file);

const checkpoint = (mode: 'PASSIVE' | 'RESTART') =>
  sqlite.pragma(`wal_checkpoint(${mode})`) as { busy: number; log: number; checkpointed: number }[];

function tick() {
  try {
    const [log] = checkpoint('PASSIVE');
    if (log && log.log >= restartFrames) checkpoint('RESTART');
  } catch {
    // Busy past the connection's timeout: the next tick tries again, and the writer's backstop bounds the log meanwhile.
  }
  setTimeout(tick, intervalMs);
}
tick();
parentPort?.postMessage('ready');
