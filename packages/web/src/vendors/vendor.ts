import type { ThemeOptions } from '@mui/material/styles';

/** What a vendor variant brings: its name, colours and logo. One is chosen at build time through `@vendor`. */
export interface Vendor {
  id: 'dots' | 'drops';
  title: string;
  logoUrl: string;
  palette: NonNullable<ThemeOptions['palette']>;
}
