import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, type DatabaseKind, migrateToLatest, openDatabase } from '../db/database.js';

/** The databases every API test file runs against: SQLite always, PostgreSQL when reachable. */
export function databaseKinds(): DatabaseKind[] {
  return inject('postgresUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestDatabase {
  handle: DatabaseHandle;
  dataDir: string;
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}

/**
 * A new, empty, migrated database of its own: a fresh SQLite file, or a fresh PostgreSQL database. Not migrated with
 * `migrate: false` (for tests of a migration).
 */
export async function createTestDatabase(kind: DatabaseKind, options = { migrate: true }): Promise<TestDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'iot-test-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (kind === 'postgres') {
    const serverUrl = inject('postgresUrl');
    if (!serverUrl) throw new Error('PostgreSQL is not reachable');
    const name = `iot_test_${randomBytes(6).toString('hex')}`;
    await withClient(serverUrl, (client) => client.query(`create database ${name}`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      await withClient(serverUrl, async (client) => {
        // The pool's `end` resolves before its clients' connections are closed; a forced drop while one is still
        // closing kills it, and its error surfaces as an unhandled error of whatever test file runs. Wait (briefly)
        // for them to go.
        for (let attempt = 0; attempt < 50; attempt += 1) {
          const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
            name,
          ]);
          if (rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await client.query(`drop database if exists ${name} with (force)`);
      });
    };
  }
  const handle = openDatabase({ databaseUrl, dataDir });
  if (options.migrate) await migrateToLatest(handle.db);
  return {
    handle,
    dataDir,
    databaseUrl,
    async drop() {
      await handle.close();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
