import { DEFAULT_ACTIONS, type StoredAction } from '@iot/shared';
import { FOLLOWS_PARENT } from './repo.js';

/** A stored list on the path of a business, nearest first, as `ActionsRepo.listsOnPath` reads it. */
export interface ListOnPath {
  id: string;
  description: string;
  actions: string | null;
  version: number | null;
}

/** The actions that apply to a business, and whose list they are. */
export interface EffectiveActions {
  actions: StoredAction[];
  /** The business holding the list; null for the default list (no business up the tree has one). */
  owner: { id: string; description: string } | null;
  /** The version of the business's own row (0 when it has none), which an edit must name. */
  ownVersion: number;
}

/** The stored form of a list (validated when it was saved). */
export const parseActions = (json: string) => JSON.parse(json) as StoredAction[];

const hasList = (node: ListOnPath): node is ListOnPath & { actions: string } =>
  node.actions !== null && node.actions !== FOLLOWS_PARENT;

/**
 * Inheritance (SPEC 3 "Action config"): a business's own list, else its nearest ancestor's, else `DEFAULT_ACTIONS`.
 * `nodes` are the business and its ancestors, the business first.
 */
export function effectiveActions(nodes: ListOnPath[]): EffectiveActions {
  const ownVersion = nodes[0]?.version ?? 0;
  const holder = nodes.find(hasList);
  if (!holder) return { actions: DEFAULT_ACTIONS, owner: null, ownVersion };
  return {
    actions: parseActions(holder.actions),
    owner: { id: holder.id, description: holder.description },
    ownVersion,
  };
}
