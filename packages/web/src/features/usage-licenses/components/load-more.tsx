import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useRef } from 'react';

/** How far below the view (in pixels) the button may be when scrolling starts loading the next page. */
const LOAD_AHEAD_PX = 200;

/**
 * The end of a paged list: the next page loads by itself as this comes into view (infinite scroll), or when its
 * button is pressed (where the browser cannot tell what is in view).
 */
export function LoadMore({
  pages,
  label,
}: {
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  label: string;
}) {
  const anchor = useRef<HTMLDivElement | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  useEffect(() => {
    const element = anchor.current;
    if (!element || !hasNextPage || isFetchingNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: `0px 0px ${LOAD_AHEAD_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (!hasNextPage) return null;
  return (
    <Box ref={anchor} sx={{ display: 'flex', justifyContent: 'center', pt: 1.5 }}>
      <Button
        size="small"
        variant="outlined"
        disabled={isFetchingNextPage}
        startIcon={isFetchingNextPage ? <CircularProgress size={16} /> : undefined}
        onClick={() => void fetchNextPage()}
      >
        {label}
      </Button>
    </Box>
  );
}
