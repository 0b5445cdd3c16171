import {
  type AddBusinessUsersRequest,
  BUSINESS_STATUS,
  type BusinessConfig,
  type BusinessLogsQuery,
  type BusinessRole,
  type BusinessUser,
  type CreateBusinessRequest,
  DEFAULT_ROLE_VIEWS,
  Email,
  hasRank,
  idsOnPath,
  isProviderStaff,
  type Language,
  type MessageCode,
  type UpdateBusinessConfigRequest,
  type UpdateBusinessRequest,
  type UpdateBusinessUserRequest,
  VIEW_ROLES,
} from '@iot/shared';
import type { Transaction } from 'kysely';
import type { Database, DatabaseSchema } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { PlansService } from '../plans/service.js';
import type { UserRow } from '../users/present.js';
import type { UsersRepo } from '../users/repo.js';
import { parseTheme, parseViewPermissions } from './present.js';
import type { BusinessesRepo, ListedBusinessRow, ScopedBusinessRow } from './repo.js';

/** A node with what its presentation needs besides its own row. */
export interface BusinessView {
  row: ListedBusinessRow;
  /** The parent's slug when the caller reaches the parent; null at the top of the caller's tree. */
  parentSlug: string | null;
  childIds: string[];
  users: { email: string; role: BusinessRole }[];
  deviceCount: number;
}

/**
 * What happened to one address of an add-users call; the route words it in the caller's language. A known and an
 * unknown address are both `added`, so the answer does not tell whether an address has an account.
 */
export interface AddedUser {
  email: string;
  outcome: 'added' | 'refused';
  code: MessageCode;
  params?: Record<string, number>;
}

/** Mails a new user the link to choose a password (the auth service's `sendInvitation`). */
export type SendInvitation = (options: {
  user: UserRow;
  inviter: UserRow;
  business: string;
  language: Language;
}) => Promise<void>;

/** Mails an existing user that they were added to a business, in their own language (the auth service's). */
export type SendAddedToBusiness = (options: { user: UserRow; adder: UserRow; business: string }) => Promise<void>;

/** How many ids one query over a list of ids takes (well under SQLite's and PostgreSQL's parameter limits). */
const ENTRY_BATCH = 500;

const nameOf = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`.trim();

/**
 * The business tree (SPEC sections 3-6). Every read goes through the repo's scope, so a node the caller does not reach
 * is `not_found`; editing the tree needs `admin` on the node (and on a move's target).
 */
export function createBusinessesService({
  db,
  businessesRepo,
  usersRepo,
  plans,
  sendInvitation,
  sendAddedToBusiness,
  grants,
  now = Date.now,
}: {
  db: Database;
  businessesRepo: BusinessesRepo;
  usersRepo: UsersRepo;
  plans: PlansService;
  sendInvitation: SendInvitation;
  sendAddedToBusiness: SendAddedToBusiness;
  /** The callers' entries kept in memory (`keepGrants`), forgotten as soon as a change of the tree is written. */
  grants: { forgetAll(): void };
  now?: () => number;
}) {
  /**
   * A transaction of the tree: once it ends, this process forgets the entries it keeps, before it reads any again (the
   * caller's view of a node just moved, say); other processes hear of the change when it commits.
   */
  const treeTransaction = <T>(work: (trx: Transaction<DatabaseSchema>) => Promise<T>) =>
    db
      .transaction()
      .execute(work)
      .finally(() => grants.forgetAll());

  async function reachable(user: UserRow, id: string, trx?: Transaction<DatabaseSchema>) {
    const node = await businessesRepo.findReachable(user, id, trx);
    if (!node) throw new AppError('not_found');
    return node;
  }

  function assertCanEdit(node: ScopedBusinessRow) {
    if (!hasRank(node.role, 'admin')) throw new AppError('business.no_permission');
  }

  /** Nobody gives, or takes away, a role above their own on the node. */
  function assertWithinOwnRank(node: ScopedBusinessRow, role: BusinessRole) {
    if (!hasRank(node.role, role)) throw new AppError('business.role_above_own');
  }

  /**
   * Nobody adds, changes or removes the entry of a user whose effective role on the node (own or inherited) is not
   * below their own there: a child's admin could otherwise lock the parent's admins out of the child.
   */
  async function assertBelowOwnRank(node: ScopedBusinessRow, userId: string, trx: Transaction<DatabaseSchema>) {
    const [target] = await businessesRepo.effectiveRolesAt(node.id, [userId], trx);
    if (target && hasRank(target.role, node.role)) throw new AppError('business.role_above_own');
  }

  /** The user behind `email` and their entry on the node, for changing it: never oneself, never a missing entry. */
  async function entryToChange(
    user: UserRow,
    node: ScopedBusinessRow,
    email: string,
    trx: Transaction<DatabaseSchema>,
  ) {
    if (email === user.email) throw new AppError('business.user_self');
    const target = await usersRepo.findByEmail(email, trx);
    const entry = target && (await businessesRepo.findEntry(node.id, target.id, trx));
    if (!target || !entry) throw new AppError('business.user_not_in_list');
    await assertBelowOwnRank(node, target.id, trx);
    return { target, entry };
  }

  /**
   * Views of the given nodes in a bounded number of queries, whatever their number. `tree`, when the caller's whole
   * reachable tree is at hand already (the listing, the roots), gives the children and the parents' slugs in memory;
   * otherwise (a few nodes) one query finds their reachable children and one their reachable parents.
   */
  async function viewsOf(user: UserRow, rows: ListedBusinessRow[], tree?: ListedBusinessRow[]) {
    const ids = rows.map((row) => row.id);
    const parentIds = [...new Set(rows.flatMap((row) => (row.parentId ? [row.parentId] : [])))];
    const [children, parents, entries, deviceCounts] = await Promise.all([
      tree
        ? tree.map((row) => ({ id: row.id, parentId: row.parentId }))
        : businessesRepo.reachableChildrenOf(user, ids),
      tree ?? businessesRepo.reachableAmong(user, parentIds),
      // A large listing: the entries within the caller's reach (two queries); a few nodes: one query over their ids.
      tree && rows.length > ENTRY_BATCH ? businessesRepo.entriesOfReachable(user) : entriesOf(ids),
      businessesRepo.countDevicesInSubtrees(rows, tree),
    ]);
    const slugs = new Map(parents.map((parent) => [parent.id, parent.slug]));
    const wanted = new Set(ids);
    const childIdsOf = new Map<string, string[]>();
    for (const child of children) {
      if (!child.parentId || !wanted.has(child.parentId)) continue;
      const siblings = childIdsOf.get(child.parentId);
      if (siblings) siblings.push(child.id);
      else childIdsOf.set(child.parentId, [child.id]);
    }
    // Children in id order, as the query for a few nodes answers them.
    if (tree) for (const siblings of childIdsOf.values()) siblings.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const usersOf = new Map<string, BusinessView['users']>();
    for (const entry of entries) {
      if (!wanted.has(entry.businessId)) continue;
      const holders = usersOf.get(entry.businessId);
      const holder = { email: entry.email, role: entry.role };
      if (holders) holders.push(holder);
      else usersOf.set(entry.businessId, [holder]);
    }
    return rows.map(
      (row): BusinessView => ({
        row,
        parentSlug: (row.parentId && slugs.get(row.parentId)) ?? null,
        childIds: childIdsOf.get(row.id) ?? [],
        users: usersOf.get(row.id) ?? [],
        deviceCount: deviceCounts.get(row.id) ?? 0,
      }),
    );
  }

  /** The entries on `ids`, in batches that stay under both databases' limits on bound parameters. */
  async function entriesOf(ids: string[]) {
    const batches: string[][] = [];
    for (let start = 0; start < ids.length; start += ENTRY_BATCH) batches.push(ids.slice(start, start + ENTRY_BATCH));
    const answers = await Promise.all(batches.map((batch) => businessesRepo.entriesOf(batch)));
    return answers.length === 1 ? (answers[0] ?? []) : answers.flat().sort((a, b) => a.email.localeCompare(b.email));
  }

  /** A node's configuration with what it inherits from its ancestors (SPEC 6: views inherited when unset). */
  async function configOf(user: UserRow, node: ScopedBusinessRow): Promise<BusinessConfig> {
    const rows = (await businessesRepo.configsOnPath(node.path)).map((row) => ({
      ...row,
      theme: parseTheme(row.theme),
      views: parseViewPermissions(row.viewPermissions),
    }));
    const reachableIds = new Set(
      (
        await businessesRepo.reachableAmong(
          user,
          rows.map((row) => row.id),
        )
      ).map((row) => row.id),
    );
    const own = rows.find((row) => row.id === node.id);
    return {
      theme: own?.theme ?? null,
      logo: own?.logo ?? null,
      effective: {
        theme: rows.find((row) => row.theme !== null)?.theme ?? null,
        logo: rows.find((row) => row.logo !== null)?.logo ?? null,
      },
      viewPermissions: VIEW_ROLES.map((role) => {
        const holder = rows.find((row) => row.views[role] !== undefined);
        const views = holder?.views[role];
        if (!holder || !views) return { role, ...DEFAULT_ROLE_VIEWS, source: 'default', inheritedFrom: null };
        if (holder.id === node.id) return { role, ...views, source: 'own', inheritedFrom: null };
        const inheritedFrom = reachableIds.has(holder.id) ? { id: holder.id, description: holder.description } : null;
        return { role, ...views, source: 'inherited', inheritedFrom };
      }),
      version: node.version,
    };
  }

  async function viewOf(user: UserRow, row: ListedBusinessRow): Promise<BusinessView> {
    const [view] = await viewsOf(user, [row]);
    if (!view) throw new AppError('not_found');
    return view;
  }

  return {
    /** The caller's reachable tree as a flat list, sorted case-insensitively by description. */
    async list(user: UserRow): Promise<BusinessView[]> {
      const rows = await businessesRepo.listReachable(user);
      return viewsOf(user, rows, rows);
    },

    treeRevision: () => businessesRepo.treeRevision(),

    async count(user: UserRow): Promise<number> {
      return businessesRepo.countReachable(user);
    },

    /** The tops of the caller's tree: reachable nodes whose parent the caller does not reach. */
    async roots(user: UserRow): Promise<BusinessView[]> {
      const rows = await businessesRepo.listReachable(user);
      const ids = new Set(rows.map((row) => row.id));
      const roots = rows.filter((row) => !row.parentId || !ids.has(row.parentId));
      return viewsOf(user, roots, rows);
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
      const row = await treeTransaction(async (trx) => {
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
      const row = await treeTransaction(async (trx) => {
        // The parent's path is read under the tree lock, so a concurrent move cannot leave the child a stale path.
        await businessesRepo.lockTree(trx);
        const parent = await reachable(user, parentId, trx);
        assertCanEdit(parent);
        await plans.assertCanAddChild(parent, trx);
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
      const node = await treeTransaction(async (trx) => {
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
          await plans.assertCanMove(node, target, trx);
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
     * Deletes a node without sublevels, devices, assets, places, usage licenses or contracts ("move the devices or
     * sublevels first"); a top-level business only by provider staff. The deletion is recorded in the parent's log
     * (the node's own log goes with it).
     */
    async delete(user: UserRow, id: string): Promise<void> {
      const node = await reachable(user, id);
      assertCanEdit(node);
      if (!node.parentId && !isProviderStaff(user)) throw new AppError('forbidden');
      await treeTransaction(async (trx) => {
        if ((await businessesRepo.countDevicesInSubtree(node.path, trx)) > 0)
          throw new AppError('business.has_devices');
        if ((await businessesRepo.countAssetsInSubtree(node.path, trx)) > 0) throw new AppError('business.has_assets');
        if ((await businessesRepo.countPlacesInSubtree(node.path, trx)) > 0) throw new AppError('business.has_places');
        // A license references its level: its deletion would fail on the foreign key.
        if ((await businessesRepo.countUsageLicensesInSubtree(node.path, trx)) > 0)
          throw new AppError('business.has_usage_licenses');
        // A level's contracts go with it by cascade: its credits and log would vanish unnoticed.
        if ((await businessesRepo.countContractsInSubtree(node.path, trx)) > 0)
          throw new AppError('business.has_contracts');
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
      await treeTransaction(async (trx) => {
        await businessesRepo.setStatus(node.id, active ? BUSINESS_STATUS.active : BUSINESS_STATUS.inactive, trx);
        const action = active ? 'activated' : 'deactivated';
        await businessesRepo.insertLog({ businessId: node.id, userId: user.id, action, details: {} }, now(), trx);
      });
      return viewOf(user, await reachable(user, node.id));
    },

    /**
     * The entries on a reachable node, and the roles that reach it from entries on the ancestors the caller also
     * reaches (the nearest such entry per user), for users without an entry of their own on the node.
     */
    async users(user: UserRow, id: string): Promise<{ users: BusinessUser[]; inherited: BusinessUser[] }> {
      const node = await reachable(user, id);
      const ancestorIds = idsOnPath(node.path).filter((ancestorId) => ancestorId !== node.id);
      const ancestors = await businessesRepo.reachableAmong(user, ancestorIds);
      const entries = await businessesRepo.usersOf([node.id, ...ancestors.map((ancestor) => ancestor.id)]);
      const own = entries.filter((entry) => entry.businessId === node.id);
      const withOwn = new Set(own.map((entry) => entry.userId));
      const nearestFirst = [...ancestors].sort((a, b) => b.depth - a.depth);
      const inherited: BusinessUser[] = [];
      const seen = new Set<string>();
      for (const ancestor of nearestFirst) {
        for (const entry of entries) {
          if (entry.businessId !== ancestor.id || withOwn.has(entry.userId) || seen.has(entry.userId)) continue;
          seen.add(entry.userId);
          inherited.push({
            id: entry.userId,
            email: entry.email,
            name: nameOf(entry),
            role: entry.role,
            inheritedFrom: { id: ancestor.id, description: ancestor.description },
          });
        }
      }
      inherited.sort((a, b) => a.email.localeCompare(b.email));
      return {
        users: own.map((entry) => ({
          id: entry.userId,
          email: entry.email,
          name: nameOf(entry),
          role: entry.role,
          inheritedFrom: null,
        })),
        inherited,
      };
    },

    /**
     * Adds several addresses to a node the caller administers, each checked on its own (SPEC 5: a valid address, not
     * already in the list, not oneself); an address past the plan's `maxUsers` is refused. An unknown address becomes
     * an unconfirmed user, invited by mail in `language` once the additions are saved (so is a user invited before who
     * has not chosen a password yet); an existing user is told by mail, in their own language. Both are answered
     * alike, so the answer does not tell whether an address has an account. The role given may not be above the
     * caller's own there, nor may an added user hold a role there (inherited) that is not below it: either refuses
     * the whole call.
     */
    async addUsers(
      user: UserRow,
      id: string,
      request: AddBusinessUsersRequest,
      language: Language,
    ): Promise<AddedUser[]> {
      const invited: UserRow[] = [];
      const added: UserRow[] = [];
      const { node, results } = await treeTransaction(async (trx) => {
        // Under the tree lock, so two concurrent additions cannot both take the plan's last free user.
        await businessesRepo.lockTree(trx);
        const node = await reachable(user, id, trx);
        assertCanEdit(node);
        assertWithinOwnRank(node, request.role);
        const results: AddedUser[] = [];
        const seen = new Set<string>();
        for (const raw of request.emails) {
          const parsed = Email.safeParse(raw);
          if (!parsed.success) {
            results.push({ email: raw.trim(), outcome: 'refused', code: 'business.invalid_email' });
            continue;
          }
          const email = parsed.data;
          const refuse = (code: MessageCode) => results.push({ email, outcome: 'refused', code });
          if (email === user.email) {
            refuse('business.user_self');
            continue;
          }
          let target = await usersRepo.findByEmail(email, trx);
          if (seen.has(email) || (target && (await businessesRepo.findEntry(node.id, target.id, trx)))) {
            refuse('business.user_already_added');
            continue;
          }
          if (target) await assertBelowOwnRank(node, target.id, trx);
          seen.add(email);
          const limit = await plans.userLimitReached(node, target?.id, trx);
          if (limit !== undefined) {
            results.push({ email, outcome: 'refused', code: 'plan.limit_exceeded', params: { limit } });
            continue;
          }
          // An invited user who has not chosen a password yet gets a fresh invitation with this level too.
          const isNew = !target || (target.passwordHash === null && target.emailConfirmedAt === null);
          if (!target) {
            target = await usersRepo.insert({ email, passwordHash: null, language, emailConfirmed: false }, trx);
            if (!target) throw new AppError('conflict');
          }
          (isNew ? invited : added).push(target);
          await businessesRepo.setEntry(node.id, target.id, request.role, now(), trx);
          await businessesRepo.insertLog(
            {
              businessId: node.id,
              userId: user.id,
              action: 'user_added',
              details: { email, role: request.role },
            },
            now(),
            trx,
          );
          results.push({ email, outcome: 'added', code: 'business.user_added' });
        }
        return { node, results };
      });
      for (const newUser of invited) {
        await sendInvitation({ user: newUser, inviter: user, business: node.description, language });
      }
      for (const existing of added) {
        await sendAddedToBusiness({ user: existing, adder: user, business: node.description });
      }
      return results;
    },

    /**
     * A new role for a user in the node's list: the new role may not be above the caller's own, and the current one
     * must be below it.
     */
    async updateUser(user: UserRow, id: string, request: UpdateBusinessUserRequest): Promise<void> {
      await treeTransaction(async (trx) => {
        const node = await reachable(user, id, trx);
        assertCanEdit(node);
        assertWithinOwnRank(node, request.role);
        const { target, entry } = await entryToChange(user, node, request.email, trx);
        if (entry.role === request.role) return;
        await businessesRepo.setEntry(node.id, target.id, request.role, now(), trx);
        const details = { email: target.email, from: entry.role, to: request.role };
        await businessesRepo.insertLog(
          { businessId: node.id, userId: user.id, action: 'user_role_changed', details },
          now(),
          trx,
        );
      });
    },

    /** Takes a user whose role is below the caller's off the node's list (their account stays). */
    async removeUser(user: UserRow, id: string, email: string): Promise<void> {
      await treeTransaction(async (trx) => {
        const node = await reachable(user, id, trx);
        assertCanEdit(node);
        const { target, entry } = await entryToChange(user, node, email, trx);
        await businessesRepo.deleteEntry(node.id, target.id, trx);
        const details = { email: target.email, role: entry.role };
        await businessesRepo.insertLog(
          { businessId: node.id, userId: user.id, action: 'user_removed', details },
          now(),
          trx,
        );
      });
    },

    async config(user: UserRow, id: string): Promise<BusinessConfig> {
      return configOf(user, await reachable(user, id));
    },

    /**
     * Changes a node's theme, logo and/or per-role views over the `version` read (admin on the node). Setting a theme
     * or a logo needs the plan feature `customColorAndLogo`; unsetting them does not.
     */
    async updateConfig(user: UserRow, id: string, request: UpdateBusinessConfigRequest): Promise<BusinessConfig> {
      await treeTransaction(async (trx) => {
        const node = await reachable(user, id, trx);
        assertCanEdit(node);
        if (request.theme || request.logo) {
          const { features } = await plans.planOf(node, trx);
          if (!features.customColorAndLogo) throw new AppError('plan.unavailable');
        }
        const changes: { theme?: string | null; logo?: string | null; viewPermissions?: string | null } = {};
        if (request.theme !== undefined) changes.theme = request.theme && JSON.stringify(request.theme);
        if (request.logo !== undefined) changes.logo = request.logo;
        if (request.viewPermissions !== undefined) {
          const views = parseViewPermissions(node.viewPermissions);
          for (const [role, roleViews] of Object.entries(request.viewPermissions)) {
            if (roleViews) views[role as keyof typeof views] = roleViews;
            else delete views[role as keyof typeof views];
          }
          changes.viewPermissions = Object.keys(views).length > 0 ? JSON.stringify(views) : null;
        }
        const updated = await businessesRepo.updateIfVersion(node.id, request.version, changes, trx);
        if (!updated) throw new AppError('conflict');
        const details = {
          fields: Object.keys(changes),
          ...(request.viewPermissions ? { roles: Object.keys(request.viewPermissions) } : {}),
        };
        await businessesRepo.insertLog(
          { businessId: node.id, userId: user.id, action: 'config_changed', details },
          now(),
          trx,
        );
      });
      return configOf(user, await reachable(user, id));
    },

    /**
     * Locks (`active` cfg and merged false) or unlocks (both true) a level: provider staff only, and only while the
     * level's own lock (cfg) and the lock alert (merged) agree (SPEC 4).
     */
    async setLocked(user: UserRow, id: string, locked: boolean): Promise<BusinessView> {
      if (!isProviderStaff(user)) {
        await reachable(user, id);
        throw new AppError('forbidden');
      }
      await treeTransaction(async (trx) => {
        const node = await reachable(user, id, trx);
        if (node.cfgLocked !== node.mergedLocked) throw new AppError('business.lock_mismatch');
        await businessesRepo.setLocked(node.id, locked, trx);
        const action = locked ? 'locked' : 'unlocked';
        await businessesRepo.insertLog({ businessId: node.id, userId: user.id, action, details: {} }, now(), trx);
      });
      return viewOf(user, await reachable(user, id));
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
