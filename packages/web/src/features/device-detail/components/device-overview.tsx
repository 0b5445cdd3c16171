import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '@/components/router-link';
import { DeviceAssetLink } from '@/features/asset-status/components/device-asset-link';
import { LastSeen, ParameterizationChip } from '@/features/devices/components/device-facts';
import { networkIdOf, positionOf } from '@/features/devices/lib/device-facts';
import { LocationHistory } from '@/features/locations/components/location-history';
import { DeviceLocationState } from '@/features/locations/components/location-state-chip';
import { signalName } from '@/i18n/codec-names';
import { useReadingText } from '@/i18n/reading-text';
import { useBusinessTheme } from '@/lib/business-theme';
import { usePlan } from '@/lib/plan';
import { type SignalReadingView, signalReadings } from '../lib/signal-readings';
import type { DeviceScope } from './device-scope';
import { LastPositionMap } from './device-track';
import { ReadingDate, staleValueSx } from './signal-value';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Box sx={{ mt: 0.25, overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

/**
 * An alarm signal's card is drawn in the business's alarm colours: active while set, OK otherwise. The colour is a
 * strip inside the card's outline, not its left border: the OK colour may be white, and would then erase the outline.
 */
export function SignalCard({ view }: { view: SignalReadingView }) {
  const { t } = useTranslation();
  const { colours } = useBusinessTheme();
  const readingText = useReadingText();
  const { reading, signal } = view;
  const alarm = signal.kind === 'alarm' && typeof reading?.value === 'boolean';
  const edge = alarm ? (reading?.value ? colours.alarm.active : colours.alarm.ok) : undefined;
  return (
    <Card variant="outlined" sx={{ boxShadow: edge ? `inset 6px 0 0 ${edge}` : undefined }}>
      <CardContent>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {signalName(t, view.key, view.name)}
        </Typography>
        {reading ? (
          <>
            <Typography
              sx={{
                fontSize: '1.375rem',
                fontWeight: 600,
                mt: 0.5,
                overflowWrap: 'anywhere',
                ...staleValueSx(reading.date),
              }}
            >
              {readingText(reading.value, signal.unit)}
            </Typography>
            <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
              <ReadingDate date={reading.date} />
            </Typography>
          </>
        ) : (
          <Typography sx={{ color: 'text.disabled', mt: 0.5 }}>{t('device.noData')}</Typography>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The overview tab: who and what the device is, how it reports, where it is in terms of places, a card per signal with
 * its latest value, where the device was last when it reports a position and the plan has the last-position map, and
 * the location states it went through.
 */
export function DeviceOverview({ scope, businessLink }: { scope: DeviceScope; businessLink: string | undefined }) {
  const { t } = useTranslation();
  const { device, deviceType } = scope;
  const readings = deviceType ? signalReadings(device, deviceType) : [];
  const withMap = usePlan(device.businessId).dataViewCapabilities.deviceMapLastPosition;
  const position = positionOf(device);
  return (
    <Stack spacing={2.5}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
          <Fact label={t('device.field.description')}>{device.description || '—'}</Fact>
          <Fact label={t('device.field.deviceType')}>{deviceType?.name ?? device.deviceType}</Fact>
          <Fact label={t('device.field.business')}>
            {businessLink ? (
              <RouterLink to={businessLink}>{device.business.description}</RouterLink>
            ) : (
              device.business.description
            )}
          </Fact>
          <Fact label={t('device.field.communicationType')}>{t(`devices.network.${device.communicationType}`)}</Fact>
          <Fact label={t('device.field.networkId')}>{networkIdOf(device) ?? '—'}</Fact>
          <Fact label={t('device.field.lastSeen')}>
            <LastSeen device={device} />
          </Fact>
          <Fact label={t('device.field.location')}>
            <DeviceLocationState location={device.location} />
          </Fact>
          <Fact label={t('device.field.parameterization')}>
            {device.parameterization ? <ParameterizationChip device={device} /> : t('device.config.neverSet')}
          </Fact>
          {device.asset && (
            <Fact label={t('device.field.asset')}>
              <DeviceAssetLink device={{ ...device, asset: device.asset }} />
            </Fact>
          )}
        </Box>
      </Paper>
      <Typography component="h2" variant="h6">
        {t('device.overview.latest')}
      </Typography>
      {readings.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('device.noSignals')}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}>
          {readings.map((view) => (
            <SignalCard key={view.key} view={view} />
          ))}
        </Box>
      )}
      {withMap && position && (
        <>
          <Typography component="h2" variant="h6">
            {t('device.position.last')}
          </Typography>
          <LastPositionMap lat={position.lat} lon={position.lon} date={position.date} />
        </>
      )}
      <LocationHistory uuid={device.uuid} />
    </Stack>
  );
}
