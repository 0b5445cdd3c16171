import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CamelCasePlugin, Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.js';
import type { Database, DatabaseSchema } from './schema.js';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  close(): Promise<void>;
}

// PostgreSQL returns BIGINT (our epoch-millisecond times) as strings; they all fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Opens PostgreSQL when `databaseUrl` is given, else the SQLite file `app.db` in `dataDir`. */
export function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string }): DatabaseHandle {
  const plugins = [new CamelCasePlugin()];
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }), plugins });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SqliteDatabase(join(options.dataDir, 'app.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: sqlite }), plugins });
  return { db, kind: 'sqlite', close: () => db.destroy() };
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
