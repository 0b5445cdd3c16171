import type { Asset, DeviceTypeInfo } from '@iot/shared';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '@/components/router-link';
import { LastSeen } from '@/features/devices/components/device-facts';
import { ListedValues } from '@/features/devices/components/listed-values';
import type { AlarmColors } from '@/vendors/vendor';

/** What the asset rows and cards are given to show and open an asset and its device. */
export interface AssetRowContext {
  /** The device type's definition, for the signals its lists show; undefined while unknown. */
  typeOf: (deviceType: string) => DeviceTypeInfo | undefined;
  assetLink: (asset: Asset) => string;
  deviceLink: (uuid: string) => string;
  colours: AlarmColors;
}

/** SPEC section 5's "Incomplete": a required field of the asset's type is empty. */
export function IncompleteChip() {
  const { t } = useTranslation();
  return <Chip size="small" color="warning" variant="outlined" label={t('asset.incomplete')} />;
}

/** The asset's linked device, opening its screen; "No device" for an orphan asset. */
export function LinkedDevice({ asset, deviceLink }: { asset: Asset; deviceLink: (uuid: string) => string }) {
  const { t } = useTranslation();
  if (!asset.device) return <Box sx={{ color: 'text.disabled' }}>{t('assetStatus.noDevice')}</Box>;
  const name = asset.device.description || asset.device.uuid;
  return (
    <RouterLink to={deviceLink(asset.device.uuid)} title={name}>
      {name}
    </RouterLink>
  );
}

/** The latest values of the asset's device, worded as the device list words them. */
export function AssetValues({
  asset,
  typeOf,
  lines,
}: {
  asset: Asset;
  typeOf: AssetRowContext['typeOf'];
  lines?: number;
}) {
  if (!asset.device) return <>—</>;
  return <ListedValues device={asset.device} deviceType={typeOf(asset.device.deviceType)} lines={lines} />;
}

/** How many alarms of the asset's device are open: in the active alarm colour when any, a quiet zero otherwise. */
export function OpenAlarms({ asset, colours }: { asset: Asset; colours: AlarmColors }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const open = asset.device?.openAlarms ?? 0;
  if (!asset.device) return <>—</>;
  if (open === 0) return <Box sx={{ color: 'text.secondary' }}>{t('assetStatus.noOpenAlarms')}</Box>;
  return (
    <Chip
      size="small"
      label={t('assetStatus.openAlarms', { count: open })}
      sx={{
        bgcolor: colours.active,
        color: theme.palette.getContrastText(colours.active),
        fontWeight: 600,
        maxWidth: '100%',
      }}
    />
  );
}

/** When the asset's device was last heard from; a dash for an orphan asset. */
export function AssetLastSeen({ asset }: { asset: Asset }) {
  return asset.device ? <LastSeen device={asset.device} /> : <>—</>;
}
