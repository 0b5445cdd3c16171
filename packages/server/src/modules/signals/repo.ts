import type { SignalHistoryAction } from '@iot/shared';
import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import { orderedId } from '../../db/ordered-id.js';
import type { Database, DatabaseSchema, SignalHistoryTable, SignalsTable } from '../../db/schema.js';

type Executor = Database | Transaction<DatabaseSchema>;

/** A signal with the e-mail of the staff user holding it locked (null: nobody). */
export type SignalRow = Selectable<SignalsTable> & { lockedByEmail: string | null };
export type SignalHistoryRow = Selectable<SignalHistoryTable> & { userEmail: string | null };

const count = (value: bigint | number | string | undefined) => Number(value ?? 0);

/** The signal catalogue, its edit locks and its history. SQL only; signals are platform-wide (no tenant scope). */
export function createSignalsRepo(db: Database) {
  const withLocker = (trx: Executor) =>
    trx
      .selectFrom('signals')
      .leftJoin('users', 'users.id', 'signals.lockedBy')
      .selectAll('signals')
      .select('users.email as lockedByEmail');

  return {
    async list(trx: Executor = db): Promise<SignalRow[]> {
      return withLocker(trx).orderBy('signals.key').execute();
    },

    async find(id: string, trx: Executor = db): Promise<SignalRow | undefined> {
      return withLocker(trx).where('signals.id', '=', id).executeTakeFirst();
    },

    async findByKey(key: string, trx: Executor = db): Promise<SignalRow | undefined> {
      return withLocker(trx).where('signals.key', '=', key).executeTakeFirst();
    },

    /** Whether each signal of the catalogue shows in device lists, by key. */
    async showInListByKey(): Promise<Map<string, boolean>> {
      const rows = await db.selectFrom('signals').select(['key', 'showInList']).execute();
      return new Map(rows.map((row) => [row.key, row.showInList === 1]));
    },

    async keys(trx: Executor = db): Promise<Set<string>> {
      return new Set((await trx.selectFrom('signals').select('key').execute()).map((row) => row.key));
    },

    /** False when the key is taken already (by a concurrent insert too). */
    async insert(signal: Insertable<SignalsTable>, trx: Executor = db): Promise<boolean> {
      const result = await trx
        .insertInto('signals')
        .values(signal)
        .onConflict((conflict) => conflict.column('key').doNothing())
        .executeTakeFirst();
      return count(result.numInsertedOrUpdatedRows) === 1;
    },

    async updateIfVersion(
      id: string,
      version: number,
      changes: Updateable<SignalsTable>,
      trx: Executor = db,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('signals')
        .set({ ...changes, version: version + 1 })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return count(result.numUpdatedRows) === 1;
    },

    /**
     * Sets the lock to `userId` (null: released) if nobody else holds it, or their lock lapsed (taken before
     * `lapsedBefore`); false when another user holds it (also when they took it since the caller read it).
     */
    async setLock(
      id: string,
      userId: string | null,
      by: string,
      now: number,
      lapsedBefore: number,
      trx: Executor = db,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('signals')
        .set({ lockedBy: userId, lockedAt: userId === null ? null : now })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('lockedBy', 'is', null), eb('lockedBy', '=', by), eb('lockedAt', '<=', lapsedBefore)]))
        .executeTakeFirst();
      return count(result.numUpdatedRows) === 1;
    },

    async delete(id: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('signals').where('id', '=', id).execute();
    },

    async insertHistory(
      entry: { signalId: string; userId: string | null; action: SignalHistoryAction; changes: object },
      now: number,
      trx: Executor = db,
    ): Promise<void> {
      await trx
        .insertInto('signalHistory')
        .values({ id: orderedId(), ...entry, changes: JSON.stringify(entry.changes), createdAt: now })
        .execute();
    },

    /** One page of a signal's history, newest first. */
    async pageOfHistory(
      signalId: string,
      options: { limit: number; offset: number },
      trx: Executor = db,
    ): Promise<{ rows: SignalHistoryRow[]; total: number }> {
      const query = trx.selectFrom('signalHistory').where('signalHistory.signalId', '=', signalId);
      const [rows, total] = await Promise.all([
        query
          .leftJoin('users', 'users.id', 'signalHistory.userId')
          .selectAll('signalHistory')
          .select('users.email as userEmail')
          .orderBy('signalHistory.createdAt', 'desc')
          .orderBy('signalHistory.id', 'desc')
          .limit(options.limit)
          .offset(options.offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: count(total.n) };
    },
  };
}

export type SignalsRepo = ReturnType<typeof createSignalsRepo>;
