import { PostgresAdapter, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import { USER_COLUMNS } from '../../db/columns.js';
import { reusableQuery } from '../../db/reusable-query.js';
import type { AuthAttemptKind, Database, DatabaseSchema, OneTimeTokenPurpose } from '../../db/schema.js';
import type { UserRow } from '../users/present.js';

type Executor = Database | Transaction<DatabaseSchema>;

export interface SessionWithUser {
  lastUsedAt: number;
  user: UserRow;
}

/** An attempt at a throttled auth action: the account is the e-mail address tried, the address the client's. */
export interface AuthAttempt {
  kind: AuthAttemptKind;
  account: string;
  address: string;
}

/** At most `max` attempts within `windowMs`, counted per (account, address) pair, per account or per address. */
export interface AttemptLimit {
  scope: 'pair' | 'account' | 'address';
  windowMs: number;
  max: number;
}

/** Classes of PostgreSQL's two-key advisory locks: a key space apart from the one-key locks of other modules. */
const ATTEMPTS_OF_ACCOUNT_LOCK = 1;
const ATTEMPTS_OF_ADDRESS_LOCK = 2;

function attemptsWithin<O>(
  query: SelectQueryBuilder<DatabaseSchema, 'authAttempts', O>,
  attempt: AuthAttempt,
  limit: AttemptLimit,
  now: number,
) {
  let scoped = query.where('kind', '=', attempt.kind).where('attemptedAt', '>', now - limit.windowMs);
  if (limit.scope !== 'address') scoped = scoped.where('account', '=', attempt.account);
  if (limit.scope !== 'account') scoped = scoped.where('address', '=', attempt.address);
  return scoped;
}

/** Sessions, one-time tokens and throttled attempts: secrets are looked up by their hash only. */
export function createAuthRepo(db: Database) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

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

    /**
     * Records an attempt unless a limit refuses it, atomically: of any number of attempts at once, on any number of
     * servers, only as many as the limits allow are recorded. Answers undefined when recorded, else the time the
     * refusing limits lift. A refused attempt is not recorded, so refusals do not prolong the throttle.
     */
    async recordAttempt(attempt: AuthAttempt, limits: AttemptLimit[], now: number): Promise<number | undefined> {
      // One statement: SQLite runs one writing statement at a time, so no other writer comes between count and insert.
      const insert = (executor: Executor) =>
        executor
          .insertInto('authAttempts')
          .columns(['kind', 'account', 'address', 'attemptedAt'])
          .expression(
            executor
              .selectNoFrom((eb) => [
                eb.cast<AuthAttemptKind>(eb.val(attempt.kind), 'text').as('kind'),
                eb.cast<string>(eb.val(attempt.account), 'text').as('account'),
                eb.cast<string>(eb.val(attempt.address), 'text').as('address'),
                eb.cast<number>(eb.val(now), 'bigint').as('attemptedAt'),
              ])
              .where((eb) =>
                eb.and(
                  limits.map((limit) =>
                    eb(
                      attemptsWithin(eb.selectFrom('authAttempts'), attempt, limit, now).select((count) =>
                        count.fn.countAll().as('attempts'),
                      ),
                      '<',
                      limit.max,
                    ),
                  ),
                ),
              ),
          )
          .executeTakeFirst();
      const result = postgres
        ? await db.transaction().execute(async (trx) => {
            // PostgreSQL lets statements of other transactions count at once: those about the same account or address
            // wait here until this one ends. Account first, then address (left to right), in every transaction, so
            // that two attempts never wait for each other in a circle.
            const accountKey = `${attempt.kind} ${attempt.account}`;
            const addressKey = `${attempt.kind} ${attempt.address}`;
            // Its commit does not wait for the disk: after a crash of the database, a few attempts may go uncounted.
            await sql`select set_config('synchronous_commit', 'off', true),
              pg_advisory_xact_lock(${ATTEMPTS_OF_ACCOUNT_LOCK}, hashtext(${accountKey})),
              pg_advisory_xact_lock(${ATTEMPTS_OF_ADDRESS_LOCK}, hashtext(${addressKey}))`.execute(trx);
            return insert(trx);
          })
        : await insert(db);
      if (Number(result.numInsertedOrUpdatedRows) === 1) return undefined;
      let liftsAt = now;
      for (const limit of limits) {
        // The limit lifts when enough of the attempts in its window have left it for one more to be allowed.
        const [count] = await attemptsWithin(db.selectFrom('authAttempts'), attempt, limit, now)
          .select((eb) => eb.fn.countAll<number | string>().as('attempts'))
          .execute();
        const attempts = Number(count?.attempts ?? 0);
        if (attempts < limit.max) continue;
        const row = await attemptsWithin(db.selectFrom('authAttempts'), attempt, limit, now)
          .select('attemptedAt')
          .orderBy('attemptedAt')
          .limit(1)
          .offset(attempts - limit.max)
          .executeTakeFirst();
        liftsAt = Math.max(liftsAt, (row?.attemptedAt ?? now) + limit.windowMs);
      }
      return liftsAt;
    },

    /** Forgets the attempts of an account from an address within the last `windowMs` (its owner proved who they are). */
    async forgetAttempts(attempt: AuthAttempt, windowMs: number, now: number, trx: Executor = db) {
      await trx
        .deleteFrom('authAttempts')
        .where('kind', '=', attempt.kind)
        .where('account', '=', attempt.account)
        .where('address', '=', attempt.address)
        .where('attemptedAt', '>', now - windowMs)
        .execute();
    },

    /** Forgets attempts made before `before`, older than every limit's window. */
    async pruneAttempts(before: number) {
      await db.deleteFrom('authAttempts').where('attemptedAt', '<', before).execute();
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
