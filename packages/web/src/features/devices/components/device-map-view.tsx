import type { DeviceTypeInfo } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { MAP_DEVICE_LIMIT, useDevicePositions } from '../api/get-device-positions';
import type { DeviceFilterBody } from '../lib/device-list-params';

// The map library is large: it loads only when someone opens the map.
const DeviceMap = lazy(() => import('./device-map'));

const loading = (label: string, height: number | string) => (
  <Box sx={{ height, display: 'grid', placeItems: 'center' }}>
    <CircularProgress aria-label={label} />
  </Box>
);

/** The map view: the last positions of the filter's devices, with a word on how many have one. */
export function DeviceMapView({
  filter,
  linkTo,
  typeName,
  typeOf,
  height,
}: {
  filter: DeviceFilterBody;
  linkTo: (uuid: string) => string;
  typeName: (deviceType: string) => string;
  typeOf: (deviceType: string) => DeviceTypeInfo | undefined;
  height: number | string;
}) {
  const { t } = useTranslation();
  const positions = useDevicePositions(filter);
  if (positions.isError) return <Alert severity="error">{t('devices.mapFailed')}</Alert>;
  if (!positions.data) return loading(t('app.loading'), height);
  const { devices, truncated } = positions.data;
  return (
    <Box sx={{ position: 'relative' }}>
      <Suspense fallback={loading(t('app.loading'), height)}>
        <DeviceMap devices={devices} linkTo={linkTo} typeName={typeName} typeOf={typeOf} height={height} />
      </Suspense>
      <Typography
        variant="body2"
        sx={{
          position: 'absolute',
          left: 8,
          top: 8,
          px: 1,
          py: 0.5,
          borderRadius: 1,
          bgcolor: 'background.paper',
          boxShadow: 1,
        }}
      >
        {devices.length === 0
          ? t('devices.mapNone')
          : truncated
            ? t('devices.mapTruncated', { total: devices.length, limit: MAP_DEVICE_LIMIT })
            : t('devices.mapCount', { total: devices.length })}
      </Typography>
    </Box>
  );
}
