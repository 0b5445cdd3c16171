import { type BusinessRole, type Device, hasRank, type ParameterPreset } from '@iot/shared';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import DriveFileMoveOutlined from '@mui/icons-material/DriveFileMoveOutlined';
import GridViewOutlined from '@mui/icons-material/GridViewOutlined';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import ViewListOutlined from '@mui/icons-material/ViewListOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link as RouterLink, useLocation, useParams, useSearchParams } from 'react-router';
import { isApiError } from '@/api/client';
import { hasSession } from '@/api/session';
import { useCurrentPlan } from '@/app/layout/use-current-plan';
import { useConfirm } from '@/components/confirm-dialog';
import { PagedListStatus } from '@/components/paged-list-status';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { paths } from '@/config/paths';
import { useBusinesses } from '@/features/businesses/api/get-businesses';
import { BusinessPickerDialog } from '@/features/businesses/components/business-picker-dialog';
import { ancestorsOf, buildBusinessTree, roleOnBusiness } from '@/features/businesses/lib/business-tree';
import { formatLocale } from '@/i18n';
import { useCurrentUser } from '@/lib/auth/use-current-user';
import { errorMessage } from '@/lib/error-message';
import { loginPathFor } from '@/lib/redirect-target';
import { useDeviceTypes } from '../api/get-device-types';
import { useDeviceCount, useDevicePages } from '../api/get-devices';
import {
  type DeviceListParams,
  type DeviceView,
  deviceFilterOf,
  readDeviceListParams,
  writeDeviceListParams,
} from '../lib/device-list-params';
import { BulkWorkDialog } from './bulk-work-dialog';
import { ConfigureDevicesDialog } from './configure-devices-dialog';
import { CsvImportDialog } from './csv-import-dialog';
import { DeviceCards } from './device-cards';
import { DeviceFilters } from './device-filters';
import { DeviceMapView } from './device-map-view';
import { DeviceTable } from './device-table';
import { useBulkDeviceWork } from './use-bulk-device-work';
import { useDevicesExport } from './use-devices-export';

/** The views fill the window below the page's title and toolbars, but never shrink below a usable size. */
const VIEW_HEIGHT = 'max(360px, calc(100dvh - 330px))';

const VIEW_ICONS: Record<DeviceView, ReactNode> = {
  list: <ViewListOutlined fontSize="small" />,
  cards: <GridViewOutlined fontSize="small" />,
  map: <MapOutlined fontSize="small" />,
};

/** What a visitor without a session sees where the list would be: one way in, back to this list afterwards. */
export function SignInPrompt() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h6" component="p">
          {t('devices.signInPrompt')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<LoginOutlined />}
          component={RouterLink}
          to={loginPathFor(`${location.pathname}${location.search}`)}
        >
          {t('menu.signIn')}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * The device list of SPEC section 2 (list, cards and map views), of every reachable device or of a business's
 * subtree: filters kept in the URL, paging by cursor while scrolling, a selection to move, configure with a parameter
 * preset or delete, CSV in and out.
 */
export function DeviceList({ businessId }: { businessId?: string }) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const routeParams = useParams();
  const [params, setParams] = useSearchParams();
  const list = readDeviceListParams(params);
  const plan = useCurrentPlan().dataViewCapabilities;
  const views = (['list', 'cards', 'map'] as const).filter(
    (view) => view === 'list' || (view === 'cards' ? plan.cardsDashboard : plan.deviceMapLastPosition),
  );
  // On a phone, cards read better than a table's columns: they show until another view is chosen.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const wanted = list.view ?? (phone ? 'cards' : 'list');
  const view = views.includes(wanted) ? wanted : 'list';

  const update = useCallback(
    (change: Partial<DeviceListParams>) =>
      setParams((current) => writeDeviceListParams(current, { ...readDeviceListParams(current), ...change }), {
        replace: true,
      }),
    [setParams],
  );
  const searchFor = useCallback((search: string) => update({ search }), [update]);

  const filter = deviceFilterOf(list, businessId);
  const pages = useDevicePages(filter);
  const count = useDeviceCount(filter);
  const devices = useMemo(() => pages.data?.pages.flatMap((page) => page.items) ?? [], [pages.data]);
  const types = useDeviceTypes();
  const typesById = useMemo(() => new Map(types.data?.map((type) => [type.id, type])), [types.data]);
  const typeOf = useCallback((id: string) => typesById.get(id), [typesById]);
  const typeName = useCallback((id: string) => typesById.get(id)?.name ?? id, [typesById]);
  const businesses = useBusinesses();
  const tree = useMemo(() => (businesses.data ? buildBusinessTree(businesses.data) : undefined), [businesses.data]);
  const numbers = new Intl.NumberFormat(formatLocale(i18n.language));

  const linkTo = useCallback(
    (uuid: string) =>
      routeParams.businessId && routeParams.businessName
        ? generatePath(paths.businessDevice, {
            businessId: routeParams.businessId,
            businessName: routeParams.businessName,
            uuid,
          })
        : generatePath(paths.device, { uuid }),
    [routeParams.businessId, routeParams.businessName],
  );

  // The selection keeps the devices themselves, so the results can name them after they left the list.
  const [selected, setSelected] = useState<ReadonlyMap<string, Device>>(new Map());
  const selectedIds = useMemo(() => new Set(selected.keys()), [selected]);
  const toggle = (device: Device) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(device.uuid)) next.delete(device.uuid);
      else next.set(device.uuid, device);
      return next;
    });
  const allSelected = devices.length > 0 && devices.every((device) => selected.has(device.uuid));
  const toggleAll = () =>
    setSelected(allSelected ? new Map() : new Map(devices.map((device) => [device.uuid, device])));

  // As the server checks: changing a device's parameters takes the role `user` on its business, moving or deleting
  // it `admin`. While the user or the tree is loading, every device counts as allowed and the server's answer decides.
  const user = useCurrentUser().data;
  const allows = useCallback(
    (device: Device, needed: BusinessRole) =>
      !user || !tree || hasRank(roleOnBusiness(tree, device.businessId, user), needed),
    [user, tree],
  );
  const canEdit = useCallback((device: Device) => allows(device, 'user'), [allows]);
  const canManage = useCallback((device: Device) => allows(device, 'admin'), [allows]);
  const selectedDevices = useMemo(() => [...selected.values()], [selected]);
  const unmanaged = selectedDevices.filter((device) => !canManage(device)).length;
  // As the server rules: a device takes presets of its type owned by its business or one above it. A business not in
  // the tree is left to the server's answer: one not loaded yet, or one above the caller's reach (whose presets the
  // levels below it share).
  const presetAppliesTo = useCallback(
    (preset: ParameterPreset, device: Device) =>
      preset.model === device.deviceType &&
      (!tree?.parentOf.has(device.businessId) ||
        !tree.parentOf.has(preset.businessId) ||
        preset.businessId === device.businessId ||
        ancestorsOf(tree, device.businessId).includes(preset.businessId)),
    [tree],
  );

  const bulk = useBulkDeviceWork();
  const [moving, setMoving] = useState(false);
  const [configuring, setConfiguring] = useState(false);
  const [importing, setImporting] = useState(false);
  const exporter = useDevicesExport(filter, typeName);

  const remove = async () => {
    const total = t('devices.deleteText', { total: numbers.format(selected.size) });
    const confirmed = await confirm({
      title: t('devices.deleteTitle'),
      message: unmanaged ? `${total} ${t('devices.deleteDenied', { denied: numbers.format(unmanaged) })}` : total,
      confirmLabel: t('devices.delete'),
      destructive: true,
    });
    if (confirmed) await bulk.delete([...selected.keys()]);
  };
  const closeBulk = () => {
    setSelected(new Map());
    bulk.close();
  };

  const onLoadMore = useCallback(() => void pages.fetchNextPage(), [pages.fetchNextPage]);
  const filtered = Boolean(
    list.search.trim() ||
      list.deviceTypes.length ||
      list.communicationTypes.length ||
      list.parameterizationStatuses.length ||
      list.locationStates.length ||
      list.lastSeen ||
      list.signalValues.length,
  );

  const viewProps = {
    devices,
    hasMore: pages.hasNextPage,
    loadingMore: pages.isFetchingNextPage,
    onLoadMore,
    selected: selectedIds,
    onToggle: toggle,
    typeName,
    typeOf,
    linkTo: (device: Device) => linkTo(device.uuid),
    height: VIEW_HEIGHT,
  };
  const content = (
    <PagedListStatus
      query={pages}
      empty={devices.length === 0}
      emptyText={filtered ? t('devices.noMatch') : t('devices.empty')}
    >
      <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
        {/* The last answer stays shown while the one for changed filters loads; this bar says it is on its way. */}
        {pages.isPlaceholderData && (
          <LinearProgress
            aria-label={t('app.loading')}
            sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 2 }}
          />
        )}
        {view === 'list' && <DeviceTable {...viewProps} allSelected={allSelected} onToggleAll={toggleAll} />}
        {view === 'cards' && <DeviceCards {...viewProps} />}
        {view === 'map' && (
          <DeviceMapView filter={filter} linkTo={linkTo} typeName={typeName} typeOf={typeOf} height={VIEW_HEIGHT} />
        )}
      </Paper>
    </PagedListStatus>
  );

  // A visitor on this lenient page without a free-view answer has nothing to filter, import or retry: only a way in.
  if (!hasSession() && !pages.data) return isApiError(pages.error, 401) ? <SignInPrompt /> : content;

  return (
    <Stack spacing={1.5}>
      <DeviceFilters list={list} onSearch={searchFor} onChange={update} deviceTypes={types.data ?? []} />
      <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', minHeight: 40 }}>
        <Typography sx={{ color: 'text.secondary', mr: 1 }} aria-live="polite">
          {count.data ? t('devices.count', { total: numbers.format(count.data.count) }) : '\u00a0'}
        </Typography>
        {selected.size > 0 && (
          <>
            <Typography sx={{ fontWeight: 500 }}>
              {t('devices.selected', { total: numbers.format(selected.size) })}
            </Typography>
            <Button size="small" onClick={() => setSelected(new Map())}>
              {t('devices.clearSelection')}
            </Button>
            {/* A move is refused as a whole when a device lies on a level the caller does not administer. */}
            <Tooltip title={unmanaged ? t('devices.moveDenied', { denied: numbers.format(unmanaged) }) : ''}>
              <span>
                <Button
                  size="small"
                  startIcon={<DriveFileMoveOutlined />}
                  disabled={!tree || unmanaged > 0}
                  onClick={() => setMoving(true)}
                >
                  {t('devices.move')}
                </Button>
              </span>
            </Tooltip>
            {selectedDevices.some(canEdit) && (
              <Button size="small" startIcon={<TuneOutlined />} onClick={() => setConfiguring(true)}>
                {t('devices.configure')}
              </Button>
            )}
            {unmanaged < selected.size && (
              <Button size="small" color="error" startIcon={<DeleteOutlined />} onClick={() => void remove()}>
                {t('devices.delete')}
              </Button>
            )}
          </>
        )}
        <Box sx={{ flex: 1 }} />
        <Button size="small" startIcon={<UploadFileOutlined />} onClick={() => setImporting(true)}>
          {t('devices.import.open')}
        </Button>
        <Button
          size="small"
          startIcon={exporter.running ? <CircularProgress size={16} /> : <DownloadOutlined />}
          disabled={exporter.running || devices.length === 0}
          onClick={() =>
            void exporter.run().then(
              () => snackbar.showSuccess(t('devices.exported')),
              (error: unknown) => snackbar.showError(errorMessage(t, error)),
            )
          }
        >
          {exporter.running
            ? t('devices.exporting', { total: numbers.format(exporter.exported) })
            : t('devices.export')}
        </Button>
        {views.length > 1 && (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            onChange={(_event, next: DeviceView | null) => next && update({ view: next })}
            aria-label={t('devices.view.label')}
          >
            {views.map((option) => (
              <ToggleButton key={option} value={option} aria-label={t(`devices.view.${option}`)}>
                {/* Above: below, it would cover the map's zoom buttons. */}
                <Tooltip title={t(`devices.view.${option}`)} placement="top">
                  <Box component="span" sx={{ display: 'flex' }}>
                    {VIEW_ICONS[option]}
                  </Box>
                </Tooltip>
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
      </Stack>
      {content}
      {tree && moving && (
        <BusinessPickerDialog
          open
          title={t('devices.moveTitle', { total: numbers.format(selected.size) })}
          tree={tree}
          onCancel={() => setMoving(false)}
          onConfirm={(target) => {
            setMoving(false);
            void bulk.move([...selected.keys()], target);
          }}
        />
      )}
      {configuring && (
        <ConfigureDevicesDialog
          title={t('devices.configureTitle', { total: numbers.format(selected.size) })}
          devices={selectedDevices}
          canEdit={canEdit}
          appliesTo={presetAppliesTo}
          typeName={typeName}
          onCancel={() => setConfiguring(false)}
          onConfirm={(presetId) => {
            setConfiguring(false);
            void bulk.configure([...selected.keys()], presetId);
          }}
        />
      )}
      <BulkWorkDialog work={bulk.work} nameOf={(uuid) => selected.get(uuid)?.description} onClose={closeBulk} />
      <CsvImportDialog
        key={businessId ?? 'all'}
        open={importing}
        onClose={() => setImporting(false)}
        tree={tree}
        businessId={businessId}
        deviceTypes={types.data ?? []}
      />
    </Stack>
  );
}
