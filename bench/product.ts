import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@iot/server/config';
import {
  type BusinessesTable,
  type Database,
  type DatabaseHandle,
  migrateToLatest,
  openDatabase,
} from '@iot/server/database';
import { COMMUNICATION_TYPES, deviceTypes } from '@iot/shared';
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

/**
 * `tenants` top-level businesses, each with 10 sites below it, and `perTenant` devices spread over the sites, of every
 * device type, written straight into the tables in batched inserts. Answers the first tenant.
 */
export async function generateFleet(handle: DatabaseHandle, tenants: number, perTenant: number) {
  const { db } = handle;
  const now = Date.now();
  const batchSize = handle.kind === 'sqlite' ? 500 : 1000;
  let first: { id: string; path: string } | undefined;
  for (let tenant = 0; tenant < tenants; tenant++) {
    await db.transaction().execute(async (trx) => {
      const top = randomUUID();
      const topRow = { id: top, parentId: null, path: `/${top}/`, depth: 1 };
      const sites = Array.from({ length: 10 }, () => {
        const id = randomUUID();
        return { id, parentId: top, path: `${topRow.path}${id}/`, depth: 2 };
      });
      first ??= topRow;
      await insertBusinesses(
        trx,
        [topRow, ...sites].map((row, index) => ({
          ...row,
          slug: `bench-${row.id}`,
          description: index === 0 ? `Tenant ${tenant}` : `Site ${index}`,
          deviceCount: index === 0 ? 0 : perTenant / 10,
        })),
      );
      for (let start = 0; start < perTenant; start += batchSize) {
        const rows = [];
        for (let n = start; n < Math.min(perTenant, start + batchSize); n++) {
          const site = sites[n % sites.length] ?? sites[0];
          const deviceType = deviceTypes[n % deviceTypes.length] ?? deviceTypes[0];
          const serial = tenant * perTenant + n;
          rows.push({
            id: randomUUID(),
            businessId: site?.id ?? top,
            businessPath: site?.path ?? topRow.path,
            description: `Device ${(serial * 7919) % 1_000_003}`,
            serialNumber: `SN${serial}`,
            deviceType: deviceType?.id ?? 'cayenne-lpp',
            fwVersion: '1.0.0',
            loraEui: null,
            mac: serial.toString(16).padStart(12, '0').toUpperCase(),
            sigfoxId: null,
            imei: null,
            communication: COMMUNICATION_TYPES[1],
            usageLicenseId: null,
            parametersStatus: null,
            routeDestination: null,
            lastSeenAt: n % 3 === 0 ? null : now - (n % 1000) * 60_000,
            createdAt: now,
            version: 1,
          });
        }
        await trx.insertInto('devices').values(rows).execute();
      }
    });
  }
  if (!first) throw new Error('no tenant generated');
  return first;
}
