/**
 * The reader's thread (`sqlite-reader.ts`): runs the read statements it is sent on a connection of its own to the
 * SQLite file, each kept prepared by its text, and answers their rows as arrays with the names of their columns.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openSqliteFile } from './sqlite-file.js';
import type { ReaderCall, ReaderResult } from './sqlite-reader.js';
import { arrayRows, statementsByText } from './sqlite-rows.js';
import { replyTo } from './thread-calls.js';

const sqlite = openSqliteFile((workerData as { file: string }).file);
// Reads only: a statement that wrote here would bypass Kysely's connection, which orders the server's writes.
sqlite.pragma('query_only = ON');

/** The statements it has run, kept prepared (a few: the reads marked for it). */
const prepared = statementsByText((text) => arrayRows(sqlite.prepare(text)), 200);
const read = ({ text, parameters }: ReaderCall): ReaderResult => prepared(text).all(parameters);

parentPort?.on('message', async (call: ReaderCall & { id: number }) => {
  parentPort?.postMessage(await replyTo(call.id, () => read(call)));
});
parentPort?.postMessage('ready');
