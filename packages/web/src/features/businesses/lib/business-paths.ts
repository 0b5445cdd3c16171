import type { Business } from '@iot/shared';
import { generatePath } from 'react-router';
import { paths } from '@/config/paths';

const params = (business: Pick<Business, '_id' | 'slug'>) => ({
  businessId: business._id,
  businessName: business.slug,
});

export const businessDevicesPath = (business: Pick<Business, '_id' | 'slug'>) =>
  generatePath(paths.businessDevices, params(business));
export const businessConfigPath = (business: Pick<Business, '_id' | 'slug'>) =>
  generatePath(paths.businessConfig, params(business));
