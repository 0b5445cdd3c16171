import { ThemeProvider } from '@mui/material/styles';
import { type ReactNode, useMemo } from 'react';
import { useBusinessConfig } from '@/features/businesses/api/business-config';
import { BusinessLookContext, coloursOf, VENDOR_LOOK } from '@/lib/business-theme';
import { createAppTheme, theme as vendorTheme } from '../theme';

/**
 * Draws a business node's pages in its effective theme and logo (set on the node or inherited from an ancestor);
 * without a node, or until its configuration is known, the vendor's look stays.
 */
export function BusinessThemeProvider({
  businessId,
  children,
}: {
  businessId: string | undefined;
  children: ReactNode;
}) {
  const effective = useBusinessConfig(businessId).data?.effective;
  const theme = effective?.theme;
  const logo = effective?.logo;
  const look = useMemo(
    () => (theme || logo ? { colours: coloursOf(theme), logoUrl: logo ?? VENDOR_LOOK.logoUrl } : VENDOR_LOOK),
    [theme, logo],
  );
  const muiTheme = useMemo(() => (theme ? createAppTheme(look.colours) : vendorTheme), [theme, look]);
  return (
    <BusinessLookContext.Provider value={look}>
      <ThemeProvider theme={muiTheme}>{children}</ThemeProvider>
    </BusinessLookContext.Provider>
  );
}
