import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@iot/server/config';
import { type BusinessesTable, type Database, migrateToLatest, openDatabase } from '@iot/server/database';
import type { Insertable } from 'kysely';
import pg from 'pg';

/** The PostgreSQL server the benchmarks create their databases on (the tests' one by default). */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export type DatabaseKind = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when its server answers. */
export async function databaseKinds(): Promise<DatabaseKind[]> {
  try {
    const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
    await client.connect();
    await client.end();
    return ['sqlite', 'postgres'];
  } catch {
    console.warn(`PostgreSQL is not reachable at ${POSTGRES_URL}: SQLite only`);
    return ['sqlite'];
  }
}

/** A migrated database of its own (a temporary SQLite file, or a new PostgreSQL database) and the config to use it. */
export async function openProduct(kind: DatabaseKind, prefix: string, env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), prefix));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (kind === 'postgres') {
    const name = `iot_bench_${randomBytes(6).toString('hex')}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await admin(`create database ${name}`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => admin(`drop database if exists ${name} with (force)`);
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    MQTT_PORT: '0',
    WEB_DIST_DIR: join(dataDir, 'no-web-app'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const database = openDatabase(config);
  await migrateToLatest(database.db);
  return {
    config,
    database,
    async drop() {
      await database.close();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A generated node of the business tree: what differs between nodes; the rest is as a new node has it. */
export type GeneratedBusiness = Pick<
  Insertable<BusinessesTable>,
  'id' | 'parentId' | 'path' | 'depth' | 'slug' | 'description' | 'deviceCount'
>;

/** Writes generated nodes in one batch: their own columns to `business_nodes`, their places to `business_paths`. */
export async function insertBusinesses(db: Database, rows: GeneratedBusiness[]) {
  if (rows.length === 0) return;
  const createdAt = Date.now();
  await db
    .insertInto('businessNodes')
    .values(
      rows.map(({ path: _path, depth: _depth, ...node }) => ({
        ...node,
        status: 0,
        logo: null,
        theme: null,
        cfgLocked: 0,
        mergedLocked: 0,
        viewPermissions: null,
        createdAt,
        version: 1,
      })),
    )
    .execute();
  await db
    .insertInto('businessPaths')
    .values(rows.map(({ id, path, depth }) => ({ id, path, depth })))
    .execute();
}
