import { type Asset, DEFAULT_PLAN, hasRank, type User } from '@iot/shared';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import DriveFileMoveOutlined from '@mui/icons-material/DriveFileMoveOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { useConfirm } from '@/components/confirm-dialog';
import { PagedListStatus } from '@/components/paged-list-status';
import { SearchField } from '@/components/search-field';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { useAssetTypes } from '@/features/architecture/asset-types/api/get-asset-types';
import { assetStatusPath } from '@/features/asset-status/lib/asset-paths';
import { type BusinessTree, roleOnBusiness } from '@/features/businesses/lib/business-tree';
import { formatLocale } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import { usePlanQuery } from '@/lib/plan';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { type AssetFilter, exportAssetsCsv, useAssetCount, useAssetPages, useDeleteAssets } from '../api/assets';
import { downloadCsv } from '../lib/download';
import { AssetCsvImportDialog } from './asset-csv-import-dialog';
import { AssetDialog } from './asset-dialog';
import { AssetMoveDialog } from './asset-move-dialog';
import { AssetCards, AssetTable, type RowAction } from './asset-rows';
import { AssetsPlanNotice } from './assets-plan-notice';

/** How long typing must pause before the search goes to the server. */
const SEARCH_DELAY_MS = 300;

type Editing = { kind: 'create' } | { kind: 'edit'; asset: Asset } | null;

interface AssetsTabProps {
  tree: BusinessTree;
  businessId: string;
  user: User;
}

/**
 * The Assets tab of a level's configuration (SPEC section 2): the assets of the level and its sublevels, searched and
 * filtered, a page at a time; admins of a level create, edit, link, move and delete its assets and import or export
 * them as CSV. Without assets in the level's plan, the plan notice.
 */
export function AssetsTab({ tree, businessId, user }: AssetsTabProps) {
  const plan = usePlanQuery(businessId);
  const { t } = useTranslation();
  if (plan.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Box>
    );
  }
  if (!(plan.data?.features ?? DEFAULT_PLAN).assetSupport) return <AssetsPlanNotice />;
  return <AssetsList tree={tree} businessId={businessId} user={user} />;
}

function AssetsList({ tree, businessId, user }: AssetsTabProps) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const numbers = new Intl.NumberFormat(formatLocale(i18n.language));
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search, SEARCH_DELAY_MS);
  const [assetType, setAssetType] = useState('');
  const [orphan, setOrphan] = useState(false);
  const filter = useMemo<AssetFilter>(
    () => ({ search: settledSearch, assetType, orphan }),
    [settledSearch, assetType, orphan],
  );
  const pages = useAssetPages(businessId, filter);
  const assets = useMemo(() => pages.data?.pages.flatMap((page) => page.items) ?? [], [pages.data]);
  const total = useAssetCount(businessId, filter).data?.count;
  const types = useAssetTypes();
  const remove = useDeleteAssets();
  const [editing, setEditing] = useState<Editing>(null);
  const [moving, setMoving] = useState<Asset | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  // As the server checks: admins of the asset's level change it. A level outside the loaded tree is left to the server.
  const canManage = (asset: Asset) =>
    !tree.byId.has(asset.businessId) || hasRank(roleOnBusiness(tree, asset.businessId, user), 'admin');
  const isAdmin = hasRank(roleOnBusiness(tree, businessId, user), 'admin');

  const askDelete = async (asset: Asset) => {
    const confirmed = await confirm({
      title: t('assets.deleteTitle'),
      message: asset.device
        ? t('assets.deleteTextLinked', {
            name: asset.description,
            device: asset.device.description || asset.device.uuid,
          })
        : t('assets.deleteText', { name: asset.description }),
      confirmLabel: t('assets.delete'),
      destructive: true,
    });
    if (confirmed)
      remove.mutate(
        { businessId: asset.businessId, assets: [asset._id] },
        { onSuccess: () => snackbar.showSuccess(t('assets.deleted')) },
      );
  };
  const runExport = async () => {
    setExporting(true);
    try {
      downloadCsv(await exportAssetsCsv(businessId, filter), `assets-${new Date().toISOString().slice(0, 10)}.csv`);
      snackbar.showSuccess(t('assets.exported'));
    } catch (error) {
      snackbar.showError(errorMessage(t, error));
    } finally {
      setExporting(false);
    }
  };

  const actions: RowAction[] = [
    {
      label: t('assets.edit'),
      icon: <EditOutlined fontSize="small" />,
      run: (asset) => setEditing({ kind: 'edit', asset }),
    },
    { label: t('assets.move'), icon: <DriveFileMoveOutlined fontSize="small" />, run: setMoving },
    { label: t('assets.delete'), icon: <DeleteOutlined fontSize="small" />, run: (asset) => void askDelete(asset) },
  ];
  const filtered = Boolean(settledSearch.trim() || assetType || orphan);

  if (isApiError(pages.error) && pages.error.code === 'plan.unavailable') return <AssetsPlanNotice />;

  const scope = tree.byId.get(businessId);
  const linkTo = (asset: Asset) =>
    assetStatusPath(
      { businessId, businessName: scope?.slug ?? businessId },
      { id: asset._id, description: asset.description },
    );
  const rowProps = { assets, actions, canManage, scopeId: businessId, linkTo };
  const content = (
    <PagedListStatus
      query={pages}
      empty={assets.length === 0}
      emptyText={filtered ? t('assets.noMatch') : t('assets.empty')}
    >
      <Stack spacing={1.5}>
        <Box sx={{ position: 'relative' }}>
          {/* The last answer stays shown while the one for changed filters loads; this bar says it is on its way. */}
          {pages.isPlaceholderData && (
            <LinearProgress
              aria-label={t('app.loading')}
              sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 2 }}
            />
          )}
          {phone ? <AssetCards {...rowProps} /> : <AssetTable {...rowProps} />}
        </Box>
        {pages.hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <Button
              variant="outlined"
              disabled={pages.isFetchingNextPage}
              startIcon={pages.isFetchingNextPage ? <CircularProgress size={16} /> : undefined}
              onClick={() => void pages.fetchNextPage()}
            >
              {t('assets.loadMore')}
            </Button>
          </Box>
        )}
      </Stack>
    </PagedListStatus>
  );

  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ flex: 2, minWidth: 0 }}>
          <SearchField label={t('assets.search')} value={search} onChange={setSearch} />
        </Box>
        <TextField
          select
          size="small"
          label={t('assets.typeFilter')}
          value={assetType}
          onChange={(event) => setAssetType(event.target.value)}
          sx={{ flex: 1, minWidth: 180 }}
        >
          <MenuItem value="">{t('assets.allTypes')}</MenuItem>
          {(types.data ?? []).map((type) => (
            <MenuItem key={type.id} value={type.id}>
              {type.name}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Switch checked={orphan} onChange={(event) => setOrphan(event.target.checked)} />}
          label={t('assets.orphansOnly')}
          sx={{ flexShrink: 0, mr: 0 }}
        />
      </Stack>
      <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', minHeight: 40 }}>
        <Typography sx={{ color: 'text.secondary', mr: 1 }} aria-live="polite">
          {total !== undefined ? t('assets.count', { total: numbers.format(total) }) : '\u00a0'}
        </Typography>
        <Box sx={{ flex: 1 }} />
        {isAdmin && (
          <Button size="small" startIcon={<UploadFileOutlined />} onClick={() => setImporting(true)}>
            {t('assets.import.open')}
          </Button>
        )}
        <Button
          size="small"
          startIcon={exporting ? <CircularProgress size={16} /> : <DownloadOutlined />}
          disabled={exporting || assets.length === 0}
          onClick={() => void runExport()}
        >
          {t('assets.export')}
        </Button>
        {isAdmin && (
          <Button
            variant="contained"
            size="small"
            startIcon={<AddOutlined />}
            onClick={() => setEditing({ kind: 'create' })}
          >
            {t('assets.add')}
          </Button>
        )}
      </Stack>
      {content}
      {editing && (
        <AssetDialog
          key={editing.kind === 'edit' ? editing.asset._id : 'new'}
          businessId={businessId}
          asset={editing.kind === 'edit' ? editing.asset : undefined}
          assetTypes={types.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            snackbar.showSuccess(editing.kind === 'edit' ? t('app.updated') : t('assets.created'));
          }}
        />
      )}
      {moving && (
        <AssetMoveDialog
          assets={[moving]}
          tree={tree}
          onClose={() => setMoving(null)}
          onMoved={(target) => {
            setMoving(null);
            snackbar.showSuccess(t('assets.moved', { target: tree.byId.get(target)?.description ?? target }));
          }}
        />
      )}
      {importing && (
        <AssetCsvImportDialog
          businessId={businessId}
          assetTypes={types.data ?? []}
          onClose={() => setImporting(false)}
          onImported={(created) => {
            setImporting(false);
            snackbar.showSuccess(t('assets.imported', { count: created }));
          }}
        />
      )}
    </Stack>
  );
}
