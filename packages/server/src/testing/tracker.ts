import { randomUUID } from 'node:crypto';
import type { Database } from '../db/schema.js';
import { createBusinessesRepo } from '../modules/businesses/repo.js';

/**
 * A GPS tracker in a new top-level business, written straight to the database (for tests of what stores telemetry,
 * below the API). Its `key` is read back: on SQLite a trigger numbers the device after the insert, which RETURNING
 * does not see.
 */
export async function insertTracker(db: Database): Promise<{ id: string; key: number }> {
  const business = await createBusinessesRepo(db).insert({ description: 'Fleet', status: 0, parent: null }, 0);
  const id = randomUUID();
  await db
    .insertInto('devices')
    .values({
      id,
      businessId: business.id,
      businessPath: business.path,
      description: 'Van',
      deviceType: 'gps-tracker',
      imei: '350000000000001',
      communication: 'cellular',
      createdAt: 0,
      version: 1,
    })
    .execute();
  const { key } = await db.selectFrom('devices').select('key').where('id', '=', id).executeTakeFirstOrThrow();
  return { id, key: Number(key) };
}
