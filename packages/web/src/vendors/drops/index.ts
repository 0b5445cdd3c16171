import { vendorFrom } from '../vendor';
import faviconUrl from './favicon.svg';
import logoUrl from './logo.svg';
import file from './vendor.json';

export const vendor = vendorFrom('drops', file, { logoUrl, faviconUrl });
