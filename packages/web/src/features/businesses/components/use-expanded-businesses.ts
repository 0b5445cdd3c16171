import { useCallback, useState } from 'react';
import type { BusinessTree } from '../lib/business-tree';

/** Which nodes of a tree are open: at first the tops, so the first level below them shows. */
export function useExpandedBusinesses(tree: BusinessTree, initial?: readonly string[]) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(initial ?? tree.roots));
  const toggle = useCallback((id: string) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const expand = useCallback((ids: readonly string[]) => {
    setExpanded((current) => (ids.every((id) => current.has(id)) ? current : new Set([...current, ...ids])));
  }, []);
  return { expanded, toggle, expand };
}
