import { randomUUID } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { onTestFinished } from 'vitest';
import type { DatabaseKind } from '../db/database.js';
import { migrations } from '../db/migrations/index.js';
import { createTestDatabase } from './test-database.js';

/**
 * A database as a release left it, for a test of the migration that follows: migrated up to `lastMigration` (one
 * before 0020, which turned the `businesses` table this writes to into a view), with a business and two devices in
 * it. `migrateTo` runs the migrations on up to the one named; `addDevice` adds a device to the business (columns
 * every release since 0005 has). Called in a test; the database is dropped when the test ends.
 */
export async function databaseAfter(kind: DatabaseKind, lastMigration: string) {
  const database = await createTestDatabase(kind, { migrate: false });
  onTestFinished(() => database.drop());
  const raw = database.handle.db.withoutPlugins();
  const migrator = new Migrator({ db: raw, provider: { getMigrations: async () => migrations } });
  const migrateTo = async (name: string) => {
    const { error } = await migrator.migrateTo(name);
    if (error) throw error;
  };
  await migrateTo(lastMigration);
  const business = randomUUID();
  await sql`insert into businesses (id, parent_id, path, depth, slug, description, status, created_at, version)
    values (${business}, null, ${`/${business}/`}, 1, 'b', 'B', 0, 0, 1)`.execute(raw);
  const addDevice = async () => {
    const id = randomUUID();
    await sql`insert into devices (id, business_id, business_path, description, device_type, communication,
      created_at, version) values (${id}, ${business}, ${`/${business}/`}, 'D', 'gps-tracker', 'wifi', 0, 1)`.execute(
      raw,
    );
    return id;
  };
  const devices = [await addDevice(), await addDevice()] as const;
  return { raw, devices, migrateTo, addDevice };
}
