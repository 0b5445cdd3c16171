import { randomUUID } from 'node:crypto';
import type { Selectable, Transaction } from 'kysely';
import type { Database, DatabaseSchema, SigfoxTokenRecordsTable } from '../../db/schema.js';

type Executor = Database | Transaction<DatabaseSchema>;

export type SigfoxTokenRecordRow = Selectable<SigfoxTokenRecordsTable>;
export type SigfoxTokenCounts = Pick<SigfoxTokenRecordRow, 'maxTokens' | 'tokensInUse' | 'tokensUsed'>;

export function createSigfoxContractsRepo(db: Database) {
  return {
    async list(trx: Executor = db): Promise<SigfoxTokenRecordRow[]> {
      return trx.selectFrom('sigfoxTokenRecords').selectAll().orderBy('type').execute();
    },

    async findByType(type: string, trx: Executor = db): Promise<SigfoxTokenRecordRow | undefined> {
      return trx.selectFrom('sigfoxTokenRecords').selectAll().where('type', '=', type).executeTakeFirst();
    },

    /** Inserts a record; answers undefined when one of that type exists already. */
    async insert(
      type: string,
      counts: SigfoxTokenCounts,
      now: number,
      trx: Executor = db,
    ): Promise<SigfoxTokenRecordRow | undefined> {
      return trx
        .insertInto('sigfoxTokenRecords')
        .values({ id: randomUUID(), type, ...counts, createdAt: now, updatedAt: now, version: 1 })
        .onConflict((conflict) => conflict.column('type').doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    /** Saves the counts only over `expectedVersion`; answers the new row, or undefined on a stale version. */
    async updateIfVersion(
      type: string,
      expectedVersion: number,
      counts: SigfoxTokenCounts,
      now: number,
      trx: Executor = db,
    ): Promise<SigfoxTokenRecordRow | undefined> {
      return trx
        .updateTable('sigfoxTokenRecords')
        .set((eb) => ({ ...counts, updatedAt: now, version: eb('version', '+', 1) }))
        .where('type', '=', type)
        .where('version', '=', expectedVersion)
        .returningAll()
        .executeTakeFirst();
    },
  };
}

export type SigfoxContractsRepo = ReturnType<typeof createSigfoxContractsRepo>;
