/**
 * The reader's thread (`sqlite-reader.ts`): runs the read statements it is sent on a connection of its own to the
 * SQLite file, each kept prepared by its text, and answers their rows as arrays with the names of their columns.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';
import { openSqliteFile } from './sqlite-file.js';
import type { ReaderCall, ReaderResult } from './sqlite-reader.js';
import { replyTo } from './thread-calls.js';

const sqlite = openSqliteFile((workerData as { file: string }).file);
// Reads only: a statement that wrote here would bypass Kysely's connection, which orders the server's writes.
sqlite.pragma('query_only = ON');

/** Each statement with the names of its columns as last read (a migration that changes a table changes them). */
const statements = new Map<string, { statement: SqliteDatabase.Statement; columns: string[] }>();
const STATEMENT_CACHE_SIZE = 200;

function prepared(text: string) {
  let entry = statements.get(text);
  if (entry) statements.delete(text);
  else entry = { statement: sqlite.prepare(text).raw(true), columns: [] };
  statements.set(text, entry);
  const oldest = statements.keys().next().value;
  if (statements.size > STATEMENT_CACHE_SIZE && oldest !== undefined) statements.delete(oldest);
  return entry;
}

function read({ text, parameters }: ReaderCall): ReaderResult {
  const entry = prepared(text);
  const rows = entry.statement.all(parameters) as unknown[][];
  if (rows[0] && rows[0].length !== entry.columns.length) {
    entry.columns = entry.statement.columns().map((column) => column.name);
  }
  return { columns: entry.columns, rows };
}

parentPort?.on('message', async (call: ReaderCall & { id: number }) => {
  parentPort?.postMessage(await replyTo(call.id, () => read(call)));
});
parentPort?.postMessage('ready');
