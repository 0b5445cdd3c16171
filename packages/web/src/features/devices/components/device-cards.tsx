import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '@/components/router-link';
import { DeviceAssetLink } from '@/features/asset-status/components/device-asset-link';
import { LocationStateChip } from '@/features/locations/components/location-state-chip';
import { ExpiredLicenseFlag } from '@/features/usage-licenses/components/expired-license';
import { networkIdOf } from '../lib/device-facts';
import { LastSeen, ParameterizationChip } from './device-facts';
import type { DeviceViewProps } from './device-table';
import { ListedValues } from './listed-values';
import { useInfiniteRows } from './use-infinite-rows';

// Room for every fact of a device linked to an asset (one line more than a free device).
const CARD_HEIGHT = 258;
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

/** One label and value line of a card; the labels of a card share one column, as wide as the longest. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box sx={{ color: 'text.secondary' }}>{label}</Box>
      <Box sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{children}</Box>
    </>
  );
}

/** The cards view: a card per device with the facts of the list, virtualised in columns as wide as the screen allows. */
export function DeviceCards({
  devices,
  hasMore,
  loadingMore,
  onLoadMore,
  selected,
  onToggle,
  typeName,
  typeOf,
  linkTo,
  height,
}: DeviceViewProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const lanes = Math.max(1, Math.floor(useWidth(scrollRef, 800) / CARD_MIN_WIDTH));
  const count = devices.length + (hasMore ? 1 : 0);
  const { virtualizer, items } = useInfiniteRows({
    count,
    scrollRef,
    rowHeight: CARD_HEIGHT + GAP,
    lanes,
    initialHeight: 480,
    hasMore,
    loadingMore,
    onLoadMore,
    keyOf: (index) => devices[index]?.uuid ?? 'more',
  });

  return (
    <Box ref={scrollRef} sx={{ height, overflow: 'auto', contain: 'strict', p: 1.5 }}>
      <Box
        role="list"
        aria-label={t('devices.title')}
        sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {items.map((item) => {
          const device = devices[item.index];
          const placement = {
            position: 'absolute',
            top: 0,
            left: `calc(${(item.lane * 100) / lanes}% + ${(item.lane * GAP) / lanes}px)`,
            width: `calc(${100 / lanes}% - ${((lanes - 1) * GAP) / lanes}px)`,
            height: CARD_HEIGHT,
            transform: `translateY(${item.start}px)`,
          } as const;
          if (!device) {
            return (
              <Box key={item.key} role="listitem" sx={{ ...placement, display: 'grid', placeItems: 'center' }}>
                <CircularProgress size={22} aria-label={t('app.loading')} />
              </Box>
            );
          }
          const isSelected = selected.has(device.uuid);
          return (
            <Card
              key={item.key}
              role="listitem"
              variant="outlined"
              aria-label={device.description}
              sx={{
                ...placement,
                p: 1.5,
                display: 'flex',
                flexDirection: 'column',
                gap: 0.5,
                borderColor: isSelected ? 'primary.main' : undefined,
                bgcolor: isSelected ? 'action.selected' : undefined,
              }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                <Checkbox
                  size="small"
                  checked={isSelected}
                  onChange={() => onToggle(device)}
                  sx={{ ml: -1, my: -0.5 }}
                  slotProps={{ input: { 'aria-label': t('devices.select', { name: device.description }) } }}
                />
                <Typography noWrap sx={{ flex: 1, minWidth: 0, fontWeight: 500 }}>
                  <RouterLink to={linkTo(device)} title={device.description}>
                    {device.description || device.uuid}
                  </RouterLink>
                </Typography>
                <ExpiredLicenseFlag license={device.usageLicense} />
                <ParameterizationChip device={device} />
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
                <Fact label={t('devices.column.type')}>{typeName(device.deviceType)}</Fact>
                <Fact label={t('devices.column.network')}>{t(`devices.network.${device.communicationType}`)}</Fact>
                <Fact label={t('devices.column.networkId')}>
                  <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.8125rem' }}>
                    {networkIdOf(device) ?? '—'}
                  </Box>
                </Fact>
                <Fact label={t('devices.column.business')}>{device.business.description}</Fact>
                {device.asset && (
                  <Fact label={t('device.field.asset')}>
                    <DeviceAssetLink device={{ ...device, asset: device.asset }} />
                  </Fact>
                )}
                <Fact label={t('devices.column.location')}>
                  <LocationStateChip location={device.location} />
                </Fact>
                <Fact label={t('devices.column.lastSeen')}>
                  <LastSeen device={device} />
                </Fact>
                <Fact label={t('devices.column.values')}>
                  <ListedValues device={device} deviceType={typeOf(device.deviceType)} />
                </Fact>
              </Box>
            </Card>
          );
        })}
      </Box>
    </Box>
  );
}
