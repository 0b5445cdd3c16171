import {
  BUSINESS_STATUS,
  type BusinessLogsQuery,
  type BusinessRole,
  type CreateBusinessRequest,
  hasRank,
  isProviderStaff,
  type UpdateBusinessRequest,
} from '@iot/shared';
import type { Transaction } from 'kysely';
import type { Database, DatabaseSchema } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { UserRow } from '../users/present.js';
import type { BusinessesRepo, ScopedBusinessRow } from './repo.js';

/** A node with what its presentation needs besides its own row. */
export interface BusinessView {
  row: ScopedBusinessRow;
  /** The parent's slug when the caller reaches the parent; null at the top of the caller's tree. */
  parentSlug: string | null;
  childIds: string[];
  users: { email: string; role: BusinessRole }[];
  deviceCount: number;
}

/**
 * The business tree (SPEC sections 3-6). Every read goes through the repo's scope, so a node the caller does not reach
 * is `not_found`; editing the tree needs `admin` on the node (and on a move's target).
 */
export function createBusinessesService({
  db,
  businessesRepo,
  now = Date.now,
}: {
  db: Database;
  businessesRepo: BusinessesRepo;
  now?: () => number;
}) {
  async function reachable(user: UserRow, id: string, trx?: Transaction<DatabaseSchema>) {
    const node = await businessesRepo.findReachable(user, id, trx);
    if (!node) throw new AppError('not_found');
    return node;
  }

  function assertCanEdit(node: ScopedBusinessRow) {
    if (!hasRank(node.role, 'admin')) throw new AppError('business.no_permission');
  }

  /** Views of the given nodes; `reachableSlugs` are the caller's reachable nodes' slugs by id. */
  async function viewsOf(user: UserRow, rows: ScopedBusinessRow[], reachableSlugs?: Map<string, string>) {
    const ids = rows.map((row) => row.id);
    const [children, entries] = await Promise.all([
      businessesRepo.reachableChildrenOf(user, ids),
      businessesRepo.entriesOf(ids),
    ]);
    let slugs = reachableSlugs;
    if (!slugs) {
      const parentIds = rows.flatMap((row) => (row.parentId ? [row.parentId] : []));
      const reachableParents = await Promise.all(parentIds.map((id) => businessesRepo.findReachable(user, id)));
      slugs = new Map(reachableParents.flatMap((parent) => (parent ? [[parent.id, parent.slug] as const] : [])));
    }
    const childIdsOf = new Map<string, string[]>();
    for (const child of children) {
      if (!child.parentId) continue;
      childIdsOf.set(child.parentId, [...(childIdsOf.get(child.parentId) ?? []), child.id]);
    }
    const usersOf = new Map<string, BusinessView['users']>();
    for (const entry of entries) {
      usersOf.set(entry.businessId, [
        ...(usersOf.get(entry.businessId) ?? []),
        { email: entry.email, role: entry.role },
      ]);
    }
    return Promise.all(
      rows.map(
        async (row): Promise<BusinessView> => ({
          row,
          parentSlug: (row.parentId && slugs.get(row.parentId)) ?? null,
          childIds: childIdsOf.get(row.id) ?? [],
          users: usersOf.get(row.id) ?? [],
          deviceCount: await businessesRepo.countDevicesInSubtree(row.path),
        }),
      ),
    );
  }

  async function viewOf(user: UserRow, row: ScopedBusinessRow): Promise<BusinessView> {
    const [view] = await viewsOf(user, [row]);
    if (!view) throw new AppError('not_found');
    return view;
  }

  return {
    /** The caller's reachable tree as a flat list, sorted case-insensitively by description. */
    async list(user: UserRow): Promise<BusinessView[]> {
      const rows = await businessesRepo.listReachable(user);
      return viewsOf(user, rows, new Map(rows.map((row) => [row.id, row.slug])));
    },

    async count(user: UserRow): Promise<number> {
      return businessesRepo.countReachable(user);
    },

    /** The tops of the caller's tree: reachable nodes whose parent the caller does not reach. */
    async roots(user: UserRow): Promise<BusinessView[]> {
      const rows = await businessesRepo.listReachable(user);
      const ids = new Set(rows.map((row) => row.id));
      const roots = rows.filter((row) => !row.parentId || !ids.has(row.parentId));
      return viewsOf(user, roots, new Map(rows.map((row) => [row.id, row.slug])));
    },

    async get(user: UserRow, id: string): Promise<BusinessView> {
      return viewOf(user, await reachable(user, id));
    },

    async countDescendants(user: UserRow, id: string): Promise<number> {
      return businessesRepo.countDescendants(await reachable(user, id));
    },

    /** A new top-level business: provider staff only. */
    async createTopLevel(user: UserRow, request: CreateBusinessRequest): Promise<BusinessView> {
      if (!isProviderStaff(user)) throw new AppError('forbidden');
      const row = await db.transaction().execute(async (trx) => {
        const created = await businessesRepo.insert({ ...request, parent: null }, now(), trx);
        await businessesRepo.insertLog(
          { businessId: created.id, userId: user.id, action: 'created', details: { description: created.description } },
          now(),
          trx,
        );
        return created;
      });
      return viewOf(user, await reachable(user, row.id));
    },

    /** A child of a node the caller administers. */
    async addChild(user: UserRow, parentId: string, request: CreateBusinessRequest): Promise<BusinessView> {
      const row = await db.transaction().execute(async (trx) => {
        // The parent's path is read under the tree lock, so a concurrent move cannot leave the child a stale path.
        await businessesRepo.lockTree(trx);
        const parent = await reachable(user, parentId, trx);
        assertCanEdit(parent);
        const created = await businessesRepo.insert({ ...request, parent }, now(), trx);
        const details = { childId: created.id, description: created.description };
        await businessesRepo.insertLog(
          { businessId: parent.id, userId: user.id, action: 'child_added', details },
          now(),
          trx,
        );
        await businessesRepo.insertLog(
          { businessId: created.id, userId: user.id, action: 'created', details: { description: created.description } },
          now(),
          trx,
        );
        return created;
      });
      return viewOf(user, await reachable(user, row.id));
    },

    /**
     * Renames and/or moves a node over the `version` the client read. A move needs `admin` on the node and on the
     * target, and the target must be reachable, not the current parent, not the node and not below it (SPEC 5).
     */
    async update(user: UserRow, id: string, request: UpdateBusinessRequest): Promise<BusinessView> {
      const node = await db.transaction().execute(async (trx) => {
        // A move is checked and made under the tree lock: two crossing moves could otherwise both pass the
        // descendant check and make a cycle.
        if (request.parent !== undefined) await businessesRepo.lockTree(trx);
        const node = await reachable(user, id, trx);
        assertCanEdit(node);
        let target: ScopedBusinessRow | undefined;
        if (request.parent !== undefined) {
          target = await businessesRepo.findReachableByIdOrSlug(user, request.parent, trx);
          if (!target) throw new AppError('business.move_target_not_found');
          if (target.id === node.id) throw new AppError('business.move_to_itself');
          if (target.id === node.parentId) throw new AppError('business.move_same_parent');
          if (target.path.startsWith(node.path)) throw new AppError('business.move_to_descendant');
          assertCanEdit(target);
        }
        const changes = {
          ...(request.description !== undefined ? { description: request.description } : {}),
          ...(target ? { parentId: target.id } : {}),
        };
        const updated = await businessesRepo.updateIfVersion(node.id, request.version, changes, trx);
        if (!updated) throw new AppError('conflict');
        if (request.description !== undefined && request.description !== node.description) {
          const details = { from: node.description, to: request.description };
          await businessesRepo.insertLog(
            { businessId: node.id, userId: user.id, action: 'renamed', details },
            now(),
            trx,
          );
        }
        if (target) {
          await businessesRepo.moveSubtree(node, target, trx);
          const details = { fromParentId: node.parentId, toParentId: target.id };
          await businessesRepo.insertLog(
            { businessId: node.id, userId: user.id, action: 'moved', details },
            now(),
            trx,
          );
        }
        return node;
      });
      return viewOf(user, await reachable(user, node.id));
    },

    /**
     * Deletes a node without sublevels or devices ("move the devices or sublevels first"); a top-level business only
     * by provider staff. The deletion is recorded in the parent's log (the node's own log goes with it).
     */
    async delete(user: UserRow, id: string): Promise<void> {
      const node = await reachable(user, id);
      assertCanEdit(node);
      if (!node.parentId && !isProviderStaff(user)) throw new AppError('forbidden');
      await db.transaction().execute(async (trx) => {
        if ((await businessesRepo.countDevicesInSubtree(node.path, trx)) > 0)
          throw new AppError('business.has_devices');
        if ((await businessesRepo.countChildren(node.id, trx)) > 0) throw new AppError('business.has_sublevels');
        await businessesRepo.delete(node.id, trx);
        if (node.parentId) {
          const details = { childId: node.id, description: node.description };
          await businessesRepo.insertLog(
            { businessId: node.parentId, userId: user.id, action: 'child_deleted', details },
            now(),
            trx,
          );
        }
      });
    },

    /** Activates (status 0) or deactivates (status 1) a node the caller administers. */
    async setActive(user: UserRow, id: string, active: boolean): Promise<BusinessView> {
      const node = await reachable(user, id);
      assertCanEdit(node);
      await db.transaction().execute(async (trx) => {
        await businessesRepo.setStatus(node.id, active ? BUSINESS_STATUS.active : BUSINESS_STATUS.inactive, trx);
        const action = active ? 'activated' : 'deactivated';
        await businessesRepo.insertLog({ businessId: node.id, userId: user.id, action, details: {} }, now(), trx);
      });
      return viewOf(user, await reachable(user, node.id));
    },

    /** One page of a reachable node's activity log. */
    async logs(user: UserRow, id: string, query: BusinessLogsQuery) {
      const node = await reachable(user, id);
      const page = await businessesRepo.pageOfLogs(node.id, {
        ...(query.fromDate ? { from: query.fromDate.getTime() } : {}),
        reverse: query.reverseOrder,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { ...page, hasNext: query.page * query.pageSize < page.total };
    },
  };
}

export type BusinessesService = ReturnType<typeof createBusinessesService>;
