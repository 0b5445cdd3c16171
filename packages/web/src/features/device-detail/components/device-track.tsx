import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { loadScreenPart } from '@/lib/lazy-load';
import { type ReadingsSource, useReadings } from '../api/get-readings';
import type { ReadingRange } from '../lib/reading-range';
import { type TrackPoint, trackOf } from '../lib/track';
import { ReadingsNotices } from './readings-notices';

// The map library is large: it loads only when a device with a position is shown.
const PositionMap = lazy(() => loadScreenPart(() => import('./position-map')));

function MapOf({ points, height, label }: { points: TrackPoint[]; height: number; label: string }) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Box sx={{ display: 'grid', placeItems: 'center', height }}>
          <CircularProgress aria-label={t('app.loading')} />
        </Box>
      }
    >
      <PositionMap points={points} height={height} label={label} />
    </Suspense>
  );
}

/** The overview's map of where the device was last (the plan's last-position map). */
export function LastPositionMap({ lat, lon, date }: { lat: number; lon: number; date: string }) {
  const { t } = useTranslation();
  const points = useMemo(() => [{ lat, lon, date: Date.parse(date) }], [lat, lon, date]);
  return (
    <Paper variant="outlined" sx={{ p: 1 }}>
      <MapOf points={points} height={260} label={t('device.position.last')} />
    </Paper>
  );
}

/**
 * The data tab's track (the plan's complete map): every position the device reported in the period, joined in time
 * order, with the same "Consult size limit exceeded" notice as other readings when the period holds too many.
 */
export function DeviceTrack({
  source,
  signal,
  range,
  signalLabel,
}: {
  source: ReadingsSource;
  signal: string;
  range: ReadingRange;
  signalLabel: string;
}) {
  const { t } = useTranslation();
  const signals = useMemo(() => [signal], [signal]);
  const readings = useReadings(source, signals, range);
  const answered = readings.data?.signals;
  const points = useMemo(() => trackOf(answered?.[0]?.readings ?? []), [answered]);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('device.position.track')}
          {answered && points.length > 0 && (
            <Typography component="span" variant="body2" sx={{ color: 'text.secondary', ml: 1 }}>
              {t('device.position.count', { count: points.length })}
            </Typography>
          )}
        </Typography>
        {readings.isError ? (
          <Alert severity="error">{errorMessage(t, readings.error)}</Alert>
        ) : !answered ? (
          <Box sx={{ display: 'grid', placeItems: 'center', height: 120 }}>
            <CircularProgress aria-label={t('app.loading')} />
          </Box>
        ) : points.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>{t('device.position.none')}</Typography>
        ) : (
          <>
            <ReadingsNotices signals={answered} nameOf={() => signalLabel} />
            <MapOf points={points} height={380} label={t('device.position.track')} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
