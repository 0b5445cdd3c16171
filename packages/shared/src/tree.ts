/**
 * The ids on a node's materialised path, root first: `/rootId/childId/` → rootId, childId (ARCHITECTURE.md, "Tree").
 */
export function idsOnPath(path: string): string[] {
  return path.split('/').filter((id) => id !== '');
}

/**
 * The deepest node that is an ancestor-or-self of every given node, each given by its materialised path; undefined
 * for no nodes or nodes of different trees. Bulk moves use it to find the one level every moved item lies under.
 */
export function commonAncestor(paths: readonly string[]): string | undefined {
  const [first, ...rest] = paths.map(idsOnPath);
  if (!first) return undefined;
  let common = first.length;
  for (const ids of rest) {
    let shared = 0;
    while (shared < common && shared < ids.length && ids[shared] === first[shared]) shared += 1;
    common = shared;
  }
  return common === 0 ? undefined : first[common - 1];
}
