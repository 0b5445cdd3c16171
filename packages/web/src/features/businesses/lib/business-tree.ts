import { BUSINESS_STATUS, type Business, hasRank, type Role } from '@iot/shared';

/** The reachable businesses as a tree: the flat list indexed, each node's children in the list's order. */
export interface BusinessTree {
  byId: ReadonlyMap<string, Business>;
  parentOf: ReadonlyMap<string, string | null>;
  childrenOf: ReadonlyMap<string, readonly string[]>;
  /** Nodes whose parent is not reachable: the tops of the caller's tree. */
  roots: readonly string[];
}

/** One line of a flattened tree: the node, its depth below the shown tops, whether it has and shows children. */
export interface BusinessRow {
  id: string;
  depth: number;
  hasChildren: boolean;
  expanded: boolean;
}

const NO_CHILDREN: readonly string[] = [];

/** Builds the tree from the flat list (parents given by slug); the list's order (by description) is kept. */
export function buildBusinessTree(businesses: readonly Business[]): BusinessTree {
  const byId = new Map<string, Business>();
  const idOfSlug = new Map<string, string>();
  for (const business of businesses) {
    byId.set(business._id, business);
    idOfSlug.set(business.slug, business._id);
  }
  const parentOf = new Map<string, string | null>();
  const childrenOf = new Map<string, string[]>();
  const roots: string[] = [];
  for (const business of businesses) {
    const parentId = business.parent === null ? undefined : (idOfSlug.get(business.parent) ?? business.parent);
    if (parentId !== undefined && byId.has(parentId) && parentId !== business._id) {
      parentOf.set(business._id, parentId);
      const siblings = childrenOf.get(parentId);
      if (siblings) siblings.push(business._id);
      else childrenOf.set(parentId, [business._id]);
    } else {
      parentOf.set(business._id, null);
      roots.push(business._id);
    }
  }
  return { byId, parentOf, childrenOf, roots };
}

export const childrenOf = (tree: BusinessTree, id: string) => tree.childrenOf.get(id) ?? NO_CHILDREN;

/** The ids from the top of the tree down to `id`'s parent, top first. */
export function ancestorsOf(tree: BusinessTree, id: string): string[] {
  const ancestors: string[] = [];
  const seen = new Set<string>([id]);
  let parent = tree.parentOf.get(id) ?? null;
  while (parent !== null && !seen.has(parent)) {
    seen.add(parent);
    ancestors.unshift(parent);
    parent = tree.parentOf.get(parent) ?? null;
  }
  return ancestors;
}

/** `id` and every node below it. */
export function subtreeIds(tree: BusinessTree, id: string): Set<string> {
  const ids = new Set<string>();
  const stack = [id];
  while (stack.length > 0) {
    const next = stack.pop() as string;
    if (ids.has(next)) continue;
    ids.add(next);
    for (const child of childrenOf(tree, next)) stack.push(child);
  }
  return ids;
}

/** "Acme Water / North region / Plant 1". */
export function businessPath(tree: BusinessTree, id: string): string {
  return [...ancestorsOf(tree, id), id].map((node) => tree.byId.get(node)?.description ?? node).join(' / ');
}

/**
 * What a search shows: the nodes whose description contains the text (case-insensitively) plus their ancestors, all
 * of which are shown expanded. `null` for an empty search.
 */
export function searchBusinessTree(
  tree: BusinessTree,
  text: string,
  rootIds: readonly string[] = tree.roots,
): { visible: Set<string>; expanded: Set<string> } | null {
  const needle = text.trim().toLocaleLowerCase();
  if (!needle) return null;
  const visible = new Set<string>();
  const expanded = new Set<string>();
  const stack = [...rootIds];
  const tops = new Set(rootIds);
  while (stack.length > 0) {
    const id = stack.pop() as string;
    const business = tree.byId.get(id);
    if (!business) continue;
    if (business.description.toLocaleLowerCase().includes(needle)) {
      visible.add(id);
      let current = id;
      while (!tops.has(current)) {
        const parent = tree.parentOf.get(current) ?? null;
        if (parent === null || expanded.has(parent)) break;
        expanded.add(parent);
        visible.add(parent);
        current = parent;
      }
    }
    for (const child of childrenOf(tree, id)) stack.push(child);
  }
  return { visible, expanded };
}

/**
 * The rows to draw, top to bottom: a depth-first walk that enters only expanded nodes and, during a search, shows
 * only the search's nodes. `hidden` nodes (and what is below them) are left out, e.g. in the move picker.
 */
export function flattenBusinessTree(
  tree: BusinessTree,
  {
    expanded,
    search = null,
    rootIds = tree.roots,
    hidden,
  }: {
    expanded: ReadonlySet<string>;
    search?: { visible: ReadonlySet<string>; expanded: ReadonlySet<string> } | null;
    rootIds?: readonly string[];
    hidden?: ReadonlySet<string>;
  },
): BusinessRow[] {
  const rows: BusinessRow[] = [];
  const stack: { id: string; depth: number }[] = [];
  const push = (ids: readonly string[], depth: number) => {
    for (let index = ids.length - 1; index >= 0; index -= 1) {
      const id = ids[index] as string;
      if (hidden?.has(id) || (search && !search.visible.has(id))) continue;
      stack.push({ id, depth });
    }
  };
  push(rootIds, 0);
  while (stack.length > 0) {
    const { id, depth } = stack.pop() as { id: string; depth: number };
    const children = childrenOf(tree, id);
    const isExpanded = search ? search.expanded.has(id) : expanded.has(id);
    rows.push({ id, depth, hasChildren: children.length > 0, expanded: isExpanded && children.length > 0 });
    if (isExpanded) push(children, depth + 1);
  }
  return rows;
}

export const isBusinessActive = (business: Business) => business.status === BUSINESS_STATUS.active;

/**
 * The user's effective role on a node (SPEC section 6): provider staff everywhere; otherwise the role of the nearest
 * business entry for the user on the node's path (a role applies to the whole subtree below it).
 */
export function roleOnBusiness(tree: BusinessTree, id: string, user: { email: string; role: string }): Role {
  if (user.role === 'product') return 'product';
  const email = user.email.toLowerCase();
  for (const node of [id, ...ancestorsOf(tree, id).reverse()]) {
    const entry = tree.byId.get(node)?.usersAdv.users.find((candidate) => candidate.email.toLowerCase() === email);
    if (entry) return entry.role;
  }
  return 'none';
}

/** Editing the tree at a node takes admin there (or above). */
export const canEditBusiness = (tree: BusinessTree, id: string, user: { email: string; role: string }) =>
  hasRank(roleOnBusiness(tree, id, user), 'admin');
