import type { Device, DeviceTypeInfo } from '@iot/shared';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '@/components/router-link';
import { DeviceAssetLink } from '@/features/asset-status/components/device-asset-link';
import { LocationStateChip } from '@/features/locations/components/location-state-chip';
import { ExpiredLicenseFlag } from '@/features/usage-licenses/components/expired-license';
import { networkIdOf } from '../lib/device-facts';
import { LastSeen, ParameterizationChip } from './device-facts';
import { ListedValues } from './listed-values';
import { useInfiniteRows } from './use-infinite-rows';

export const DEVICE_ROW_HEIGHT = 52;
const HEADER_HEIGHT = 52;
/**
 * Checkbox, description, type, network over its network id, business, location state, latest values, last seen,
 * parameterization.
 */
const COLUMNS =
  '44px minmax(120px, 1.4fr) minmax(90px, 1fr) 124px minmax(80px, 1fr) minmax(136px, 1.2fr) minmax(120px, 1.4fr) 136px 112px';
/**
 * Below this the columns would squeeze their text away: the table scrolls sideways instead. It fits beside the
 * business tree on a 1440-pixel screen (on a 1280-pixel one, once the tree is closed).
 */
const MIN_WIDTH = 970;

/** What every device view (list, cards) takes: the devices loaded so far, the paging and the selection. */
export interface DeviceViewProps {
  devices: Device[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  selected: ReadonlySet<string>;
  onToggle: (device: Device) => void;
  typeName: (deviceType: string) => string;
  /** The device type's definition, for the signals it shows in lists; undefined while unknown. */
  typeOf: (deviceType: string) => DeviceTypeInfo | undefined;
  linkTo: (device: Device) => string;
  /** The height the view is given. */
  height: number | string;
}

const cell = { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', px: 1 } as const;
// Names (description, type, business) take a second line of the row before they lose their end.
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
// Headings may take two lines ("Última comunicação") rather than lose their end.
const heading = { minWidth: 0, px: 1, lineHeight: 1.25, overflowWrap: 'anywhere' } as const;

interface DeviceTableProps extends DeviceViewProps {
  allSelected: boolean;
  onToggleAll: () => void;
}

/** The list view: a virtualised table, one row per device, fetching further pages as it is scrolled. */
export function DeviceTable({
  devices,
  hasMore,
  loadingMore,
  onLoadMore,
  selected,
  onToggle,
  allSelected,
  onToggleAll,
  typeName,
  typeOf,
  linkTo,
  height,
}: DeviceTableProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = devices.length + (hasMore ? 1 : 0);
  const { virtualizer, items } = useInfiniteRows({
    count,
    scrollRef,
    rowHeight: DEVICE_ROW_HEIGHT,
    scrollMargin: HEADER_HEIGHT,
    initialHeight: 480,
    hasMore,
    loadingMore,
    onLoadMore,
    keyOf: (index) => devices[index]?.uuid ?? 'more',
  });
  const rowStyle = {
    display: 'grid',
    gridTemplateColumns: COLUMNS,
    alignItems: 'center',
    minWidth: MIN_WIDTH,
  } as const;

  return (
    <Box ref={scrollRef} sx={{ height, overflow: 'auto', contain: 'strict' }}>
      <Box role="table" aria-label={t('devices.title')} aria-rowcount={count + 1}>
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
            }}
          >
            <Box role="columnheader" sx={{ pl: 0.5 }}>
              <Checkbox
                size="small"
                checked={allSelected}
                indeterminate={!allSelected && selected.size > 0}
                onChange={onToggleAll}
                slotProps={{ input: { 'aria-label': t('devices.selectAllLoaded') } }}
              />
            </Box>
            <Box role="columnheader" sx={heading}>
              {t('devices.column.description')}
            </Box>
            <Box role="columnheader" sx={heading}>
              {t('devices.column.type')}
            </Box>
            <Box role="columnheader" sx={heading}>
              {t('devices.column.network')}
            </Box>
            <Box role="columnheader" sx={heading}>
              {t('devices.column.business')}
            </Box>
            <Box role="columnheader" sx={heading}>
              {t('devices.column.location')}
            </Box>
            <Box role="columnheader" sx={heading}>
              {t('devices.column.values')}
            </Box>
            <Box role="columnheader" sx={heading}>
              {t('devices.column.lastSeen')}
            </Box>
            <Box role="columnheader" sx={heading}>
              {t('devices.column.parameterization')}
            </Box>
          </Box>
        </Box>
        <Box role="rowgroup" sx={{ height: virtualizer.getTotalSize(), position: 'relative', minWidth: MIN_WIDTH }}>
          {items.map((item) => {
            const device = devices[item.index];
            const placement = {
              position: 'absolute',
              top: 0,
              left: 0,
              right: 0,
              height: DEVICE_ROW_HEIGHT,
              transform: `translateY(${item.start - HEADER_HEIGHT}px)`,
            } as const;
            if (!device) {
              return (
                <Box key={item.key} role="row" aria-rowindex={item.index + 2} sx={{ ...placement, ...rowStyle }}>
                  <Box role="cell" sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'center' }}>
                    <CircularProgress size={22} aria-label={t('app.loading')} />
                  </Box>
                </Box>
              );
            }
            const isSelected = selected.has(device.uuid);
            const networkId = networkIdOf(device);
            return (
              <Box
                key={item.key}
                role="row"
                aria-rowindex={item.index + 2}
                aria-selected={isSelected}
                sx={{
                  ...placement,
                  ...rowStyle,
                  borderBottom: 1,
                  borderColor: 'divider',
                  bgcolor: isSelected ? 'action.selected' : undefined,
                  '&:hover': { bgcolor: isSelected ? 'action.selected' : 'action.hover' },
                }}
              >
                <Box role="cell" sx={{ pl: 0.5 }}>
                  <Checkbox
                    size="small"
                    checked={isSelected}
                    onChange={() => onToggle(device)}
                    slotProps={{ input: { 'aria-label': t('devices.select', { name: device.description }) } }}
                  />
                </Box>
                <Box role="cell" sx={{ minWidth: 0, px: 1 }}>
                  {/* A device of an asset keeps its name to one line; the asset's takes the second. */}
                  <Box sx={{ ...nameCell, px: 0, WebkitLineClamp: device.asset ? 1 : 2 }}>
                    <RouterLink to={linkTo(device)} title={device.description}>
                      {device.description || device.uuid}
                    </RouterLink>
                    <ExpiredLicenseFlag license={device.usageLicense} />
                  </Box>
                  {device.asset && (
                    <Box
                      title={device.asset.description}
                      sx={{ ...cell, px: 0, fontSize: '0.8125rem', lineHeight: 1.3, color: 'text.secondary' }}
                    >
                      <DeviceAssetLink device={{ ...device, asset: device.asset }} />
                    </Box>
                  )}
                </Box>
                <Box role="cell" sx={nameCell} title={typeName(device.deviceType)}>
                  {typeName(device.deviceType)}
                </Box>
                <Box role="cell" sx={cell}>
                  <Box sx={{ lineHeight: 1.3 }}>{t(`devices.network.${device.communicationType}`)}</Box>
                  <Box
                    title={networkId ?? ''}
                    sx={{ fontFamily: 'monospace', fontSize: '0.75rem', color: 'text.secondary', lineHeight: 1.3 }}
                  >
                    {networkId ?? '—'}
                  </Box>
                </Box>
                <Box role="cell" sx={nameCell} title={device.business.description}>
                  {device.business.description}
                </Box>
                <Box role="cell" sx={cell}>
                  <LocationStateChip location={device.location} wrap />
                </Box>
                <Box role="cell" sx={cell}>
                  <ListedValues device={device} deviceType={typeOf(device.deviceType)} lines={2} />
                </Box>
                <Box role="cell" sx={cell}>
                  <LastSeen device={device} />
                </Box>
                <Box role="cell" sx={cell}>
                  <ParameterizationChip device={device} />
                </Box>
              </Box>
            );
          })}
        </Box>
      </Box>
    </Box>
  );
}
