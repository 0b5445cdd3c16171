import type { Asset } from '@iot/shared';
import GridViewOutlined from '@mui/icons-material/GridViewOutlined';
import ViewListOutlined from '@mui/icons-material/ViewListOutlined';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, useParams, useSearchParams } from 'react-router';
import { PagedListStatus } from '@/components/paged-list-status';
import { SearchField } from '@/components/search-field';
import { paths } from '@/config/paths';
import { useAlarmColours } from '@/features/alarms/components/use-alarm-colours';
import { useAssetTypes } from '@/features/architecture/asset-types/api/get-asset-types';
import { useAssetCount, useAssetPages } from '@/features/assets/api/assets';
import { useBusinesses } from '@/features/businesses/api/get-businesses';
import { buildBusinessTree } from '@/features/businesses/lib/business-tree';
import { useDeviceTypes } from '@/features/devices/api/get-device-types';
import { formatLocale } from '@/i18n';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import {
  type AssetListParams,
  type AssetView,
  assetFilterOf,
  readAssetListParams,
  writeAssetListParams,
} from '../lib/asset-list-params';
import { assetStatusPath } from '../lib/asset-paths';
import { AssetCards, AssetTable } from './asset-views';

/** How long typing must pause before the search goes to the server. */
const SEARCH_DELAY_MS = 300;
/** As the device list: the views fill the window below the toolbars, never below a usable size. */
const VIEW_HEIGHT = 'max(360px, calc(100dvh - 330px))';

const VIEW_ICONS: Record<AssetView, ReactNode> = {
  list: <ViewListOutlined fontSize="small" />,
  cards: <GridViewOutlined fontSize="small" />,
};

/**
 * The device screen in asset mode (SPEC section 2, `/device-asset`): one row per asset of `businessId`'s subtree with
 * its type, its linked device and that device's latest values, open alarms and last seen; search, type and orphan
 * filters kept in the URL; list and cards views. A row opens the asset's status screen.
 */
export function AssetList({ businessId }: { businessId: string | undefined }) {
  const { t, i18n } = useTranslation();
  const routeParams = useParams();
  const [params, setParams] = useSearchParams();
  const list = readAssetListParams(params);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const view = list.view ?? (phone ? 'cards' : 'list');

  const update = useCallback(
    (change: Partial<AssetListParams>) =>
      setParams((current) => writeAssetListParams(current, { ...readAssetListParams(current), ...change }), {
        replace: true,
      }),
    [setParams],
  );
  const [search, setSearch] = useState(list.search);
  const settledSearch = useDebouncedValue(search, SEARCH_DELAY_MS);
  // Only a search the user typed goes to the URL; the URL's own search (on arrival, after Back) is left alone.
  const lastSettled = useRef(settledSearch);
  useEffect(() => {
    if (settledSearch === lastSettled.current) return;
    lastSettled.current = settledSearch;
    update({ search: settledSearch });
  }, [settledSearch, update]);

  const filter = assetFilterOf(list);
  const pages = useAssetPages(businessId, filter);
  const assets = useMemo(() => pages.data?.pages.flatMap((page) => page.items) ?? [], [pages.data]);
  const total = useAssetCount(businessId, filter).data?.count;
  const assetTypes = useAssetTypes();
  const types = useDeviceTypes();
  const typesById = useMemo(() => new Map(types.data?.map((type) => [type.id, type])), [types.data]);
  const typeOf = useCallback((id: string) => typesById.get(id), [typesById]);
  const businesses = useBusinesses();
  const tree = useMemo(() => (businesses.data ? buildBusinessTree(businesses.data) : undefined), [businesses.data]);
  const colours = useAlarmColours(businessId);
  const numbers = new Intl.NumberFormat(formatLocale(i18n.language));

  // Inside a business's screens the links stay there; from `/device-asset` they go under the asset's own level.
  const { businessId: routeBusinessId, businessName: routeBusinessName } = routeParams;
  const routeBusiness = useMemo(
    () =>
      routeBusinessId && routeBusinessName ? { businessId: routeBusinessId, businessName: routeBusinessName } : null,
    [routeBusinessId, routeBusinessName],
  );
  const assetLink = useCallback(
    (asset: Asset) =>
      assetStatusPath(
        routeBusiness ?? {
          businessId: asset.businessId,
          businessName: tree?.byId.get(asset.businessId)?.slug ?? asset.business.description,
        },
        { id: asset._id, description: asset.description },
      ),
    [routeBusiness, tree],
  );
  const deviceLink = useCallback(
    (uuid: string) =>
      routeBusiness
        ? generatePath(paths.businessDevice, { ...routeBusiness, uuid })
        : generatePath(paths.device, { uuid }),
    [routeBusiness],
  );
  const onLoadMore = useCallback(() => void pages.fetchNextPage(), [pages.fetchNextPage]);
  const filtered = Boolean(filter.search || filter.assetType || filter.orphan);

  const viewProps = {
    assets,
    hasMore: pages.hasNextPage,
    loadingMore: pages.isFetchingNextPage,
    onLoadMore,
    height: VIEW_HEIGHT,
    typeOf,
    assetLink,
    deviceLink,
    colours,
  };
  const content = (
    <PagedListStatus
      query={pages}
      empty={assets.length === 0}
      emptyText={filtered ? t('assetStatus.noMatch') : t('assetStatus.empty')}
      severity="warning"
    >
      <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
        {pages.isPlaceholderData && (
          <LinearProgress
            aria-label={t('app.loading')}
            sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 2 }}
          />
        )}
        {view === 'list' ? <AssetTable {...viewProps} /> : <AssetCards {...viewProps} />}
      </Paper>
    </PagedListStatus>
  );

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" useFlexGap spacing={1.5} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Box sx={{ flex: '2 1 260px' }}>
          <SearchField label={t('assetStatus.search')} value={search} onChange={setSearch} />
        </Box>
        <TextField
          select
          size="small"
          label={t('assetStatus.filter.type')}
          value={list.assetType ?? ''}
          onChange={(event) => update({ assetType: event.target.value || null })}
          sx={{ flex: '1 1 200px', minWidth: 0, maxWidth: { sm: 280 } }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('assetStatus.filter.anyType')}</MenuItem>
          {(assetTypes.data ?? []).map((type) => (
            <MenuItem key={type.id} value={type.id}>
              {type.name}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Switch checked={list.orphan} onChange={(event) => update({ orphan: event.target.checked })} />}
          label={t('assetStatus.filter.orphan')}
          sx={{ mr: 0 }}
        />
      </Stack>
      <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', minHeight: 40 }}>
        <Typography sx={{ color: 'text.secondary', mr: 1 }} aria-live="polite">
          {total === undefined ? '\u00a0' : t('assetStatus.count', { count: total, total: numbers.format(total) })}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_event, next: AssetView | null) => next && update({ view: next })}
          aria-label={t('devices.view.label')}
        >
          {(['list', 'cards'] as const).map((option) => (
            <ToggleButton key={option} value={option} aria-label={t(`devices.view.${option}`)}>
              <Tooltip title={t(`devices.view.${option}`)} placement="top">
                <Box component="span" sx={{ display: 'flex' }}>
                  {VIEW_ICONS[option]}
                </Box>
              </Tooltip>
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {content}
    </Stack>
  );
}
