import { generatePath } from 'react-router';
import { paths } from '@/config/paths';

/**
 * The asset status screen of `asset`, under the business named by the path (`businessId`, `businessName`, as the
 * routes carry them): the screen reads the asset by its id alone, so any level of the caller's tree frames it.
 */
export const assetStatusPath = (
  business: { businessId: string; businessName: string },
  asset: { id: string; description: string },
) =>
  generatePath(paths.businessAsset, {
    ...business,
    assetId: asset.id,
    // An empty segment would not match the route: the id stands in for a name-less asset.
    assetName: asset.description.trim() || asset.id,
  });
