import { createTheme } from '@mui/material/styles';
import { vendor } from '@vendor';
import { type BusinessColours, VENDOR_COLOURS } from '@/lib/business-theme';

/**
 * The shared look in given colours: the vendor's, or a business node's on its pages. System fonts only (the app loads
 * nothing from other sites).
 */
export const createAppTheme = ({ primary, alarm }: BusinessColours) =>
  createTheme({
    palette: { ...vendor.palette, primary: { main: primary }, alarm },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiAlert: { styleOverrides: { root: { alignItems: 'center' } } },
    },
  });

/** The vendor's theme. */
export const theme = createAppTheme(VENDOR_COLOURS);
