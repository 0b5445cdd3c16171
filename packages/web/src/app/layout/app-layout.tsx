import Box from '@mui/material/Box';
import { useState } from 'react';
import { useMatches, useSearchParams } from 'react-router';
import { usePublicKey } from '@/features/keys/api/get-public-key';
import { NotificationsDialog } from '@/features/notifications/components/notifications-dialog';
import { SigfoxTokensDialog } from '@/features/sigfox-tokens/components/sigfox-tokens-dialog';
import { useSigfoxTokenWarning } from '@/features/sigfox-tokens/hooks/use-sigfox-token-warning';
import { VersionDialog } from '@/features/version/components/version-dialog';
import { useCurrentUser } from '@/lib/auth/use-current-user';
import { routeOfHandle } from '../route-table';
import { AppTopBar } from './app-top-bar';
import { RouteScreen } from './route-screen';
import { useNotificationsDialog } from './use-notifications-dialog';

/** A query flag such as `hideAppBar` (SPEC section 2) is set when present and not `false` or `0`. */
const isFlagSet = (value: string | null) => value !== null && value !== 'false' && value !== '0';

/**
 * The shell of every page but the sign-in ones: the app bar (hidden by the `hideAppBar` query flag) over the page,
 * and the dialogs the app bar opens. The business-tree side panel (a later issue) takes its place beside `main`.
 */
export function AppLayout() {
  const matches = useMatches();
  const route = routeOfHandle(matches.at(-1)?.handle);
  const [params] = useSearchParams();
  const hideAppBar = isFlagSet(params.get('hideAppBar'));
  const currentUser = useCurrentUser();
  // A user that cannot be loaded counts as signed out here: the failure has its snackbar, the app bar offers sign-in.
  const user = currentUser.email && !currentUser.isError ? currentUser.data : null;
  const notifications = useNotificationsDialog();
  const vapidPublicKey = usePublicKey('vapid').data;
  const [sigfoxTokensOpen, setSigfoxTokensOpen] = useState(false);
  const [aboutOpen, setAboutOpen] = useState(false);
  const tokenWarning = useSigfoxTokenWarning({
    enabled: user?.role === 'product',
    onAutoOpen: () => setSigfoxTokensOpen(true),
  });

  return (
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
        <Box component="main" sx={{ flex: 1, minWidth: 0 }}>
          <RouteScreen route={route} user={user} />
        </Box>
      </Box>
      <NotificationsDialog
        open={Boolean(user) && notifications.open}
        onClose={notifications.close}
        vapidPublicKey={vapidPublicKey}
      />
      <SigfoxTokensDialog open={sigfoxTokensOpen} onClose={() => setSigfoxTokensOpen(false)} />
      <VersionDialog open={aboutOpen} onClose={() => setAboutOpen(false)} />
    </Box>
  );
}
