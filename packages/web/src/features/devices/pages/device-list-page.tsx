import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useMatch, useParams } from 'react-router';
import { hasSession } from '@/api/session';
import { useCurrentBusinessId } from '@/app/layout/use-current-plan';
import { ContentPage } from '@/components/content-page';
import { paths } from '@/config/paths';
import { AssetList } from '@/features/asset-status/components/asset-list';
import { useBusinesses } from '@/features/businesses/api/get-businesses';
import { buildBusinessTree, businessPath } from '@/features/businesses/lib/business-tree';
import { usePlan } from '@/lib/plan';
import { DeviceList, SignInPrompt } from '../components/device-list';

/**
 * `/devices`, `/group/devices`, `/device-asset` and their business-scoped forms (`/businesses/{id}/{name}/devices`,
 * ...): one device screen, of a business's subtree when the path names a business. Its device-asset paths show it
 * in asset mode: one row per asset (of the current business's subtree when the path names none).
 */
export function DeviceListPage() {
  const { t } = useTranslation();
  const { businessId, businessName } = useParams();
  const allAssets = useMatch(paths.deviceAsset);
  const businessAssets = useMatch(paths.businessDeviceAsset);
  const assetMode = Boolean(allAssets ?? businessAssets);
  const signedIn = hasSession();
  const currentBusinessId = useCurrentBusinessId();
  const scopeId = businessId ?? (signedIn ? currentBusinessId : undefined);
  const businesses = useBusinesses(Boolean(businessId) || (assetMode && signedIn));
  const tree = useMemo(() => (businesses.data ? buildBusinessTree(businesses.data) : undefined), [businesses.data]);
  const business = businessId ? tree?.byId.get(businessId) : undefined;
  const assetSupport = usePlan(signedIn ? scopeId : undefined).assetSupport;
  const scoped = businessId && businessName ? { businessId, businessName } : undefined;
  const modes = {
    devices: scoped ? generatePath(paths.businessDevices, scoped) : paths.devices,
    assets: scoped ? generatePath(paths.businessDeviceAsset, scoped) : paths.deviceAsset,
  };

  const title = assetMode
    ? business
      ? t('assetStatus.titleOf', { name: business.description })
      : t('assetStatus.title')
    : business
      ? t('devices.titleOf', { name: business.description })
      : t('devices.title');
  // From `/device-asset` the assets are those of the current business: the subtitle names it.
  const subtitleId = business?._id ?? (assetMode ? scopeId : undefined);
  return (
    <ContentPage
      title={title}
      subtitle={subtitleId && tree?.byId.has(subtitleId) ? businessPath(tree, subtitleId) : undefined}
      maxWidth={1440}
    >
      {/* The two modes of the one screen, offered where the plan has assets (and always from the asset mode). */}
      {signedIn && (assetSupport || assetMode) && (
        <Tabs value={assetMode ? 'assets' : 'devices'} aria-label={t('assetStatus.mode')} sx={{ mb: 2, mt: -1.5 }}>
          <Tab value="devices" label={t('assetStatus.mode.devices')} component={Link} to={modes.devices} />
          <Tab value="assets" label={t('assetStatus.mode.assets')} component={Link} to={modes.assets} />
        </Tabs>
      )}
      {assetMode ? (
        signedIn ? (
          <AssetList key={scopeId ?? 'none'} businessId={scopeId} />
        ) : (
          <SignInPrompt />
        )
      ) : (
        <DeviceList key={businessId ?? 'all'} businessId={businessId} />
      )}
    </ContentPage>
  );
}
