import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useEffect } from 'react';

/** The next page is asked for when the rows in view come this close to the end of what is loaded. */
const LOAD_AHEAD = 20;

interface InfiniteRowsOptions {
  count: number;
  scrollRef: RefObject<HTMLDivElement | null>;
  rowHeight: number;
  /** Items side by side per row (the cards); 1 for a list. */
  lanes?: number;
  /** Space above the first row inside the scroller (a sticky header). */
  scrollMargin?: number;
  initialHeight: number;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  keyOf: (index: number) => string | number;
}

/**
 * The virtualiser of a device view: only the rows in view (plus a few) are in the page, and scrolling near the end
 * of the loaded pages fetches the next one, so 100,000 devices scroll like fifty.
 */
export function useInfiniteRows({
  count,
  scrollRef,
  rowHeight,
  lanes = 1,
  scrollMargin = 0,
  initialHeight,
  hasMore,
  loadingMore,
  onLoadMore,
  keyOf,
}: InfiniteRowsOptions) {
  const virtualizer = useVirtualizer({
    count,
    lanes,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
    scrollMargin,
    initialRect: { width: 800, height: initialHeight },
    // A scroller not laid out yet (or a DOM without layout, as in tests) measures 0: keep drawing a window's worth.
    observeElementRect: (instance, report) =>
      observeElementRect(instance, (rect) =>
        report(rect.height > 0 ? rect : { width: rect.width, height: initialHeight }),
      ),
    getItemKey: keyOf,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= count - LOAD_AHEAD) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, count, onLoadMore]);
  return { virtualizer, items };
}
