import { createHash } from 'node:crypto';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Database, IntegrationCountsTable, IntegrationHealthTable, IntegrationsTable } from '../../db/schema.js';

export type IntegrationRow = Selectable<IntegrationsTable>;

/** Tokens are random (32 bytes): a fast hash keeps them safe at rest, a slow one would only slow every callback. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * How long a token's integration is kept in memory: every uplink presents a token, and looking it up each time would
 * cost a query per message. A change in this process clears it at once; another process's change, or a move of the
 * business, shows within this.
 */
const TOKEN_CACHE_MS = 5_000;
const TOKEN_CACHE_MAX = 10_000;

type TokenIntegration = IntegrationRow & { businessPath: string };

export function createIntegrationsRepo(db: Database) {
  const byToken = new Map<string, { integration: TokenIntegration | undefined; until: number }>();
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
    async findByToken(token: string): Promise<TokenIntegration | undefined> {
      const hash = hashToken(token);
      const cached = byToken.get(hash);
      if (cached && cached.until > Date.now()) return cached.integration;
      const integration = await db
        .selectFrom('integrations')
        .innerJoin('businesses', 'businesses.id', 'integrations.businessId')
        .selectAll('integrations')
        .select('businesses.path as businessPath')
        .where('integrations.tokenHash', '=', hash)
        .executeTakeFirst();
      if (byToken.size >= TOKEN_CACHE_MAX) byToken.clear();
      byToken.set(hash, { integration, until: Date.now() + TOKEN_CACHE_MS });
      return integration;
    },

    async insert(row: IntegrationRow) {
      // A token tried before it existed is remembered as unknown.
      byToken.clear();
      await db.insertInto('integrations').values(row).execute();
      return row;
    },

    /** Saves over `version`; undefined when another save came first. */
    update(id: string, version: number, changes: Updateable<IntegrationsTable>) {
      byToken.clear();
      return db
        .updateTable('integrations')
        .set({ ...changes, version: version + 1 })
        .where('id', '=', id)
        .where('version', '=', version)
        .returningAll()
        .executeTakeFirst();
    },

    async delete(id: string) {
      byToken.clear();
      await db.deleteFrom('integrations').where('id', '=', id).execute();
    },

    /** Adds calls counted in this process to the hourly counts, which other processes may add to as well. */
    async addCounts(rows: Insertable<IntegrationCountsTable>[]) {
      if (rows.length === 0) return;
      await db
        .insertInto('integrationCounts')
        .values(rows)
        .onConflict((conflict) =>
          conflict.columns(['integrationId', 'hour']).doUpdateSet((eb) => ({
            stored: eb('integrationCounts.stored', '+', eb.ref('excluded.stored')),
            duplicates: eb('integrationCounts.duplicates', '+', eb.ref('excluded.duplicates')),
            refused: eb('integrationCounts.refused', '+', eb.ref('excluded.refused')),
            unknownDevices: eb('integrationCounts.unknownDevices', '+', eb.ref('excluded.unknownDevices')),
          })),
        )
        .execute();
    },

    /** The last call and the last error, each kept only when later than the one stored (another process's). */
    async setHealth(rows: IntegrationHealthTable[]) {
      if (rows.length === 0) return;
      await db
        .insertInto('integrationHealth')
        .values(rows)
        .onConflict((conflict) =>
          conflict.column('integrationId').doUpdateSet({
            lastCallAt: sql`case when excluded.last_call_at > coalesce(integration_health.last_call_at, 0)
              then excluded.last_call_at else integration_health.last_call_at end`,
            lastError: sql`case when excluded.last_error_at > coalesce(integration_health.last_error_at, 0)
              then excluded.last_error else integration_health.last_error end`,
            lastErrorAt: sql`case when excluded.last_error_at > coalesce(integration_health.last_error_at, 0)
              then excluded.last_error_at else integration_health.last_error_at end`,
          }),
        )
        .execute();
    },

    /** Counts since `since` (an hour's start) per integration, with the last call and error. */
    async healthOf(integrationIds: string[], since: number) {
      if (integrationIds.length === 0) return { counts: [], health: [] };
      const counts = await db
        .selectFrom('integrationCounts')
        .select((eb) => [
          'integrationId',
          eb.fn.sum<number>('stored').as('stored'),
          eb.fn.sum<number>('duplicates').as('duplicates'),
          eb.fn.sum<number>('refused').as('refused'),
          eb.fn.sum<number>('unknownDevices').as('unknownDevices'),
        ])
        .where('integrationId', 'in', integrationIds)
        .where('hour', '>=', since)
        .groupBy('integrationId')
        .execute();
      const health = await db
        .selectFrom('integrationHealth')
        .selectAll()
        .where('integrationId', 'in', integrationIds)
        .execute();
      return { counts, health };
    },

    /** Hourly counts older than `before` are no longer shown. */
    async forgetCountsBefore(before: number) {
      await db.deleteFrom('integrationCounts').where('hour', '<', before).execute();
    },
  };
}

export type IntegrationsRepo = ReturnType<typeof createIntegrationsRepo>;
