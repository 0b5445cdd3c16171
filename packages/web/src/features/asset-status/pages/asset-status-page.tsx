import type { AssetDetail } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, useParams } from 'react-router';
import { isApiError } from '@/api/client';
import { hasSession } from '@/api/session';
import { ContentPage } from '@/components/content-page';
import { RouterLink } from '@/components/router-link';
import { paths } from '@/config/paths';
import { assetReadingsSource, useAsset } from '@/features/assets/api/assets';
import { useBusinesses } from '@/features/businesses/api/get-businesses';
import { buildBusinessTree, businessPath } from '@/features/businesses/lib/business-tree';
import { getDeviceQueryOptions } from '@/features/device-detail/api/get-device';
import { SignalCard } from '@/features/device-detail/components/device-overview';
import { DeviceReadings } from '@/features/device-detail/components/device-readings';
import { signalReadings } from '@/features/device-detail/lib/signal-readings';
import { useDeviceTypes } from '@/features/devices/api/get-device-types';
import { LastSeen } from '@/features/devices/components/device-facts';
import { SignInPrompt } from '@/features/devices/components/device-list';
import { formatLocale } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import { usePlan } from '@/lib/plan';
import { AssetAlarms } from '../components/asset-alarms';
import { AssetDeviceHistory } from '../components/asset-device-history';
import { IncompleteChip } from '../components/asset-facts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" spacing={1.5} aria-label={title}>
      <Typography component="h2" variant="h6">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

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

function Loading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
      <CircularProgress aria-label={t('app.loading')} />
    </Box>
  );
}

/**
 * Where the asset's history is read through: the device linked now, else the last one linked. Its type names the
 * signals charted; the readings themselves are the asset's, across every device it had.
 */
function useHistoryDevice(asset: AssetDetail) {
  const lastUuid = asset.device ? undefined : asset.links[0]?.device.uuid;
  const last = useQuery({ ...getDeviceQueryOptions(lastUuid ?? ''), enabled: Boolean(lastUuid) });
  if (asset.device) return asset.device;
  return lastUuid ? last.data : undefined;
}

/** The asset's fields, its device's latest values, its history charted and mapped, its alarms and its devices. */
function AssetStatus({ asset, deviceLink }: { asset: AssetDetail; deviceLink: (uuid: string) => string }) {
  const { t, i18n } = useTranslation();
  const types = useDeviceTypes();
  const plan = usePlan(asset.businessId).dataViewCapabilities;
  const historyDevice = useHistoryDevice(asset);
  const deviceType = historyDevice && types.data?.find((type) => type.id === historyDevice.deviceType);
  const latest = asset.device && deviceType ? signalReadings(asset.device, deviceType) : [];
  const numbers = new Intl.NumberFormat(formatLocale(i18n.language), { maximumFractionDigits: 6 });
  const dates = new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  const source = useMemo(() => assetReadingsSource(asset._id), [asset._id]);

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2.5}>
          {asset.incomplete && <Alert severity="warning">{t('assetStatus.incompleteText')}</Alert>}
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
            <Fact label={t('assetStatus.column.type')}>{asset.assetType.name}</Fact>
            <Fact label={t('device.field.business')}>{asset.business.description}</Fact>
            <Fact label={t('assetStatus.column.device')}>
              {asset.device ? (
                <RouterLink to={deviceLink(asset.device.uuid)}>
                  {asset.device.description || asset.device.uuid}
                </RouterLink>
              ) : (
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {t('assetStatus.noDevice')}
                </Box>
              )}
            </Fact>
            {asset.device && asset.linkedAt && (
              <Fact label={t('assetStatus.linkedFrom')}>{dates.format(new Date(asset.linkedAt))}</Fact>
            )}
            {asset.device && (
              <Fact label={t('device.field.lastSeen')}>
                <LastSeen device={asset.device} />
              </Fact>
            )}
            {asset.fields.map((field) => (
              <Fact key={field.name} label={field.required ? `${field.name} *` : field.name}>
                {field.value === null ? (
                  field.required ? (
                    <IncompleteChip />
                  ) : (
                    <Box component="span" sx={{ color: 'text.disabled' }}>
                      —
                    </Box>
                  )
                ) : typeof field.value === 'number' ? (
                  numbers.format(field.value)
                ) : (
                  field.value
                )}
              </Fact>
            ))}
          </Box>
        </Stack>
      </Paper>

      {asset.device && (
        <Section title={t('device.overview.latest')}>
          {latest.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>{t('device.noSignals')}</Typography>
          ) : (
            // Two cards side by side even on a phone: an asset's values read at a glance.
            <Box
              sx={{
                display: 'grid',
                gap: { xs: 1.5, sm: 2 },
                gridTemplateColumns: {
                  xs: 'repeat(auto-fill, minmax(150px, 1fr))',
                  sm: 'repeat(auto-fill, minmax(200px, 1fr))',
                },
              }}
            >
              {latest.map((view) => (
                <SignalCard key={view.key} view={view} />
              ))}
            </Box>
          )}
        </Section>
      )}

      {historyDevice && deviceType && (
        <Section title={t('assetStatus.readings')}>
          <DeviceReadings
            // A new device type names other signals: the choice of signals starts over with it.
            key={deviceType.id}
            scope={{ device: { uuid: historyDevice.uuid, signalValues: historyDevice.signalValues }, deviceType }}
            source={source}
            withChart={plan.deviceCharts}
            withTrack={plan.deviceMapComplete}
          />
        </Section>
      )}

      <Section title={t('assetStatus.alarms')}>
        <AssetAlarms businessId={asset.businessId} assetId={asset._id} />
      </Section>

      <Section title={t('assetStatus.history')}>
        <AssetDeviceHistory links={asset.links} deviceLink={deviceLink} />
      </Section>
    </Stack>
  );
}

/**
 * `/businesses/{id}/{name}/assets/{asset_id}/{asset_name}` (lenient guard): one asset's status. A visitor without a
 * session is offered the way in; an asset out of reach or outside the plan says so in place.
 */
export function AssetStatusPage() {
  const { t } = useTranslation();
  const { assetId = '', businessId, businessName } = useParams();
  const signedIn = hasSession();
  const asset = useAsset(signedIn ? assetId : undefined);
  const businesses = useBusinesses(signedIn);
  const tree = useMemo(() => (businesses.data ? buildBusinessTree(businesses.data) : undefined), [businesses.data]);
  const level = asset.data ? tree?.byId.get(asset.data.businessId) : undefined;
  const deviceLink = useCallback(
    (uuid: string) =>
      businessId && businessName
        ? generatePath(paths.businessDevice, { businessId, businessName, uuid })
        : generatePath(paths.device, { uuid }),
    [businessId, businessName],
  );

  let body: ReactNode;
  if (!signedIn) body = <SignInPrompt />;
  else if (asset.isError)
    body = (
      <Alert severity="warning">
        {isApiError(asset.error, 404) ? t('assetStatus.notFound') : errorMessage(t, asset.error)}
      </Alert>
    );
  else if (!asset.data) body = <Loading />;
  else body = <AssetStatus asset={asset.data} deviceLink={deviceLink} />;

  return (
    <ContentPage
      title={asset.data?.description ?? t('route.assetStatus')}
      subtitle={
        level && tree ? (
          <RouterLink
            to={generatePath(paths.businessDeviceAsset, { businessId: level._id, businessName: level.slug })}
            sx={{ fontWeight: 400 }}
          >
            {businessPath(tree, level._id)}
          </RouterLink>
        ) : undefined
      }
      maxWidth={1200}
    >
      {body}
    </ContentPage>
  );
}
