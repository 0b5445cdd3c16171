import type { Vendor } from '../vendor';
import logoUrl from './logo.svg';
import info from './vendor.json';

export const vendor: Vendor = {
  id: 'dots',
  title: info.title,
  logoUrl,
  palette: {
    primary: { main: info.primary },
    secondary: { main: '#0c8fd6' },
    background: { default: '#f3f5fb' },
  },
};
