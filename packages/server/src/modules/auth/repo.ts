import type { Transaction } from 'kysely';
import { USER_COLUMNS } from '../../db/columns.js';
import { reusableQuery } from '../../db/reusable-query.js';
import type { Database, DatabaseSchema, OneTimeTokenPurpose } from '../../db/schema.js';
import type { UserRow } from '../users/present.js';

type Executor = Database | Transaction<DatabaseSchema>;

export interface SessionWithUser {
  lastUsedAt: number;
  user: UserRow;
}

/** Sessions, one-time tokens and sign-in failures: secrets are looked up by their hash only. */
export function createAuthRepo(db: Database) {
  // Every signed-in request reads its session.
  const sessionByTokenHash = reusableQuery<{ tokenHash: string }, UserRow & { lastUsedAt: number }>((argument) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.userId')
      .select(USER_COLUMNS.map((column) => `users.${column}` as const))
      .select('sessions.lastUsedAt')
      .where('sessions.tokenHash', '=', argument('tokenHash')),
  );

  const sessionRevision = reusableQuery<Record<string, never>, { revision: number }>(() =>
    db.selectFrom('sessionRevision').select('revision').where('id', '=', 1),
  );

  return {
    /** SQLite only: the count of changes to users and ended sessions (migration 0021). */
    async sessionRevision(): Promise<number> {
      const [row] = await sessionRevision(db, {});
      return row?.revision ?? 0;
    },

    async insertSession(tokenHash: string, userId: string, now: number, trx: Executor = db) {
      await trx.insertInto('sessions').values({ tokenHash, userId, createdAt: now, lastUsedAt: now }).execute();
    },

    async findSession(tokenHash: string): Promise<SessionWithUser | undefined> {
      const [row] = await sessionByTokenHash(db, { tokenHash });
      if (!row) return undefined;
      const { lastUsedAt, ...user } = row;
      return { lastUsedAt, user };
    },

    async touchSession(tokenHash: string, now: number) {
      await db.updateTable('sessions').set({ lastUsedAt: now }).where('tokenHash', '=', tokenHash).execute();
    },

    async deleteSession(tokenHash: string) {
      await db.deleteFrom('sessions').where('tokenHash', '=', tokenHash).execute();
    },

    /** Ends every session of a user, except `keepTokenHash` when given. */
    async deleteSessionsOf(userId: string, keepTokenHash?: string, trx: Executor = db) {
      let query = trx.deleteFrom('sessions').where('userId', '=', userId);
      if (keepTokenHash) query = query.where('tokenHash', '!=', keepTokenHash);
      await query.execute();
    },

    async insertOneTimeToken(
      token: { tokenHash: string; userId: string; purpose: OneTimeTokenPurpose; expiresAt: number },
      now: number,
      trx: Executor = db,
    ) {
      await trx
        .insertInto('oneTimeTokens')
        .values({ ...token, createdAt: now, usedAt: null })
        .execute();
    },

    /**
     * Marks an unused, unexpired token of that purpose as used and answers its user id; a token can be spent once,
     * even by two requests at the same moment.
     */
    async spendOneTimeToken(
      tokenHash: string,
      purpose: OneTimeTokenPurpose,
      now: number,
      trx: Executor = db,
    ): Promise<string | undefined> {
      const row = await trx
        .updateTable('oneTimeTokens')
        .set({ usedAt: now })
        .where('tokenHash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', now)
        .returning('userId')
        .executeTakeFirst();
      return row?.userId;
    },

    async spendAllOneTimeTokensOf(userId: string, purpose: OneTimeTokenPurpose, now: number, trx: Executor = db) {
      await trx
        .updateTable('oneTimeTokens')
        .set({ usedAt: now })
        .where('userId', '=', userId)
        .where('purpose', '=', purpose)
        .where('usedAt', 'is', null)
        .execute();
    },

    /** Failures per key since `since`, and the oldest of them (which decides when the throttle lifts). */
    async countFailures(keys: string[], since: number) {
      return db
        .selectFrom('signInFailures')
        .select((eb) => [
          'throttleKey',
          eb.fn.countAll<number | string>().as('failures'),
          eb.fn.min('failedAt').as('oldest'),
        ])
        .where('throttleKey', 'in', keys)
        .where('failedAt', '>=', since)
        .groupBy('throttleKey')
        .execute();
    },

    async recordFailure(keys: string[], now: number, forgetBefore: number) {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('signInFailures')
          .where('throttleKey', 'in', keys)
          .where('failedAt', '<', forgetBefore)
          .execute();
        await trx
          .insertInto('signInFailures')
          .values(keys.map((throttleKey) => ({ throttleKey, failedAt: now })))
          .execute();
      });
    },

    async clearFailures(key: string) {
      await db.deleteFrom('signInFailures').where('throttleKey', '=', key).execute();
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
