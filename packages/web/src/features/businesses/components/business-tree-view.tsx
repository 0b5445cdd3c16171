import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import MoreVert from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { type MouseEvent, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type BusinessTree, flattenBusinessTree, isBusinessActive, searchBusinessTree } from '../lib/business-tree';

export const BUSINESS_ROW_HEIGHT = 40;

interface BusinessTreeViewProps {
  tree: BusinessTree;
  expanded: ReadonlySet<string>;
  onToggle: (id: string) => void;
  search?: string;
  selectedId?: string | null;
  onSelect: (id: string) => void;
  /** The tops to show (the whole reachable tree by default). */
  rootIds?: readonly string[];
  /** Nodes left out with everything below them. */
  hidden?: ReadonlySet<string>;
  /** Offers a menu per node (the button and a right click). */
  onOpenMenu?: (id: string, anchor: HTMLElement | { top: number; left: number }) => void;
  /** The size used before the list has measured itself (and in tests). */
  initialHeight?: number;
  label: string;
}

/**
 * The business tree as a virtualised list: the expanded tree is flattened into rows and only the rows in view (plus
 * a few) are in the page, so 100,000 nodes scroll as smoothly as ten.
 */
export function BusinessTreeView({
  tree,
  expanded,
  onToggle,
  search = '',
  selectedId,
  onSelect,
  rootIds,
  hidden,
  onOpenMenu,
  initialHeight = 600,
  label,
}: BusinessTreeViewProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const searched = useMemo(() => searchBusinessTree(tree, search, rootIds), [tree, search, rootIds]);
  const rows = useMemo(
    () => flattenBusinessTree(tree, { expanded, search: searched, rootIds, hidden }),
    [tree, expanded, searched, rootIds, hidden],
  );
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => BUSINESS_ROW_HEIGHT,
    overscan: 8,
    initialRect: { width: 400, height: initialHeight },
    // A list not laid out yet (or a DOM without layout, as in tests) measures 0: keep drawing a window's worth.
    observeElementRect: (instance, report) =>
      observeElementRect(instance, (rect) =>
        report(rect.height > 0 ? rect : { width: rect.width, height: initialHeight }),
      ),
    getItemKey: (index) => rows[index]?.id ?? index,
  });

  if (rows.length === 0) {
    return (
      <Typography sx={{ color: 'text.secondary', p: 2 }}>
        {search.trim() ? t('businesses.noMatch') : t('businesses.empty')}
      </Typography>
    );
  }

  return (
    <Box ref={scrollRef} sx={{ height: '100%', overflow: 'auto', contain: 'strict' }}>
      <Box role="tree" aria-label={label} sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          const business = row && tree.byId.get(row.id);
          if (!row || !business) return null;
          const selected = row.id === selectedId;
          const active = isBusinessActive(business);
          const openMenu = (event: MouseEvent<HTMLElement>) => {
            event.preventDefault();
            event.stopPropagation();
            onOpenMenu?.(
              row.id,
              event.type === 'contextmenu' ? { top: event.clientY, left: event.clientX } : event.currentTarget,
            );
          };
          return (
            <Box
              key={item.key}
              role="treeitem"
              aria-level={row.depth + 1}
              aria-selected={selected}
              aria-expanded={row.hasChildren ? row.expanded : undefined}
              tabIndex={selected || (!selectedId && item.index === 0) ? 0 : -1}
              onClick={() => onSelect(row.id)}
              onKeyDown={(event) => {
                if (event.target !== event.currentTarget) return;
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  onSelect(row.id);
                } else if (row.hasChildren && event.key === (row.expanded ? 'ArrowLeft' : 'ArrowRight')) {
                  onToggle(row.id);
                }
              }}
              onContextMenu={onOpenMenu ? openMenu : undefined}
              sx={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: BUSINESS_ROW_HEIGHT,
                transform: `translateY(${item.start}px)`,
                display: 'flex',
                alignItems: 'center',
                pl: `${row.depth * 20 + 4}px`,
                pr: 0.5,
                cursor: 'pointer',
                bgcolor: selected ? 'action.selected' : undefined,
                '&:hover': { bgcolor: selected ? 'action.selected' : 'action.hover' },
                '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
              }}
            >
              {row.hasChildren ? (
                <IconButton
                  size="small"
                  tabIndex={-1}
                  aria-label={t(row.expanded ? 'businesses.collapse' : 'businesses.expand', {
                    name: business.description,
                  })}
                  onClick={(event) => {
                    event.stopPropagation();
                    onToggle(row.id);
                  }}
                  disabled={Boolean(search.trim())}
                >
                  {row.expanded ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" />}
                </IconButton>
              ) : (
                <Box sx={{ width: 34, flexShrink: 0 }} />
              )}
              <Typography
                noWrap
                sx={{
                  flex: 1,
                  minWidth: 0,
                  fontWeight: selected ? 600 : 400,
                  color: active ? 'text.primary' : 'text.disabled',
                  fontStyle: active ? undefined : 'italic',
                }}
                title={active ? business.description : `${business.description} (${t('businesses.inactive')})`}
              >
                {business.description}
              </Typography>
              {onOpenMenu && (
                <IconButton
                  size="small"
                  tabIndex={-1}
                  aria-label={t('businesses.actionsFor', { name: business.description })}
                  onClick={openMenu}
                >
                  <MoreVert fontSize="small" />
                </IconButton>
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
