/**
 * The reader's thread (`sqlite-reader.ts`): runs the read statements it is sent on a connection of its own to the
 * SQLite file, each kept prepared by its text, and answers their rows as arrays with the names of their columns, or,
 * for a call that names a finisher (`RowsFinisher`), what the finisher makes of the rows, named as Kysely names them.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';
import { CamelCase } from './camel-case.js';
import type { RowsFinisher } from './reusable-query.js';
import { openSqliteFile } from './sqlite-file.js';
import type { ReaderCall, ReaderResult } from './sqlite-reader.js';
import { arrayRows, rowBuilder, statementsByText } from './sqlite-rows.js';
import { replyTo } from './thread-calls.js';

const { file, finishedCalls } = workerData as { file: string; finishedCalls: Int32Array };
const sqlite = openSqliteFile(file);
// Reads only: a statement that wrote here would bypass Kysely's connection, which orders the server's writes.
sqlite.pragma('query_only = ON');

/** The statements it has run, kept prepared (a few: the reads marked for it). */
const prepared = statementsByText((text) => arrayRows(sqlite.prepare(text)), 200);
const read = ({ text, parameters }: ReaderCall): ReaderResult => prepared(text).all(parameters);

const camelCase = new CamelCase();
/** Row builders by their columns, naming them in camel case: a few queries are finished here. */
const builders = statementsByText((columns) => rowBuilder(columns.split('\u0000').map(camelCase.columnName)), 100);
/** The finishers' modules, each loaded once (the server's TypeScript, through tsx as this thread itself is). */
const modules = new Map<string, Promise<Record<string, unknown>>>();

async function finished({ module, name, args }: NonNullable<ReaderCall['finish']>, { columns, rows }: ReaderResult) {
  let loaded = modules.get(module);
  if (!loaded) {
    loaded = tsImport(module, import.meta.url) as Promise<Record<string, unknown>>;
    modules.set(module, loaded);
  }
  const finisher = (await loaded)[name] as RowsFinisher<Record<string, unknown>, unknown, unknown> | undefined;
  if (!finisher) throw new Error(`${module} exports no finisher ${name}`);
  const build = builders(columns.join('\u0000'));
  return finisher.finish(
    rows.map((row) => build(row)),
    args,
  );
}

parentPort?.on('message', async (call: ReaderCall & { id: number }) => {
  const reply = await replyTo(call.id, () => (call.finish ? finished(call.finish, read(call)) : read(call)));
  Atomics.add(finishedCalls, 0, 1);
  parentPort?.postMessage(reply);
});
parentPort?.postMessage('ready');
