import { createTheme } from '@mui/material/styles';
import { vendor } from '@vendor';

/** The vendor's colours on one shared look; system fonts only (the app loads nothing from other sites). */
export const theme = createTheme({
  palette: vendor.palette,
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
