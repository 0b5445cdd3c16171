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
  /** The same on a thread of its own (`sqlite-reader.ts`); undefined when it cannot. */
  readOffThread(text: string, parameters: readonly unknown[]): Promise<Record<string, unknown>[]> | undefined;
  /** The rows, renamed, made into `finishing`'s result on that thread; undefined when it cannot. */
  finishOffThread(text: string, parameters: readonly unknown[], finishing: Finishing): Promise<unknown> | undefined;
  renamedRows<Row>(rows: Record<string, unknown>[]): Row[];
}
const directReaders = new WeakMap<object, DirectReader>();

/**
 * What a read's rows are made into where they are read: on SQLite's reader thread, so that the main thread receives
 * the result (a page of devices presented and written as JSON) instead of doing that work itself. The thread loads
 * the function from its module, where it is exported under `name` as this object: `module` is that module's URL.
 */
export interface RowsFinisher<Row, Args, Result> {
  module: string;
  name: string;
  finish(rows: Row[], args: Args): Result;
}
/** A finisher named for a thread that loads it, with its arguments (plain data, copied to the thread). */
export interface Finishing {
  module: string;
  name: string;
  args: unknown;
}

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
  { offThread = false }: ReadOptions = {},
) {
  const compiled = build((name) => `${MARKER}${name}` as never).compile();
  prepare(compiled);
  const names = compiled.parameters.map((value) =>
    typeof value === 'string' && value.startsWith(MARKER) ? value.slice(MARKER.length) : undefined,
  );
  const withArgs = (args: Args): CompiledQuery<Row> => ({
    ...compiled,
    parameters: compiled.parameters.map((value, index) => {
      const name = names[index];
      return name === undefined ? value : args[name];
    }),
  });
  const run = async (executor: QueryRunner, args: Args): Promise<Row[]> => {
    const query = withArgs(args);
    return offThread ? readOffThread(executor, query) : readHere(executor, query);
  };
  return Object.assign(run, {
    /** The rows made into `finisher`'s result where they are read: on SQLite's reader thread when it can. */
    finished: <FinishArgs, Result>(
      executor: QueryRunner,
      args: Args,
      finisher: RowsFinisher<Row, FinishArgs, Result>,
      finishArgs: FinishArgs,
    ): Promise<Result> => finishedOffThread(executor, withArgs(args), finisher, finishArgs),
  });
}

/** Runs a read on this thread: straight from SQLite's connection where it can (`registerDirectReader`), else by Kysely. */
async function readHere<Row>(executor: QueryRunner, query: CompiledQuery<Row>): Promise<Row[]> {
  const reader = directReaders.get(executor);
  const direct = reader?.read(query.sql, query.parameters);
  if (reader && direct) return reader.renamedRows<Row>(direct);
  return (await executor.executeQuery(query)).rows;
}

/**
 * Runs a read on the reader's thread (`sqlite-reader.ts`) where there is one (SQLite, on the root database, once the
 * thread is up and not behind), else here (`readHere`): for reads that hold a thread for long (counting a tenant's
 * 100,000 devices took SQLite 40-70 ms, a year of a device's readings up to a second), which would hold every other
 * request with them on the main thread. A read left here while the reader is behind no longer goes through Kysely's
 * connection queue and result plugin (in a profile where the main thread read pages itself, 23% of its busy time was
 * inside Kysely's connection provider).
 */
export async function readOffThread<Row>(executor: QueryRunner, query: CompiledQuery<Row>): Promise<Row[]> {
  const reader = directReaders.get(executor);
  const elsewhere = reader?.readOffThread(query.sql, query.parameters);
  if (reader && elsewhere) return reader.renamedRows<Row>(await elsewhere);
  return readHere(executor, query);
}

/**
 * A read's rows made into `finisher`'s result on the reader's thread where there is one (as `readOffThread` reads), so
 * that the work of making it leaves the main thread too; else read and finished here (the reader, had it been able to
 * read them, would have finished them too).
 */
async function finishedOffThread<Row, FinishArgs, Result>(
  executor: QueryRunner,
  query: CompiledQuery<Row>,
  finisher: RowsFinisher<Row, FinishArgs, Result>,
  args: FinishArgs,
): Promise<Result> {
  const { module, name } = finisher;
  const elsewhere = directReaders.get(executor)?.finishOffThread(query.sql, query.parameters, { module, name, args });
  if (elsewhere) return (await elsewhere) as Result;
  return finisher.finish(await readHere(executor, query), args);
}

export interface ReadOptions {
  /**
   * On SQLite, read on the reader's thread (`sqlite-reader.ts`) rather than the main thread: for reads that take long
   * enough (hundreds of microseconds, a page of a listing) to be worth the message to and from it (tens).
   */
  offThread?: boolean;
}

/** How many shapes of one `queryPerShape` are kept built; past it, a new shape is built for each run. */
const MAX_SHAPES = 100;

/**
 * `args` with each string and number leaf replaced by a stand-in named by its path (`conditions.deviceTypes.0`),
 * whose value goes to `values`, except the leaves under a `structural` key, kept as they are.
 */
function withStandIns(
  value: unknown,
  path: string,
  values: Record<string, unknown>,
  structural: ReadonlySet<string>,
): unknown {
  if (typeof value === 'string' || typeof value === 'number') {
    values[path] = value;
    return `${MARKER}${path}`;
  }
  const at = (key: string | number) => (path ? `${path}.${key}` : String(key));
  if (Array.isArray(value)) return value.map((item, index) => withStandIns(item, at(index), values, structural));
  if (value === null || typeof value !== 'object') return value;
  const replaced: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    replaced[key] = structural.has(key) ? item : withStandIns(item, at(key), values, structural);
  }
  return replaced;
}

/**
 * A query whose text depends on the shape of its arguments (which filters a request sets, how many entries a caller
 * holds) and whose values change on every run: built and compiled once per shape, then run as a `reusableQuery`, for
 * the listings read many times a second (measured: building and compiling a page of devices took a seventh of the
 * request's time). The shape is what is left of `args` without its string and number leaves: keys, array lengths,
 * booleans, nulls, and the leaves under the `structural` keys, those the text is written with (an operator, a sort
 * order, a limit written as a literal). `build` receives `args` with stand-ins for all other leaves, which it may
 * only bind (compare, select): one computed on, or branched on, would not be in the shape. A stand-in computed on
 * (`${value}%`) is caught the first time the shape is built.
 */
export function queryPerShape<Args extends object, Row>(
  build: (args: Args) => Compilable<Row>,
  structural: readonly string[] = [],
  options: ReadOptions = {},
) {
  const structuralKeys = new Set(structural);
  const queries = new Map<string, ReturnType<typeof reusableQuery<Record<string, unknown>, Row>>>();
  const forShape = (args: Args) => {
    const values: Record<string, unknown> = {};
    const standIns = withStandIns(args, '', values, structuralKeys) as Args;
    const shape = JSON.stringify(standIns);
    let query = queries.get(shape);
    if (!query) {
      const compilable = build(standIns);
      const computed = compilable
        .compile()
        .parameters.filter(
          (parameter) =>
            typeof parameter === 'string' &&
            parameter.includes(MARKER) &&
            !(parameter.startsWith(MARKER) && parameter.slice(MARKER.length) in values),
        );
      if (computed.length > 0) {
        throw new Error(`A query per shape computed on its stand-ins: ${computed.join(', ').replaceAll(MARKER, '')}`);
      }
      query = reusableQuery<Record<string, unknown>, Row>(() => compilable, options);
      if (queries.size < MAX_SHAPES) queries.set(shape, query);
    }
    return { query, values };
  };
  const run = async (executor: QueryRunner, args: Args): Promise<Row[]> => {
    const { query, values } = forShape(args);
    return query(executor, values);
  };
  return Object.assign(run, {
    /** The rows made into `finisher`'s result where they are read (`reusableQuery`'s `finished`). */
    async finished<FinishArgs, Result>(
      executor: QueryRunner,
      args: Args,
      finisher: RowsFinisher<Row, FinishArgs, Result>,
      finishArgs: FinishArgs,
    ): Promise<Result> {
      const { query, values } = forShape(args);
      return query.finished(executor, values, finisher, finishArgs);
    },
  });
}
