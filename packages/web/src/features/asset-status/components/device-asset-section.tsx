import type { Asset, Device } from '@iot/shared';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/components/confirm-dialog';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { getAsset, useAssetPages, useLinkAssetDevice } from '@/features/assets/api/assets';
import { errorMessage } from '@/lib/error-message';
import { usePlan } from '@/lib/plan';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { DeviceAssetLink } from './device-asset-link';

/** How long typing in the picker must pause before the search goes to the server. */
const SEARCH_DELAY_MS = 300;

/** The orphan assets of the device's own level a device may be linked to, searched by description. */
function OrphanAssetPicker({
  device,
  value,
  onChange,
}: {
  device: Pick<Device, 'businessId'>;
  value: Asset | null;
  onChange: (asset: Asset | null) => void;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input, SEARCH_DELAY_MS);
  // The list is the level's subtree; a device links only to an asset of its own level.
  const pages = useAssetPages(device.businessId, { search, assetType: null, orphan: true });
  const options = useMemo(
    () => pages.data?.pages[0]?.items.filter((asset) => asset.businessId === device.businessId) ?? [],
    [pages.data, device.businessId],
  );
  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      // The server searches: every option it answers matches.
      filterOptions={(all) => all}
      getOptionLabel={(asset) => asset.description}
      getOptionKey={(asset) => asset._id}
      isOptionEqualToValue={(option, chosen) => option._id === chosen._id}
      loading={pages.isFetching}
      noOptionsText={pages.isError ? errorMessage(t, pages.error) : t('device.asset.noOrphans')}
      loadingText={t('app.loading')}
      renderOption={({ key, ...props }, asset) => (
        <li key={key} {...props}>
          <Stack>
            <span>{asset.description}</span>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {asset.assetType.name}
            </Typography>
          </Stack>
        </li>
      )}
      renderInput={(params) => <TextField {...params} size="small" label={t('device.asset.choose')} />}
      sx={{ flex: '1 1 260px', minWidth: 0, maxWidth: 420 }}
    />
  );
}

/**
 * The info tab's asset part: the asset the device is linked to (opening its status screen when the caller can), and
 * for admins of the device's level with assets in the plan, linking the device to an orphan asset of that level or
 * unlinking it.
 */
export function DeviceAssetSection({ device, isAdmin }: { device: Device; isAdmin: boolean }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const assetSupport = usePlan(device.businessId).assetSupport;
  const link = useLinkAssetDevice();
  const [chosen, setChosen] = useState<Asset | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const canChange = isAdmin && assetSupport;
  if (!device.asset && !canChange) return null;

  const linkChosen = () => {
    if (!chosen) return;
    setFailure(null);
    link.mutate(
      { businessId: chosen.businessId, _id: chosen._id, version: chosen.version, deviceUUID: device.uuid },
      {
        onSuccess: () => {
          setChosen(null);
          snackbar.showSuccess(t('device.asset.linkedDone', { asset: chosen.description }));
        },
        onError: (error) => setFailure(errorMessage(t, error)),
      },
    );
  };
  const unlink = async () => {
    const current = device.asset;
    if (!current) return;
    const confirmed = await confirm({
      title: t('device.asset.unlinkTitle'),
      message: t('device.asset.unlinkText', { asset: current.description }),
      confirmLabel: t('device.asset.unlink'),
      destructive: true,
    });
    if (!confirmed) return;
    setFailure(null);
    try {
      // The unlink goes over the asset's version, read now: the device knows only the asset's id.
      const asset = await getAsset(current.UUID);
      await link.mutateAsync({
        businessId: asset.businessId,
        _id: asset._id,
        version: asset.version,
        deviceUUID: null,
      });
      snackbar.showSuccess(t('device.asset.unlinkedDone', { asset: current.description }));
    } catch (error) {
      setFailure(errorMessage(t, error));
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-label={t('device.field.asset')} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography component="h2" variant="h6">
          {t('device.field.asset')}
        </Typography>
        {device.asset ? (
          <Stack direction="row" useFlexGap spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography>
              {t('device.asset.linkedTo')} <DeviceAssetLink device={{ ...device, asset: device.asset }} />
            </Typography>
            {canChange && (
              <Button
                color="error"
                startIcon={<LinkOffOutlined />}
                onClick={() => void unlink()}
                loading={link.isPending}
              >
                {t('device.asset.unlink')}
              </Button>
            )}
          </Stack>
        ) : (
          <>
            <Typography sx={{ color: 'text.secondary' }}>{t('device.asset.none')}</Typography>
            <Stack direction="row" useFlexGap spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <OrphanAssetPicker device={device} value={chosen} onChange={setChosen} />
              <Button
                variant="outlined"
                startIcon={<LinkOutlined />}
                disabled={!chosen}
                onClick={linkChosen}
                loading={link.isPending}
              >
                {t('device.asset.link')}
              </Button>
            </Stack>
          </>
        )}
        {failure && <Alert severity="error">{failure}</Alert>}
      </Stack>
    </Paper>
  );
}
