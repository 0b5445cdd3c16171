import { randomUUID } from 'node:crypto';
import { idsOnPath, type PlanFeatures } from '@iot/shared';
import type { Transaction } from 'kysely';
import type { Database, DatabaseSchema } from '../../db/schema.js';
import { inRange, inSubtree, subtreeRange } from '../businesses/repo.js';

type Executor = Database | Transaction<DatabaseSchema>;

/** What a contract stores: the features it changes from the default plan. */
export type ContractFeatures = Partial<Omit<PlanFeatures, 'dataViewCapabilities'>> & {
  dataViewCapabilities?: Partial<PlanFeatures['dataViewCapabilities']>;
};

/** Contracts as far as plans need them, and the counts the plan limits are checked against. SQL only. */
export function createPlansRepo(db: Database) {
  return {
    /**
     * The contract governing the node at `path` at `at`: on its nearest ancestor-or-self, reaching down to it (its
     * inheritable levels), bought and not expired (SPEC sections 3 and 9); the newest first on the same level. With
     * its holder; undefined if none.
     */
    async nearestContract(path: string, at: number, trx: Executor = db) {
      const ids = idsOnPath(path);
      return trx
        .selectFrom('contracts')
        .innerJoin('businesses', 'businesses.id', 'contracts.businessId')
        .select([
          'contracts.id as contractId',
          'contracts.name',
          'contracts.features',
          'businesses.id as businessId',
          'businesses.description',
          'businesses.path',
          'businesses.depth',
        ])
        .where('contracts.businessId', 'in', ids)
        .where((eb) =>
          eb.or([
            eb('contracts.inheritableLevels', 'is', null),
            eb(eb('businesses.depth', '+', eb.ref('contracts.inheritableLevels')), '>=', ids.length),
          ]),
        )
        .where('contracts.purchasedAt', 'is not', null)
        .where((eb) => eb.or([eb('contracts.expiresAt', 'is', null), eb('contracts.expiresAt', '>', at)]))
        .orderBy('businesses.depth', 'desc')
        .orderBy('contracts.createdAt', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * Sigfox devices in a contract's reach: in its holder's subtree, no deeper than its inheritable levels (null: all).
     * These use the contract's tokens.
     */
    async sigfoxDevicesInReach(
      holder: { path: string; depth: number },
      inheritableLevels: number | null,
      trx: Executor = db,
    ): Promise<number> {
      let query = trx
        .selectFrom('devices')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where(inRange(subtreeRange(holder.path), 'devices.businessPath'))
        .where('devices.sigfoxId', 'is not', null);
      if (inheritableLevels !== null) {
        query = query
          .innerJoin('businessPaths', 'businessPaths.id', 'devices.businessId')
          .where('businessPaths.depth', '<=', holder.depth + inheritableLevels);
      }
      const row = await query.executeTakeFirstOrThrow();
      return Number(row.n);
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

    /** A contract bought at `now`, reaching every level below its business, with no credits: tests and the seed. */
    async insert(
      contract: { businessId: string; name: string; features: ContractFeatures },
      now: number,
      trx: Executor = db,
    ): Promise<string> {
      const id = randomUUID();
      await trx
        .insertInto('contracts')
        .values({
          id,
          ...contract,
          features: JSON.stringify(contract.features),
          createdAt: now,
          updatedAt: now,
          purchasedAt: now,
          expiresAt: null,
          inheritableLevels: null,
          stateAt: now,
          periodStart: null,
          periodEnd: null,
          fromContractId: null,
          tokenType: null,
          tokenPeriodStart: null,
        })
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
