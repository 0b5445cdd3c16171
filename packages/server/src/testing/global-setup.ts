import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server API tests create their databases on, or null when none is reachable. */
    postgresUrl: string | null;
  }
}

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** Finds out once whether PostgreSQL is there; with REQUIRE_POSTGRES=1 its absence fails the run. */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    project.provide('postgresUrl', url);
  } catch (error) {
    if (process.env.REQUIRE_POSTGRES === '1') {
      throw new Error(`REQUIRE_POSTGRES=1 but PostgreSQL is not reachable at ${url}: ${String(error)}`);
    }
    console.warn(`\nPostgreSQL is not reachable at ${url}: the API tests run on SQLite only.\n`);
    project.provide('postgresUrl', null);
  } finally {
    await client.end().catch(() => undefined);
  }
}
