import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches, useSearchParams } from 'react-router';
import { AlarmSnackbar } from '@/features/alarms/components/alarm-snackbar';
import { createAlarmAlertStore } from '@/features/alarms/lib/alarm-alerts';
import { BUSINESS_PANEL_WIDTH, BusinessTreePanel } from '@/features/businesses/components/business-tree-panel';
import { usePublicKey } from '@/features/keys/api/get-public-key';
import { useLiveEvents } from '@/features/live-events/hooks/use-live-events';
import { NotificationsDialog } from '@/features/notifications/components/notifications-dialog';
import { SigfoxTokensDialog } from '@/features/sigfox-tokens/components/sigfox-tokens-dialog';
import { useSigfoxTokenWarning } from '@/features/sigfox-tokens/hooks/use-sigfox-token-warning';
import { VersionDialog } from '@/features/version/components/version-dialog';
import { useCurrentUser } from '@/lib/auth/use-current-user';
import { routeOfHandle } from '../route-table';
import { AppTopBar } from './app-top-bar';
import { BusinessThemeProvider } from './business-theme-provider';
import { RouteScreen } from './route-screen';
import { useNotificationsDialog } from './use-notifications-dialog';

/** The app bar's height on a desktop (MUI's dense-free toolbar from the `sm` breakpoint up). */
const APP_BAR_HEIGHT = 64;

/** A query flag such as `hideAppBar` (SPEC section 2) is set when present and not `false` or `0`. */
const isFlagSet = (value: string | null) => value !== null && value !== 'false' && value !== '0';

/**
 * The shell of every page but the sign-in ones: the app bar (hidden by the `hideAppBar` query flag) over the page,
 * the business-tree side panel beside it for a signed-in user (a drawer on phones), the dialogs the app bar opens, and
 * the alarm snackbar that tells live of each alarm that becomes active.
 * A business node's pages take its theme and logo.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(useTheme().breakpoints.down('md'));
  const [treeOpen, setTreeOpen] = useState(false);
  const matches = useMatches();
  const route = routeOfHandle(matches.at(-1)?.handle);
  const businessId = matches.at(-1)?.params.businessId;
  const [params] = useSearchParams();
  const hideAppBar = isFlagSet(params.get('hideAppBar'));
  const currentUser = useCurrentUser();
  // A user that cannot be loaded counts as signed out here: the failure has its snackbar, the app bar offers sign-in.
  const user = currentUser.email && !currentUser.isError ? currentUser.data : null;
  const [alarmAlerts] = useState(createAlarmAlertStore);
  useLiveEvents(Boolean(user), alarmAlerts.onLiveEvent);
  const notifications = useNotificationsDialog();
  const vapidPublicKey = usePublicKey('vapid').data;
  const [sigfoxTokensOpen, setSigfoxTokensOpen] = useState(false);
  const [aboutOpen, setAboutOpen] = useState(false);
  const tokenWarning = useSigfoxTokenWarning({
    enabled: user?.role === 'product',
    onAutoOpen: () => setSigfoxTokensOpen(true),
  });

  return (
    <BusinessThemeProvider businessId={user ? businessId : undefined}>
      <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
        {!hideAppBar && (
          <AppTopBar
            user={user}
            currentRoute={route?.name}
            tokenWarning={tokenWarning}
            onOpenNotifications={notifications.show}
            onOpenSigfoxTokens={() => setSigfoxTokensOpen(true)}
            onOpenAbout={() => setAboutOpen(true)}
          />
        )}
        <Box sx={{ flex: 1, display: 'flex', minHeight: 0 }}>
          {user && !isPhone && (
            <Box
              sx={{
                width: BUSINESS_PANEL_WIDTH,
                flexShrink: 0,
                borderRight: 1,
                borderColor: 'divider',
                bgcolor: 'background.paper',
                position: 'sticky',
                top: hideAppBar ? 0 : APP_BAR_HEIGHT,
                height: hideAppBar ? '100dvh' : `calc(100dvh - ${APP_BAR_HEIGHT}px)`,
              }}
            >
              <BusinessTreePanel user={user} businessId={businessId} />
            </Box>
          )}
          <Box component="main" sx={{ flex: 1, minWidth: 0 }}>
            {user && isPhone && (
              <Box sx={{ px: 1, pt: 1 }}>
                <Button size="small" startIcon={<AccountTreeOutlined />} onClick={() => setTreeOpen(true)}>
                  {t('businesses.tree')}
                </Button>
              </Box>
            )}
            <RouteScreen route={route} user={user} />
          </Box>
        </Box>
        {user && isPhone && (
          <Drawer
            open={treeOpen}
            onClose={() => setTreeOpen(false)}
            slotProps={{ paper: { sx: { width: `min(${BUSINESS_PANEL_WIDTH}px, 88vw)` } } }}
          >
            <BusinessTreePanel user={user} businessId={businessId} onNavigate={() => setTreeOpen(false)} />
          </Drawer>
        )}
        <NotificationsDialog
          open={Boolean(user) && notifications.open}
          onClose={notifications.close}
          vapidPublicKey={vapidPublicKey}
        />
        <SigfoxTokensDialog open={sigfoxTokensOpen} onClose={() => setSigfoxTokensOpen(false)} />
        <VersionDialog open={aboutOpen} onClose={() => setAboutOpen(false)} />
        {user && <AlarmSnackbar store={alarmAlerts} />}
      </Box>
    </BusinessThemeProvider>
  );
}
