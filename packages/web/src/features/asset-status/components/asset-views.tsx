import type { Asset } from '@iot/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '@/components/router-link';
import { useInfiniteRows } from '@/features/devices/components/use-infinite-rows';
import {
  AssetLastSeen,
  type AssetRowContext,
  AssetValues,
  IncompleteChip,
  LinkedDevice,
  OpenAlarms,
} from './asset-facts';

/** What both asset views take: the assets loaded so far, the paging, and how to show and open them. */
export interface AssetViewProps extends AssetRowContext {
  assets: Asset[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  height: number | string;
}

const ROW_HEIGHT = 56;
const HEADER_HEIGHT = 52;
/** Description, type, business, linked device, its latest values, open alarms, last seen. */
const COLUMNS =
  'minmax(140px, 1.4fr) minmax(90px, 1fr) minmax(90px, 1fr) minmax(110px, 1.2fr) minmax(140px, 1.8fr) 112px 136px';
/** Below this the table scrolls sideways rather than squeeze its text away, as the device list does. */
const MIN_WIDTH = 860;

const cell = { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', px: 1 } as const;
const nameCell = {
  minWidth: 0,
  px: 1,
  overflow: 'hidden',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  lineHeight: 1.3,
  overflowWrap: 'anywhere',
} as const;
const heading = { minWidth: 0, px: 1, lineHeight: 1.25, overflowWrap: 'anywhere' } as const;

function AssetName({ asset, assetLink }: { asset: Asset; assetLink: AssetRowContext['assetLink'] }) {
  return (
    <RouterLink to={assetLink(asset)} title={asset.description}>
      {asset.description}
    </RouterLink>
  );
}

/** The list view: a virtualised table, one row per asset, fetching further pages as it is scrolled. */
export function AssetTable({
  assets,
  hasMore,
  loadingMore,
  onLoadMore,
  height,
  typeOf,
  assetLink,
  deviceLink,
  colours,
}: AssetViewProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = assets.length + (hasMore ? 1 : 0);
  const { virtualizer, items } = useInfiniteRows({
    count,
    scrollRef,
    rowHeight: ROW_HEIGHT,
    scrollMargin: HEADER_HEIGHT,
    initialHeight: 480,
    hasMore,
    loadingMore,
    onLoadMore,
    keyOf: (index) => assets[index]?._id ?? 'more',
  });
  const rowStyle = {
    display: 'grid',
    gridTemplateColumns: COLUMNS,
    alignItems: 'center',
    minWidth: MIN_WIDTH,
  } as const;
  const headings = [
    t('assetStatus.column.description'),
    t('assetStatus.column.type'),
    t('devices.column.business'),
    t('assetStatus.column.device'),
    t('devices.column.values'),
    t('assetStatus.column.alarms'),
    t('devices.column.lastSeen'),
  ];

  return (
    <Box ref={scrollRef} sx={{ height, overflow: 'auto', contain: 'strict' }}>
      <Box role="table" aria-label={t('assetStatus.title')} aria-rowcount={count + 1}>
        <Box role="rowgroup" sx={{ position: 'sticky', top: 0, zIndex: 1, bgcolor: 'background.paper' }}>
          <Box
            role="row"
            sx={{
              ...rowStyle,
              height: HEADER_HEIGHT,
              borderBottom: 1,
              borderColor: 'divider',
              fontWeight: 600,
              fontSize: '0.875rem',
              pl: 1,
            }}
          >
            {headings.map((text) => (
              <Box key={text} role="columnheader" sx={heading}>
                {text}
              </Box>
            ))}
          </Box>
        </Box>
        <Box role="rowgroup" sx={{ height: virtualizer.getTotalSize(), position: 'relative', minWidth: MIN_WIDTH }}>
          {items.map((item) => {
            const asset = assets[item.index];
            const placement = {
              position: 'absolute',
              top: 0,
              left: 0,
              right: 0,
              height: ROW_HEIGHT,
              transform: `translateY(${item.start - HEADER_HEIGHT}px)`,
            } as const;
            if (!asset) {
              return (
                <Box key={item.key} role="row" aria-rowindex={item.index + 2} sx={{ ...placement, ...rowStyle }}>
                  <Box role="cell" sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'center' }}>
                    <CircularProgress size={22} aria-label={t('app.loading')} />
                  </Box>
                </Box>
              );
            }
            return (
              <Box
                key={item.key}
                role="row"
                aria-rowindex={item.index + 2}
                aria-label={asset.description}
                sx={{
                  ...placement,
                  ...rowStyle,
                  pl: 1,
                  borderBottom: 1,
                  borderColor: 'divider',
                  '&:hover': { bgcolor: 'action.hover' },
                }}
              >
                <Box role="cell" sx={{ minWidth: 0, px: 1 }}>
                  {/* An incomplete asset's name keeps one line, the mark takes the second. */}
                  <Box sx={{ ...nameCell, px: 0, WebkitLineClamp: asset.incomplete ? 1 : 2 }}>
                    <AssetName asset={asset} assetLink={assetLink} />
                  </Box>
                  {asset.incomplete && (
                    <Typography variant="caption" component="div" sx={{ color: 'warning.main', lineHeight: 1.3 }}>
                      {t('asset.incomplete')}
                    </Typography>
                  )}
                </Box>
                <Box role="cell" sx={nameCell} title={asset.assetType.name}>
                  {asset.assetType.name}
                </Box>
                <Box role="cell" sx={nameCell} title={asset.business.description}>
                  {asset.business.description}
                </Box>
                <Box role="cell" sx={nameCell}>
                  <LinkedDevice asset={asset} deviceLink={deviceLink} />
                </Box>
                <Box role="cell" sx={cell}>
                  <AssetValues asset={asset} typeOf={typeOf} lines={2} />
                </Box>
                <Box role="cell" sx={cell}>
                  <OpenAlarms asset={asset} colours={colours} />
                </Box>
                <Box role="cell" sx={cell}>
                  <AssetLastSeen asset={asset} />
                </Box>
              </Box>
            );
          })}
        </Box>
      </Box>
    </Box>
  );
}

const CARD_HEIGHT = 200;
const GAP = 12;
/** Cards get a column each this many pixels of the view's width. */
const CARD_MIN_WIDTH = 330;

/** The width of `ref`'s element, followed as it changes (the side panel, the window). */
function useWidth(ref: RefObject<HTMLElement | null>, initial: number): number {
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box sx={{ color: 'text.secondary' }}>{label}</Box>
      <Box sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{children}</Box>
    </>
  );
}

/** The cards view: a card per asset with the facts of the list, in as many columns as the width allows. */
export function AssetCards({
  assets,
  hasMore,
  loadingMore,
  onLoadMore,
  height,
  typeOf,
  assetLink,
  deviceLink,
  colours,
}: AssetViewProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const lanes = Math.max(1, Math.floor(useWidth(scrollRef, 800) / CARD_MIN_WIDTH));
  const count = assets.length + (hasMore ? 1 : 0);
  const { virtualizer, items } = useInfiniteRows({
    count,
    scrollRef,
    rowHeight: CARD_HEIGHT + GAP,
    lanes,
    initialHeight: 480,
    hasMore,
    loadingMore,
    onLoadMore,
    keyOf: (index) => assets[index]?._id ?? 'more',
  });

  return (
    <Box ref={scrollRef} sx={{ height, overflow: 'auto', contain: 'strict', p: 1.5 }}>
      <Box
        role="list"
        aria-label={t('assetStatus.title')}
        sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {items.map((item) => {
          const asset = assets[item.index];
          const placement = {
            position: 'absolute',
            top: 0,
            left: `calc(${(item.lane * 100) / lanes}% + ${(item.lane * GAP) / lanes}px)`,
            width: `calc(${100 / lanes}% - ${((lanes - 1) * GAP) / lanes}px)`,
            height: CARD_HEIGHT,
            transform: `translateY(${item.start}px)`,
          } as const;
          if (!asset) {
            return (
              <Box key={item.key} role="listitem" sx={{ ...placement, display: 'grid', placeItems: 'center' }}>
                <CircularProgress size={22} aria-label={t('app.loading')} />
              </Box>
            );
          }
          return (
            <Card
              key={item.key}
              role="listitem"
              variant="outlined"
              aria-label={asset.description}
              sx={{ ...placement, p: 1.5, display: 'flex', flexDirection: 'column', gap: 0.75 }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                <Typography noWrap sx={{ flex: 1, minWidth: 0, fontWeight: 500 }}>
                  <AssetName asset={asset} assetLink={assetLink} />
                </Typography>
                {asset.incomplete && <IncompleteChip />}
              </Stack>
              <Box
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'max-content minmax(0, 1fr)',
                  columnGap: 1.5,
                  rowGap: 0.25,
                  fontSize: '0.875rem',
                  alignItems: 'center',
                }}
              >
                <Fact label={t('assetStatus.column.type')}>{asset.assetType.name}</Fact>
                <Fact label={t('devices.column.business')}>{asset.business.description}</Fact>
                <Fact label={t('assetStatus.column.device')}>
                  <LinkedDevice asset={asset} deviceLink={deviceLink} />
                </Fact>
                <Fact label={t('devices.column.lastSeen')}>
                  <AssetLastSeen asset={asset} />
                </Fact>
                <Fact label={t('assetStatus.column.alarms')}>
                  <OpenAlarms asset={asset} colours={colours} />
                </Fact>
                <Fact label={t('devices.column.values')}>
                  <AssetValues asset={asset} typeOf={typeOf} />
                </Fact>
              </Box>
            </Card>
          );
        })}
      </Box>
    </Box>
  );
}
