import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, type PostgresPool, type PostgresPoolClient, SqliteDialect } from 'kysely';
import pg from 'pg';
import { CamelCase } from './camel-case.js';
import { migrations } from './migrations/index.js';
import { preparedStatementName, registerDirectReader } from './reusable-query.js';
import type { Database, DatabaseSchema } from './schema.js';
import { openSqliteFile } from './sqlite-file.js';
import { startSqliteReader } from './sqlite-reader.js';
import { rowBuildingStatement, statementsByText } from './sqlite-rows.js';

export type { BusinessesTable, Database } from './schema.js';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /**
   * Brings the query planner's statistics up to date where they are stale. Lists filter on the business path and sort
   * by another column: without statistics the planner reads a whole tenant's rows and sorts them instead of walking
   * the sort order's index. PostgreSQL's autovacuum keeps its own; SQLite needs `PRAGMA optimize` now and then.
   */
  refreshStatistics(): Promise<void>;
  /**
   * The server's SQLite connection (the ingest writer opens its file on a thread of its own); null on PostgreSQL.
   * Use it only while holding Kysely's connection.
   */
  sqlite: SqliteDatabase.Database | null;
  /**
   * Starts SQLite's reader thread (`sqlite-reader.ts`) and resolves once it reads; otherwise the first read meant for
   * it starts it, and such reads run on the main thread until it is up. At once on PostgreSQL.
   */
  startReader(): Promise<void>;
  close(): Promise<void>;
}

/** How often SQLite's statistics are refreshed while the server runs (SQLite's advice: every few hours at most). */
const SQLITE_OPTIMIZE_EVERY_MS = 60 * 60 * 1000;

// PostgreSQL returns BIGINT (our epoch-millisecond times) as strings; they all fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Opens PostgreSQL when `databaseUrl` is given, else the SQLite file `app.db` in `dataDir`. */
export function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string }): DatabaseHandle {
  const camelCase = new CamelCase();
  const plugins = [camelCase];
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server closes (a restart, an administrator) is dropped by the pool and replaced on the
    // next query; unhandled, its error would end the process.
    pool.on('error', (error) => console.error(`PostgreSQL closed an idle connection: ${error.message}`));
    const db = new Kysely<DatabaseSchema>({
      dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }),
      plugins,
    });
    return {
      db,
      kind: 'postgres',
      refreshStatistics: async () => {},
      sqlite: null,
      startReader: async () => {},
      close: () => db.destroy(),
    };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const sqlite = openSqliteFile(join(options.dataDir, 'app.db'));
  const statements = withStatementCache(sqlite);
  const reader = startSqliteReader(sqlite.name, (error) => console.error(error.message));
  const db = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: statements }), plugins });
  registerDirectReader(db, {
    read(text, parameters) {
      if (sqlite.inTransaction) return undefined;
      const statement = statements.prepare(text);
      return statement.reader ? (statement.all(parameters) as Record<string, unknown>[]) : undefined;
    },
    readOffThread: reader.read,
    finishOffThread: reader.finish,
    renamedRows: camelCase.renamedRows,
  });
  // 0x10002: look at every table, and analyze those never analyzed or grown much since.
  // On Kysely's connection: the ingest writer holds it while it writes, and SQLite's lock would block the thread.
  const refreshStatistics = () => db.connection().execute(async () => void sqlite.pragma('optimize=0x10002'));
  const timer = setInterval(() => void refreshStatistics(), SQLITE_OPTIMIZE_EVERY_MS);
  timer.unref();
  return {
    db,
    kind: 'sqlite',
    refreshStatistics,
    sqlite,
    startReader: reader.started,
    close: async () => {
      clearInterval(timer);
      await reader.close();
      await db.destroy();
    },
  };
}

/**
 * The pool as Kysely's PostgreSQL dialect sees it, with the prepared queries (`reusableQuery` and `runPrepared` of
 * `db/reusable-query.ts`) run as named statements: each connection parses and plans them once (pg remembers which
 * names a connection has prepared). Every other query runs as it comes.
 */
function withPreparedStatements(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrapped.get(client);
      if (!wrapper) {
        const query = (...args: [unknown, unknown?]) => {
          const [text, values] = args;
          const name = typeof text === 'string' ? preparedStatementName(text) : undefined;
          if (name) return client.query({ name, text: text as string, values: values as unknown[] });
          // biome-ignore lint/suspicious/noExplicitAny: pg's overloads (text and values, or a cursor), as Kysely calls them.
          return (client.query as any)(...args);
        };
        wrapper = { query: query as PostgresPoolClient['query'], release: () => client.release() };
        wrapped.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

/** How many prepared statements SQLite keeps for reuse; the app has a few hundred distinct queries. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * The database as Kysely's SQLite dialect sees it, with prepared statements kept by their text (`statementsByText`):
 * the dialect prepares every query it runs. Rows are built from arrays (`rowBuildingStatement`).
 */
function withStatementCache(sqlite: SqliteDatabase.Database) {
  return {
    close: () => void sqlite.close(),
    prepare: statementsByText((text) => rowBuildingStatement(sqlite.prepare(text)), STATEMENT_CACHE_SIZE),
  };
}

export async function migrateToLatest(db: Database): Promise<void> {
  const migrator = new Migrator({
    // Migrations name their columns in snake_case themselves.
    db: db.withoutPlugins(),
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
