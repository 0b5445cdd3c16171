import type { User } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { getSessionEmail } from '@/api/session';
import { ContentPage } from '@/components/content-page';
import { LanguageSwitch } from '@/components/language-switch';
import { paths } from '@/config/paths';
import { useSignOut } from '@/features/auth/api/sign-out';
import { useSignOutEverywhere } from '@/features/auth/api/sign-out-everywhere';
import { BusinessList } from '@/features/businesses/components/business-list';
import { OverviewPanel } from '@/features/overview/components/overview-panel';
import { useUser } from '@/lib/auth/get-user';
import { useProfileLanguage } from '@/lib/auth/use-profile-language';
import { fullName, initials } from '@/lib/auth/user-name';
import { errorMessage } from '@/lib/error-message';
import { NOTIFICATIONS_PARAM } from '../layout/use-notifications-dialog';

function Account({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { chooseLanguage, saving } = useProfileLanguage(user);

  const leave = async () => {
    await navigate(paths.login, { replace: true });
    queryClient.clear();
  };
  const signOut = useSignOut({ onSuccess: leave });
  const signOutEverywhere = useSignOutEverywhere({ onSuccess: leave });
  const signingOut = signOut.isPending || signOutEverywhere.isPending;

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar sx={{ bgcolor: 'primary.main', width: 56, height: 56, fontWeight: 600 }}>{initials(user)}</Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="p" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
            {fullName(user) ? t('home.greeting', { name: fullName(user) }) : t('home.greetingWithoutName')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>{user.email}</Typography>
        </Box>
      </Stack>
      <Divider />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <Typography sx={{ fontWeight: 500 }}>{t('home.language')}</Typography>
        <LanguageSwitch onChange={(language) => void chooseLanguage(language)} disabled={saving} />
      </Stack>
      <Divider />
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" disabled={signingOut} onClick={() => signOut.mutate()}>
            {t('home.signOut')}
          </Button>
          <Button variant="text" disabled={signingOut} onClick={() => signOutEverywhere.mutate()}>
            {t('home.signOutEverywhere')}
          </Button>
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('home.signOutEverywhereHint')}
        </Typography>
      </Stack>
    </Stack>
  );
}

/** The signed-in user, the profile's language and the ways to sign out. */
function AccountSection() {
  const { t } = useTranslation();
  // Read once: when the session ends, this page is on its way out and must not ask for another user.
  const [email] = useState(getSessionEmail);
  const user = useUser(email);
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="home-account-title" sx={{ maxWidth: 560 }}>
      <Typography id="home-account-title" variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
        {t('home.title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {user.data ? (
          <Account user={user.data} />
        ) : user.isError ? (
          <Stack spacing={2.5}>
            <Alert severity="error">{errorMessage(t, user.error)}</Alert>
            <Button variant="contained" onClick={() => void user.refetch()}>
              {t('app.retry')}
            </Button>
          </Stack>
        ) : (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress aria-label={t('app.loading')} />
          </Box>
        )}
      </Paper>
    </Stack>
  );
}

/**
 * The landing of `/`: the overview of the caller's part of the tree, the business list below it, then who is signed
 * in. `/businesses` (the menu's business list) shows the list and the account alone.
 */
export function HomePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const overview = pathname === paths.home;
  return (
    <ContentPage title={overview ? t('overview.title') : t('businesses.listTitle')} maxWidth={overview ? 1200 : 1040}>
      <Stack spacing={4}>
        {overview && <OverviewPanel notificationsTo={{ pathname: paths.home, search: `?${NOTIFICATIONS_PARAM}` }} />}
        {overview ? (
          <Stack spacing={1.5} component="section" aria-labelledby="home-businesses-title">
            <Typography id="home-businesses-title" variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
              {t('businesses.listTitle')}
            </Typography>
            <BusinessList />
          </Stack>
        ) : (
          <BusinessList />
        )}
        <AccountSection />
      </Stack>
    </ContentPage>
  );
}
