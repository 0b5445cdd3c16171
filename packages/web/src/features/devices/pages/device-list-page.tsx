import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ContentPage } from '@/components/content-page';
import { useBusinesses } from '@/features/businesses/api/get-businesses';
import { buildBusinessTree, businessPath } from '@/features/businesses/lib/business-tree';
import { DeviceList } from '../components/device-list';

/**
 * `/devices`, `/group/devices`, `/device-asset` and their business-scoped forms (`/businesses/{id}/{name}/devices`,
 * ...): one device list, of a business's subtree when the path names a business.
 */
export function DeviceListPage() {
  const { t } = useTranslation();
  const { businessId } = useParams();
  const businesses = useBusinesses(Boolean(businessId));
  const tree = useMemo(() => (businesses.data ? buildBusinessTree(businesses.data) : undefined), [businesses.data]);
  const business = businessId ? tree?.byId.get(businessId) : undefined;
  return (
    <ContentPage
      title={business ? t('devices.titleOf', { name: business.description }) : t('devices.title')}
      subtitle={business && tree ? businessPath(tree, business._id) : undefined}
      maxWidth={1440}
    >
      <DeviceList key={businessId ?? 'all'} businessId={businessId} />
    </ContentPage>
  );
}
