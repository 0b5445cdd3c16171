import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: any database schema and any transaction of it run the queries.
type QueryRunner = Pick<Kysely<any>, 'executeQuery'>;

/**
 * Reads a query's rows straight from a SQLite connection, without Kysely's connection queue, promise chain and result
 * plugin (measured: a session read 8.8 → 7.4 microseconds, a device's permission check 14 → 12.3); undefined when it
 * cannot (a transaction is open on the connection: a read outside it would run inside it). `renamedRows` names the
 * result columns as the database's result plugin would (`last_used_at` → `lastUsedAt`).
 */
interface DirectReader {
  read(text: string, parameters: readonly unknown[]): Record<string, unknown>[] | undefined;
  renamedRows<Row>(rows: Record<string, unknown>[]): Row[];
}
const directReaders = new WeakMap<object, DirectReader>();

/** Lets reusable queries run on `db` (the root Kysely instance of a SQLite database, not a transaction) by `reader`. */
export function registerDirectReader(db: object, reader: DirectReader) {
  directReaders.set(db, reader);
}

/** Stands for a named argument of a reusable query while it is built. */
const MARKER = '\u0000argument:';

/**
 * The statement name of each prepared query's text, under which PostgreSQL connections keep it prepared. Bounded:
 * each connection keeps every statement it prepared until it closes, so texts past the bound run unprepared.
 */
const statementNames = new Map<string, string>();
const MAX_PREPARED_STATEMENTS = 200;

/** The name to prepare a query's text under on PostgreSQL, when it is a prepared query's; undefined otherwise. */
export const preparedStatementName = (text: string) => statementNames.get(text);

/**
 * Marks a compiled query's text to run as a named prepared statement. Its result columns are fixed when PostgreSQL
 * first plans it, and a `*` would change under a running server when a migration adds a column: it must name them.
 */
function prepare(compiled: CompiledQuery) {
  if (statementNames.has(compiled.sql)) return;
  if (/(select\s+|\.)\*/i.test(compiled.sql)) {
    throw new Error(`A prepared query names its columns instead of selecting *: ${compiled.sql}`);
  }
  if (statementNames.size < MAX_PREPARED_STATEMENTS)
    statementNames.set(compiled.sql, `prepared_${statementNames.size + 1}`);
}

/**
 * Runs a query whose text is one of a few (its values all parameters, lists as arrays: `= any($1)`, `unnest`) as a
 * prepared statement: for the statements every ingest batch runs, which PostgreSQL would otherwise parse and plan
 * each time.
 */
export function runPrepared<Row>(executor: QueryRunner, compiled: CompiledQuery<Row>): Promise<QueryResult<Row>> {
  prepare(compiled);
  return executor.executeQuery(compiled);
}

/**
 * A query built and compiled once, run many times with new arguments: for the calls every request makes (the
 * session, the permission check), where building and compiling the query again cost more than the database's answer.
 * On PostgreSQL each connection also prepares it once, by name, so the server parses and plans it once per connection
 * (measured: a permission check's p95 0.31 → 0.17 ms); it must name its columns (`db/columns.ts`). On SQLite, run on
 * the root database outside a transaction, it reads straight from the connection (`registerDirectReader`). `build`
 * receives `argument(name)`, a stand-in for a value that each run fills in; the query it builds must use the
 * stand-ins as plain values (compared or selected), as bound parameters.
 */
export function reusableQuery<Args extends Record<string, unknown>, Row>(
  build: (argument: <Name extends keyof Args & string>(name: Name) => Args[Name]) => Compilable<Row>,
) {
  const compiled = build((name) => `${MARKER}${name}` as never).compile();
  prepare(compiled);
  const names = compiled.parameters.map((value) =>
    typeof value === 'string' && value.startsWith(MARKER) ? value.slice(MARKER.length) : undefined,
  );
  return async (executor: QueryRunner, args: Args): Promise<Row[]> => {
    const parameters = compiled.parameters.map((value, index) => {
      const name = names[index];
      return name === undefined ? value : args[name];
    });
    const reader = directReaders.get(executor);
    const direct = reader?.read(compiled.sql, parameters);
    if (reader && direct) return reader.renamedRows<Row>(direct);
    const query: CompiledQuery<Row> = { ...compiled, parameters };
    return (await executor.executeQuery(query)).rows;
  };
}
