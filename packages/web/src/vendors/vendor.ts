import type { ThemeOptions } from '@mui/material/styles';

/** The colours of the four alarm states (SPEC section 9); screens read them as `theme.palette.alarm.*`. */
export interface AlarmColors {
  ok: string;
  latched: string;
  active: string;
  snoozed: string;
}

declare module '@mui/material/styles' {
  interface Palette {
    alarm: AlarmColors;
  }
  interface PaletteOptions {
    alarm?: AlarmColors;
  }
}

/** Where one deployment's API lives: `/api` on the same origin, or an absolute `https://.../api`. */
export interface EndpointSet {
  apiBaseUrl: string;
}

export const STANDARD_ENDPOINT_SETS = ['production', 'demo', 'staging', 'development', 'local'] as const;
export type StandardEndpointSet = (typeof STANDARD_ENDPOINT_SETS)[number];

/**
 * The API endpoint sets of a vendor and the host table that picks one by the host the app is served from. The
 * standard sets are always there; partner sets are named freely. A host not in the table gets `production`.
 * A host entry is an exact host name or `*.domain` for every subdomain of `domain`.
 */
export interface EndpointConfig {
  endpointSets: Record<StandardEndpointSet, EndpointSet> & Record<string, EndpointSet>;
  hosts: Record<string, string>;
}

/** What a vendor variant brings: name, colours, logos, links and API endpoints. Chosen at build time (`@vendor`). */
export interface Vendor extends EndpointConfig {
  id: 'dots' | 'drops';
  title: string;
  /** The square mark, shown on the sign-in pages and in the app bar. */
  logoUrl: string;
  faviconUrl: string;
  palette: NonNullable<ThemeOptions['palette']> & { primary: { main: string }; alarm: AlarmColors };
  termsUrl: string;
  supportEmail: string;
}

/** A vendor folder's `vendor.json`: everything of the vendor but its id and its image files. */
export interface VendorFile extends EndpointConfig {
  title: string;
  primary: string;
  secondary: string;
  background: string;
  alarm: AlarmColors;
  termsUrl: string;
  supportEmail: string;
}

/** The vendor of one folder, from its `vendor.json` and its images. */
export function vendorFrom(
  id: Vendor['id'],
  file: VendorFile,
  images: { logoUrl: string; faviconUrl: string },
): Vendor {
  return {
    id,
    title: file.title,
    ...images,
    palette: {
      primary: { main: file.primary },
      secondary: { main: file.secondary },
      background: { default: file.background },
      alarm: file.alarm,
    },
    termsUrl: file.termsUrl,
    supportEmail: file.supportEmail,
    endpointSets: file.endpointSets,
    hosts: file.hosts,
  };
}
