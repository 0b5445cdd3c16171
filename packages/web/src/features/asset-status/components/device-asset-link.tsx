import type { Device } from '@iot/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useParams } from 'react-router';
import { RouterLink } from '@/components/router-link';
import { getBusinessesQueryOptions } from '@/features/businesses/api/get-businesses';
import { assetStatusPath } from '../lib/asset-paths';

/**
 * The asset a device is linked to (`Device.asset`): a link to the asset's status screen when the caller can open it,
 * its name as plain text otherwise. The link stays under the business the path names, else goes under the device's.
 */
export function DeviceAssetLink({
  device,
}: {
  device: Pick<Device, 'businessId' | 'business'> & { asset: NonNullable<Device['asset']> };
}) {
  const { businessId, businessName } = useParams();
  const { asset } = device;
  const inPath = Boolean(businessId && businessName);
  const slug = useQuery({
    ...getBusinessesQueryOptions(),
    enabled: asset.ownedByUser && !inPath,
    select: useCallback(
      (list: { _id: string; slug: string }[]) => list.find((business) => business._id === device.businessId)?.slug,
      [device.businessId],
    ),
  }).data;
  if (!asset.ownedByUser) return <>{asset.description}</>;
  const business =
    businessId && businessName
      ? { businessId, businessName }
      : { businessId: device.businessId, businessName: slug ?? device.business.description };
  return (
    <RouterLink to={assetStatusPath(business, { id: asset.UUID, description: asset.description })}>
      {asset.description}
    </RouterLink>
  );
}
