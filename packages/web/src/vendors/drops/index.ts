import type { Vendor } from '../vendor';
import logoUrl from './logo.svg';
import info from './vendor.json';

export const vendor: Vendor = {
  id: 'drops',
  title: info.title,
  logoUrl,
  palette: {
    primary: { main: info.primary },
    secondary: { main: '#2a9d8f' },
    background: { default: '#f1f7f8' },
  },
};
