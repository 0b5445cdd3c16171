import { DEFAULT_PLAN, idsOnPath, type PlanFeatures, PlanFeaturesSchema, type PlanResponse } from '@iot/shared';
import type { Transaction } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { BusinessesRepo, BusinessRow } from '../businesses/repo.js';
import type { UserRow } from '../users/present.js';
import type { ContractFeatures, PlansRepo } from './repo.js';

type Node = Pick<BusinessRow, 'id' | 'description' | 'path' | 'depth'>;

/** A node's plan: the features, and the node holding the contract they come from (none: the default plan). */
export interface Plan {
  features: PlanFeatures;
  holder: Node | null;
}

/** A contract's stored features over the default plan; a contract that does not parse gives the default plan. */
export function featuresOf(json: string): PlanFeatures {
  const stored = JSON.parse(json) as ContractFeatures;
  const merged = {
    ...DEFAULT_PLAN,
    ...stored,
    dataViewCapabilities: { ...DEFAULT_PLAN.dataViewCapabilities, ...stored.dataViewCapabilities },
  };
  const parsed = PlanFeaturesSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_PLAN;
}

/**
 * Plans (SPEC sections 3 and 9): a node's plan is the contract governing it (`PlansRepo.nearestContract`), else the
 * default plan. The limits are checked here; the business rules call them inside their own transactions.
 */
export function createPlansService({
  plansRepo,
  businessesRepo,
  now = Date.now,
}: {
  plansRepo: PlansRepo;
  businessesRepo: BusinessesRepo;
  now?: () => number;
}) {
  async function planOf(node: Pick<BusinessRow, 'path'>, trx?: Transaction<DatabaseSchema>): Promise<Plan> {
    const contract = await plansRepo.nearestContract(node.path, now(), trx);
    if (!contract) return { features: DEFAULT_PLAN, holder: null };
    const { businessId: id, description, path, depth } = contract;
    return { features: featuresOf(contract.features), holder: { id, description, path, depth } };
  }

  return {
    planOf,

    /**
     * `GET /contracts/pfs`: the plan of a node the caller reaches. The business named is the contract holder when the
     * caller reaches it too (else the node itself, so nothing outside the caller's reach is named).
     */
    async get(user: UserRow, businessId: string): Promise<PlanResponse> {
      const node = await businessesRepo.findReachable(user, businessId);
      if (!node) throw new AppError('not_found');
      const plan = await planOf(node);
      const holder = plan.holder && (await businessesRepo.findReachable(user, plan.holder.id));
      const named = holder ?? node;
      return { features: plan.features, business: { id: named.id, description: named.description } };
    },

    /**
     * Adding a child under `parent` is refused when the parent's level is at or above `maxHierarchyLevels`. Levels
     * count from the contract holder (level 1); under the default plan, from the top of the tree.
     */
    async assertCanAddChild(parent: Node, trx?: Transaction<DatabaseSchema>): Promise<void> {
      const { features, holder } = await planOf(parent, trx);
      const limit = features.maxHierarchyLevels;
      if (limit < 0) return;
      const level = parent.depth - (holder ? holder.depth - 1 : 0);
      if (level >= limit) throw new AppError('plan.limit_exceeded', { limit });
    },

    /**
     * Moving `node` under `target` is refused when its subtree would then reach below `maxHierarchyLevels` of the
     * target's plan. A node holding its own contract keeps its own plan wherever it goes, so nothing is checked; nor
     * is a move under the same contract that does not go deeper (its levels stay or shrink).
     */
    async assertCanMove(node: Node, target: Node, trx?: Transaction<DatabaseSchema>): Promise<void> {
      const own = await planOf(node, trx);
      if (own.holder?.id === node.id) return;
      const { features, holder } = await planOf(target, trx);
      const limit = features.maxHierarchyLevels;
      if (limit < 0) return;
      // Under the same contract, a move that does not take the node deeper cannot take its subtree deeper either:
      // its levels need not be read (a read of the whole subtree).
      if (own.holder?.id === holder?.id && target.depth + 1 <= node.depth) return;
      const targetLevel = target.depth - (holder ? holder.depth - 1 : 0);
      const levels = await plansRepo.levelsGovernedFrom(node, trx);
      if (targetLevel + levels > limit) throw new AppError('plan.limit_exceeded', { limit });
    },

    /**
     * How many more devices fit under `node`: `maxDevices` bounds the devices in the contract holder's subtree
     * (under the default plan, the top-level business's); Infinity when unlimited (-1).
     */
    async roomForDevices(node: Pick<BusinessRow, 'path'>, trx?: Transaction<DatabaseSchema>) {
      const { features, holder } = await planOf(node, trx);
      const limit = features.maxDevices;
      if (limit < 0) return { room: Number.POSITIVE_INFINITY, limit, scope: null };
      const scope = holder?.path ?? `/${idsOnPath(node.path)[0]}/`;
      const room = Math.max(0, limit - (await plansRepo.countDevicesInSubtree(scope, trx)));
      return { room, limit, scope };
    },

    /**
     * Whether one more user may get an entry under `node`: `maxUsers` bounds the distinct users with entries in the
     * contract holder's subtree (-1: unlimited); a user who already has an entry there does not count again.
     * Answers the limit that refuses it, or undefined.
     */
    async userLimitReached(
      node: Pick<BusinessRow, 'path'>,
      userId: string | undefined,
      trx?: Transaction<DatabaseSchema>,
    ): Promise<number | undefined> {
      const { features, holder } = await planOf(node, trx);
      const limit = features.maxUsers;
      if (limit < 0) return undefined;
      const scope = holder?.path ?? `/${idsOnPath(node.path)[0]}/`;
      if (userId && (await plansRepo.hasEntryInSubtree(scope, userId, trx))) return undefined;
      return (await plansRepo.countUsersInSubtree(scope, trx)) >= limit ? limit : undefined;
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
