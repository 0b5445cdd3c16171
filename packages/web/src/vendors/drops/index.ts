import type { Vendor } from '../vendor';
import faviconUrl from './favicon.svg';
import logoUrl from './logo.svg';
import info from './vendor.json';

export const vendor: Vendor = {
  id: 'drops',
  title: info.title,
  logoUrl,
  faviconUrl,
  palette: {
    primary: { main: info.primary },
    secondary: { main: info.secondary },
    background: { default: info.background },
    alarm: info.alarm,
  },
  termsUrl: info.termsUrl,
  supportEmail: info.supportEmail,
  endpointSets: info.endpointSets,
  hosts: info.hosts,
};
