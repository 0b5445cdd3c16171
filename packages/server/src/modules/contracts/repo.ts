import { type ContractState, type ContractType, idsOnPath } from '@iot/shared';
import { type Insertable, type Selectable, sql, type Transaction, type Updateable } from 'kysely';
import type { ContractsTable, Database, DatabaseSchema } from '../../db/schema.js';
import { type Caller, inSubtree, scopeOf, scopeSql } from '../businesses/repo.js';

type Executor = Database | Transaction<DatabaseSchema>;

/** A contract with its holder (the level it is held by) and the name of the contract its credits were carved from. */
export type ContractRow = Selectable<ContractsTable> & {
  businessDescription: string;
  businessPath: string;
  businessDepth: number;
  fromContractName: string | null;
  /** `lower(name)` as the database computes it: a listing's sort key. */
  sortKey: string;
};

export type ContractLogRow = {
  id: string;
  event: string;
  at: number;
  userId: string | null;
  userEmail: string | null;
  amount: number | null;
  details: string;
};

/** A page's position: the sort key and id of the last row shown. */
export type ContractCursor = [string, string];
/** A log page's position: the time and id of the last row shown. */
export type LogCursor = [number, string];

/** What narrows a listing of contracts. */
export interface ContractFilter {
  search?: string;
  businessId?: string;
  type?: ContractType;
  state?: ContractState;
  /** Expiring in `[from, to]` (epoch ms). */
  expiring?: { from: number; to: number };
}

/** `%` and `_` match themselves in a search. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function listed(trx: Executor) {
  return trx
    .selectFrom('contracts')
    .innerJoin('businesses', 'businesses.id', 'contracts.businessId')
    .leftJoin('contracts as source', 'source.id', 'contracts.fromContractId')
    .selectAll('contracts')
    .select([
      'businesses.description as businessDescription',
      'businesses.path as businessPath',
      'businesses.depth as businessDepth',
      'source.name as fromContractName',
      sql<string>`lower(${sql.ref('contracts.name')})`.as('sortKey'),
    ]);
}

/** Contracts (SPEC section 3), their credits kept by single conditional updates, and their log. SQL only. */
export function createContractsRepo(db: Database) {
  return {
    /** One contract with its holder, whoever asks: callers decide who may see it. */
    async find(id: string, trx: Executor = db): Promise<ContractRow | undefined> {
      return listed(trx).where('contracts.id', '=', id).executeTakeFirst();
    },

    async findMany(ids: string[], trx: Executor = db): Promise<ContractRow[]> {
      if (ids.length === 0) return [];
      return listed(trx).where('contracts.id', 'in', ids).execute();
    },

    /**
     * One page of the contracts held by levels the caller reaches (every one for provider staff) that match, by
     * lower(name) then id, after the cursor; `limit + 1` rows, the last telling whether another page follows.
     */
    async page(
      caller: Caller,
      filter: ContractFilter,
      page: { limit: number; after: ContractCursor | undefined },
      trx: Executor = db,
    ): Promise<ContractRow[]> {
      let query = listed(trx);
      const { reach } = scopeSql(await scopeOf(caller, trx), 'businesses.path');
      if (reach) query = query.where(reach);
      if (filter.search)
        query = query.where(
          sql<boolean>`lower(${sql.ref('contracts.name')}) like ${likePattern(filter.search)} escape '\\'`,
        );
      if (filter.businessId) query = query.where('contracts.businessId', '=', filter.businessId);
      if (filter.type) query = query.where('contracts.type', '=', filter.type);
      if (filter.state) query = query.where('contracts.state', '=', filter.state);
      if (filter.expiring)
        query = query
          .where('contracts.expiresAt', '>', filter.expiring.from)
          .where('contracts.expiresAt', '<=', filter.expiring.to);
      if (page.after) {
        const [key, id] = page.after;
        query = query.where(
          sql<boolean>`(lower(${sql.ref('contracts.name')}), ${sql.ref('contracts.id')}) > (${key}, ${id})`,
        );
      }
      return query
        .orderBy(sql`lower(${sql.ref('contracts.name')})`)
        .orderBy('contracts.id')
        .limit(page.limit + 1)
        .execute();
    },

    /** The contracts held by the levels of the subtree at `path` that the caller reaches, by name. */
    async inSubtree(caller: Caller, path: string, trx: Executor = db): Promise<ContractRow[]> {
      let query = listed(trx).where(inSubtree(path, 'businesses.path'));
      const { reach } = scopeSql(await scopeOf(caller, trx), 'businesses.path');
      if (reach) query = query.where(reach);
      return query
        .orderBy(sql`lower(${sql.ref('contracts.name')})`)
        .orderBy('contracts.id')
        .execute();
    },

    /**
     * The contract of `type` governing the level at `path` at `at`: held by its nearest ancestor-or-self, reaching
     * down to it, bought and not expired; the newest first on the same level.
     */
    async governingOfType(
      type: ContractType,
      path: string,
      at: number,
      trx: Executor = db,
    ): Promise<ContractRow | undefined> {
      return listed(trx)
        .where('contracts.type', '=', type)
        .where('contracts.businessId', 'in', idsOnPath(path))
        .where((eb) =>
          eb.or([
            eb('contracts.inheritableLevels', 'is', null),
            eb(eb('businesses.depth', '+', eb.ref('contracts.inheritableLevels')), '>=', idsOnPath(path).length),
          ]),
        )
        .where('contracts.purchasedAt', 'is not', null)
        .where((eb) => eb.or([eb('contracts.expiresAt', 'is', null), eb('contracts.expiresAt', '>', at)]))
        .orderBy('businesses.depth', 'desc')
        .orderBy('contracts.createdAt', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    async insert(contract: Insertable<ContractsTable>, trx: Executor = db): Promise<void> {
      await trx.insertInto('contracts').values(contract).execute();
    },

    /**
     * Saves changes over `expectedVersion`, the credits total never below what the contract spent and gave; false when
     * the version is stale or the total too low (callers read the row again to tell which).
     */
    async updateIfVersion(
      id: string,
      expectedVersion: number,
      changes: Updateable<ContractsTable>,
      trx: Executor = db,
    ): Promise<boolean> {
      let query = trx
        .updateTable('contracts')
        .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', expectedVersion);
      if (typeof changes.creditsTotal === 'number')
        query = query.where(
          sql<boolean>`${sql.ref('credits_spent')} + ${sql.ref('credits_carved')} <= ${changes.creditsTotal}`,
        );
      const updated = await query.returning('id').executeTakeFirst();
      return updated !== undefined;
    },

    /**
     * Gives `amount` of a contract's credits to a sublevel's contract in one conditional update, so that concurrent
     * carvings never give more than is left; false when less than `amount` is left.
     */
    async carve(id: string, amount: number, trx: Executor = db): Promise<boolean> {
      const updated = await trx
        .updateTable('contracts')
        .set((eb) => ({ creditsCarved: eb('creditsCarved', '+', amount) }))
        .where('id', '=', id)
        .where(
          sql<boolean>`${sql.ref('credits_total')} - ${sql.ref('credits_spent')} - ${sql.ref('credits_carved')} >= ${amount}`,
        )
        .returning('id')
        .executeTakeFirst();
      return updated !== undefined;
    },

    /** Takes back `amount` a sublevel's contract returns (unspent credits of a contract deleted or shrunk). */
    async giveBack(id: string, amount: number, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('contracts')
        .set((eb) => ({ creditsCarved: eb('creditsCarved', '-', amount) }))
        .where('id', '=', id)
        .execute();
    },

    async countCarvedFrom(id: string, trx: Executor = db): Promise<number> {
      const row = await trx
        .selectFrom('contracts')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('fromContractId', '=', id)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Deletes over `expectedVersion`, answering what the contract held then; undefined when the version is stale. */
    async deleteIfVersion(id: string, expectedVersion: number, trx: Executor = db) {
      return trx
        .deleteFrom('contracts')
        .where('id', '=', id)
        .where('version', '=', expectedVersion)
        .returning(['fromContractId', 'creditsTotal', 'creditsSpent'])
        .executeTakeFirst();
    },

    /** One page of a contract's log, newest first, after the cursor; `limit + 1` rows. */
    async logPage(
      contractId: string,
      page: { limit: number; after: LogCursor | undefined },
      trx: Executor = db,
    ): Promise<ContractLogRow[]> {
      let query = trx
        .selectFrom('contractLogs')
        .leftJoin('users', 'users.id', 'contractLogs.userId')
        .select([
          'contractLogs.id',
          'contractLogs.event',
          'contractLogs.at',
          'contractLogs.userId',
          'users.email as userEmail',
          'contractLogs.amount',
          'contractLogs.details',
        ])
        .where('contractLogs.contractId', '=', contractId);
      if (page.after) {
        const [at, id] = page.after;
        query = query.where(
          sql<boolean>`(${sql.ref('contractLogs.at')}, ${sql.ref('contractLogs.id')}) < (${at}, ${id})`,
        );
      }
      return query
        .orderBy('contractLogs.at', 'desc')
        .orderBy('contractLogs.id', 'desc')
        .limit(page.limit + 1)
        .execute();
    },
  };
}

export type ContractsRepo = ReturnType<typeof createContractsRepo>;
