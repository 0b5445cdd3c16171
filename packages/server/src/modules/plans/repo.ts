import { randomUUID } from 'node:crypto';
import { idsOnPath, type PlanFeatures } from '@iot/shared';
import type { Transaction } from 'kysely';
import type { Database, DatabaseSchema } from '../../db/schema.js';
import { inSubtree } from '../businesses/repo.js';

type Executor = Database | Transaction<DatabaseSchema>;

/** What a contract stores: the features it changes from the default plan. */
export type ContractFeatures = Partial<Omit<PlanFeatures, 'dataViewCapabilities'>> & {
  dataViewCapabilities?: Partial<PlanFeatures['dataViewCapabilities']>;
};

/** Contracts as far as plans need them, and the counts the plan limits are checked against. SQL only. */
export function createPlansRepo(db: Database) {
  return {
    /** The contract on the nearest ancestor-or-self of the node at `path`, with its holder; undefined if none. */
    async nearestContract(path: string, trx: Executor = db) {
      return trx
        .selectFrom('contracts')
        .innerJoin('businesses', 'businesses.id', 'contracts.businessId')
        .select([
          'contracts.features',
          'businesses.id as businessId',
          'businesses.description',
          'businesses.path',
          'businesses.depth',
        ])
        .where('contracts.businessId', 'in', idsOnPath(path))
        .orderBy('businesses.depth', 'desc')
        .orderBy('contracts.createdAt', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * How many levels the subtree at `path` spans under the plan that governs its top (1: the node alone): the
     * deepest node below it counts, except in the subtrees of nodes below the top that hold a contract of their own,
     * which their own plans govern.
     */
    async levelsGovernedFrom(node: { id: string; path: string; depth: number }, trx: Executor = db) {
      // Places only (`business_paths`): the whole subtree is read, and nothing else of its nodes is needed.
      const holders = await trx
        .selectFrom('contracts')
        .innerJoin('businessPaths', 'businessPaths.id', 'contracts.businessId')
        .select('businessPaths.path')
        .where(inSubtree(node.path, 'businessPaths.path'))
        .where('businessPaths.id', '!=', node.id)
        .execute();
      let query = trx
        .selectFrom('businessPaths')
        .select((eb) => eb.fn.max<number | null>('businessPaths.depth').as('deepest'))
        .where(inSubtree(node.path, 'businessPaths.path'));
      for (const holder of holders) query = query.where((eb) => eb.not(inSubtree(holder.path, 'businessPaths.path')));
      const row = await query.executeTakeFirstOrThrow();
      return Number(row.deepest ?? node.depth) - node.depth + 1;
    },

    async insert(
      contract: { businessId: string; name: string; features: ContractFeatures },
      now: number,
      trx: Executor = db,
    ): Promise<string> {
      const id = randomUUID();
      await trx
        .insertInto('contracts')
        .values({ id, ...contract, features: JSON.stringify(contract.features), createdAt: now })
        .execute();
      return id;
    },

    /** Distinct users with an entry somewhere in the subtree at `path`. */
    async countUsersInSubtree(path: string, trx: Executor = db): Promise<number> {
      const row = await trx
        .selectFrom('businessUsers')
        .innerJoin('businesses', 'businesses.id', 'businessUsers.businessId')
        .select((eb) => eb.fn.count<number | string>('businessUsers.userId').distinct().as('n'))
        .where(inSubtree(path))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Devices in the subtree at `path`, from the nodes' own device counts. */
    async countDevicesInSubtree(path: string, trx: Executor = db): Promise<number> {
      const row = await trx
        .selectFrom('businesses')
        .select((eb) => eb.fn.sum<number | string | null>('businesses.deviceCount').as('n'))
        .where(inSubtree(path))
        .executeTakeFirstOrThrow();
      return Number(row.n ?? 0);
    },

    async hasEntryInSubtree(path: string, userId: string, trx: Executor = db): Promise<boolean> {
      const row = await trx
        .selectFrom('businessUsers')
        .innerJoin('businesses', 'businesses.id', 'businessUsers.businessId')
        .select('businessUsers.userId')
        .where(inSubtree(path))
        .where('businessUsers.userId', '=', userId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type PlansRepo = ReturnType<typeof createPlansRepo>;
