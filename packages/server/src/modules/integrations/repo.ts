import { createHash } from 'node:crypto';
import type { Selectable, Updateable } from 'kysely';
import type { Database, IntegrationsTable } from '../../db/schema.js';

export type IntegrationRow = Selectable<IntegrationsTable>;

/** Tokens are random (32 bytes): a fast hash keeps them safe at rest, a slow one would only slow every callback. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function createIntegrationsRepo(db: Database) {
  return {
    ofBusiness(businessId: string) {
      return db
        .selectFrom('integrations')
        .selectAll()
        .where('businessId', '=', businessId)
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
    },

    findById(id: string) {
      return db.selectFrom('integrations').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The integration a token belongs to, with the path of its business (the subtree its devices are in). */
    findByToken(token: string) {
      return db
        .selectFrom('integrations')
        .innerJoin('businesses', 'businesses.id', 'integrations.businessId')
        .selectAll('integrations')
        .select('businesses.path as businessPath')
        .where('integrations.tokenHash', '=', hashToken(token))
        .executeTakeFirst();
    },

    async insert(row: IntegrationRow) {
      await db.insertInto('integrations').values(row).execute();
      return row;
    },

    /** Saves over `version`; undefined when another save came first. */
    update(id: string, version: number, changes: Updateable<IntegrationsTable>) {
      return db
        .updateTable('integrations')
        .set({ ...changes, version: version + 1 })
        .where('id', '=', id)
        .where('version', '=', version)
        .returningAll()
        .executeTakeFirst();
    },

    async delete(id: string) {
      await db.deleteFrom('integrations').where('id', '=', id).execute();
    },
  };
}

export type IntegrationsRepo = ReturnType<typeof createIntegrationsRepo>;
