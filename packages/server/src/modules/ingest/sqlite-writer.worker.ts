/**
 * The ingest writer's thread: stores batches of uplinks on a connection of its own to the SQLite file, one at a time
 * in the order they come.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openSqliteFile } from '../../db/sqlite-file.js';
import { replyTo } from '../../db/thread-calls.js';
import { storeBatch } from './batch.js';
import { WRITER_CHECKPOINT_FRAMES } from './sqlite-checkpointer.js';
import { sqliteOps } from './sqlite-ops.js';
import type { WriterCall } from './sqlite-writer.js';

const sqlite = openSqliteFile((workerData as { file: string }).file);
// The checkpointer's thread checkpoints the log (`sqlite-checkpointer.ts`); this connection only past a backstop.
sqlite.pragma(`wal_autocheckpoint = ${WRITER_CHECKPOINT_FRAMES}`);
const ops = sqliteOps(sqlite, { keepDevices: true });

const answer = (call: WriterCall) => ops.inTransaction(() => storeBatch(ops, call.uplinks, call.at, call.typeRules));

let previous: Promise<void> = Promise.resolve();
parentPort?.on('message', (call: WriterCall & { id: number }) => {
  previous = previous.then(async () => parentPort?.postMessage(await replyTo(call.id, () => answer(call))));
});
