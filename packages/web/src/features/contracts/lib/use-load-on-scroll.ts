import { type RefObject, useEffect } from 'react';

/**
 * Loads the next page when `sentinel` (an element after the last row) scrolls into view, so a long list grows as it
 * is read; without `IntersectionObserver` the list's "Load more" button still does it.
 */
export function useLoadOnScroll(
  sentinel: RefObject<Element | null>,
  { hasMore, loading, onLoadMore }: { hasMore: boolean; loading: boolean; onLoadMore: () => void },
) {
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onLoadMore();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [sentinel, hasMore, loading, onLoadMore]);
}
