import { DEFAULT_PLAN, hasRank, type Role } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '@/api/client';
import { ContentPage } from '@/components/content-page';
import { paths } from '@/config/paths';
import { DeviceAssetLink } from '@/features/asset-status/components/device-asset-link';
import { useBusinessConfig } from '@/features/businesses/api/business-config';
import { useBusinesses } from '@/features/businesses/api/get-businesses';
import { businessDevicesPath } from '@/features/businesses/lib/business-paths';
import { buildBusinessTree, businessPath, roleOnBusiness } from '@/features/businesses/lib/business-tree';
import { useDeviceTypes } from '@/features/devices/api/get-device-types';
import { JourneysTab } from '@/features/journeys/components/journeys-tab';
import { useCurrentUser } from '@/lib/auth/use-current-user';
import { errorMessage } from '@/lib/error-message';
import { usePlanQuery } from '@/lib/plan';
import { useDevice } from '../api/get-device';
import { AdvancedMenu } from '../components/advanced-menu';
import { DeviceAlarms } from '../components/device-alarms';
import { DeviceCalibration } from '../components/device-calibration';
import { DeviceCommissioning } from '../components/device-commissioning';
import { DeviceConfig } from '../components/device-config';
import { DeviceData } from '../components/device-data';
import { DeviceInfoForm } from '../components/device-info-form';
import { DeviceMaintenance } from '../components/device-maintenance';
import { DeviceOutputsTab } from '../components/device-outputs';
import { DeviceOverview } from '../components/device-overview';
import type { DeviceScope } from '../components/device-scope';
import { DeviceTabBar } from '../components/device-tab-bar';
import { DeviceUsers } from '../components/device-users';
import { chosenDeviceTab, type DeviceDetailTab, visibleDeviceTabs } from '../lib/device-tabs';

function Loading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
      <CircularProgress aria-label={t('app.loading')} />
    </Box>
  );
}

/**
 * `/devices/{uuid}` and `/businesses/{id}/{name}/devices/{uuid}`: one device, a tab per section (`?tab=`). The tabs
 * shown follow the caller's role on the device's business, that business's views per role and its plan.
 */
export function DeviceDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { uuid = '', businessId: routeBusinessId, businessName } = useParams();
  const [params, setParams] = useSearchParams();
  const device = useDevice(uuid);
  const types = useDeviceTypes();
  const user = useCurrentUser().data;
  const businesses = useBusinesses(Boolean(user));
  const tree = useMemo(() => (businesses.data ? buildBusinessTree(businesses.data) : undefined), [businesses.data]);
  const businessId = device.data?.businessId;
  const role: Role = user && tree && businessId ? roleOnBusiness(tree, businessId, user) : 'anonymous';
  // Provider staff see every tab whatever a business says, so they need not wait for its views.
  const config = useBusinessConfig(role === 'product' ? undefined : businessId);
  const plan = usePlanQuery(businessId);
  const [infoRound, setInfoRound] = useState(0);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));

  const business = businessId ? tree?.byId.get(businessId) : undefined;
  const listPath =
    routeBusinessId && businessName
      ? generatePath(paths.businessDevices, { businessId: routeBusinessId, businessName })
      : paths.devices;
  const waiting =
    device.isPending ||
    types.isPending ||
    plan.isPending ||
    (Boolean(user) && businesses.isPending) ||
    (role !== 'product' && config.isPending && config.fetchStatus !== 'idle');

  const body = () => {
    if (device.isError) {
      const text = isApiError(device.error, 404) ? t('device.notFound') : errorMessage(t, device.error);
      return <Alert severity="warning">{text}</Alert>;
    }
    if (waiting || !device.data) return <Loading />;
    const scope: DeviceScope = {
      device: device.data,
      deviceType: types.data?.find((type) => type.id === device.data.deviceType),
      role,
      canEdit: hasRank(role, 'user'),
      isAdmin: hasRank(role, 'admin'),
    };
    const visible = visibleDeviceTabs({
      role,
      viewPermissions: config.data?.viewPermissions,
      plan: plan.data?.features ?? DEFAULT_PLAN,
    });
    const tab = chosenDeviceTab(params.get('tab'), visible);
    const show = (next: DeviceDetailTab) =>
      setParams(
        (current) => {
          current.set('tab', next);
          // A journey open in the journeys tab closes with it.
          current.delete('journey');
          return current;
        },
        { replace: true },
      );
    const startInfoOver = () => void device.refetch().then(() => setInfoRound((round) => round + 1));
    return (
      <Stack spacing={2.5}>
        <Stack direction="row" sx={{ alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}>
          {phone ? (
            // On a phone ten tabs cannot show at once: one menu names the tab shown and offers the others.
            <TextField
              select
              size="small"
              label={t('device.tabs')}
              value={tab}
              onChange={(event) => {
                const next = visible.find((name) => name === event.target.value);
                if (next) show(next);
              }}
              sx={{ flex: 1, minWidth: 0, mb: 1.5 }}
            >
              {visible.map((name) => (
                <MenuItem key={name} value={name}>
                  {t(`device.tab.${name}`)}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <DeviceTabBar tabs={visible} tab={tab} onChange={show} />
          )}
          {scope.isAdmin && <AdvancedMenu scope={scope} />}
        </Stack>
        <Box role="tabpanel" aria-label={t(`device.tab.${tab}`)}>
          {tab === 'overview' && (
            <DeviceOverview scope={scope} businessLink={business ? businessDevicesPath(business) : undefined} />
          )}
          {tab === 'info' && (
            <DeviceInfoForm
              key={infoRound}
              scope={scope}
              onStartOver={startInfoOver}
              onDeleted={() => void navigate(listPath, { replace: true })}
            />
          )}
          {tab === 'data' && <DeviceData scope={scope} />}
          {tab === 'config' && <DeviceConfig key={device.data.parameters.status ?? 'never'} scope={scope} />}
          {tab === 'maintenance' && <DeviceMaintenance scope={scope} />}
          {tab === 'outputs' && <DeviceOutputsTab scope={scope} />}
          {tab === 'users' && <DeviceUsers businessId={device.data.businessId} />}
          {tab === 'alarms' && <DeviceAlarms scope={scope} />}
          {tab === 'journeys' && (
            <JourneysTab
              scope={{
                kind: 'device',
                businessId: device.data.businessId,
                device: { uuid: device.data.uuid, description: device.data.description },
              }}
              canEdit={scope.canEdit}
            />
          )}
          {tab === 'calibration' && <DeviceCalibration scope={scope} />}
          {tab === 'commissioning' && <DeviceCommissioning scope={scope} />}
        </Box>
      </Stack>
    );
  };

  const levelPath = business && tree ? businessPath(tree, business._id) : undefined;
  const asset = device.data?.asset;
  return (
    <ContentPage
      title={device.data ? device.data.description || device.data.uuid : t('device.title')}
      subtitle={
        // The header names the device's asset too, opening it when the caller can.
        asset && device.data ? (
          <>
            {levelPath && `${levelPath} · `}
            {t('device.field.asset')}: <DeviceAssetLink device={{ ...device.data, asset }} />
          </>
        ) : (
          levelPath
        )
      }
      maxWidth={1200}
    >
      {body()}
    </ContentPage>
  );
}
