import type { Kysely } from 'kysely';

/**
 * Forward only: the PAC (porting authorisation code) a Sigfox device comes with, kept from the "ID & PAC" list it was
 * registered from, so the device can later be registered or transferred on the Sigfox backend.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('devices').addColumn('sigfox_pac', 'text').execute();
}
