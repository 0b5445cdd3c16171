import type { Language, User } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getSessionEmail } from '@/api/session';
import { CardPage } from '@/components/card-page';
import { LanguageSwitch } from '@/components/language-switch';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-user';
import { useSignOut } from '@/features/auth/api/sign-out';
import { useSignOutEverywhere } from '@/features/auth/api/sign-out-everywhere';
import { useUpdateUser } from '@/features/auth/api/update-user';
import { changeLanguage } from '@/i18n';
import { errorMessage } from '@/lib/error-message';

const fullName = (user: User) => `${user.profile.firstName} ${user.profile.lastName}`.trim();

function initials(user: User): string {
  const name = fullName(user) || user.email;
  const letters = name
    .split(/[\s@._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase());
  return letters.join('');
}

function Account({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const updateUser = useUpdateUser(user.email);

  const leave = async () => {
    await navigate(paths.login, { replace: true });
    queryClient.clear();
  };
  const signOut = useSignOut({ onSuccess: leave });
  const signOutEverywhere = useSignOutEverywhere({ onSuccess: leave });
  const signingOut = signOut.isPending || signOutEverywhere.isPending;
  const signOutError = signOut.error ?? signOutEverywhere.error;

  // The interface switches at once; the profile keeps the choice for the next sign-in.
  const chooseLanguage = async (language: Language) => {
    await changeLanguage(language);
    if (user.profile.language === language) return;
    updateUser.mutate({ version: user.version, language }, { onSuccess: () => setSaved(true) });
  };

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
        <LanguageSwitch onChange={(language) => void chooseLanguage(language)} disabled={updateUser.isPending} />
      </Stack>
      {updateUser.isError && <Alert severity="error">{errorMessage(t, updateUser.error)}</Alert>}
      <Divider />
      {signOutError && <Alert severity="error">{errorMessage(t, signOutError)}</Alert>}
      <Stack spacing={1.5}>
        <Button variant="contained" size="large" disabled={signingOut} onClick={() => signOut.mutate()}>
          {t('home.signOut')}
        </Button>
        <Button variant="outlined" size="large" disabled={signingOut} onClick={() => signOutEverywhere.mutate()}>
          {t('home.signOutEverywhere')}
        </Button>
        <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center' }}>
          {t('home.signOutEverywhereHint')}
        </Typography>
      </Stack>
      <Snackbar
        open={saved}
        autoHideDuration={5000}
        onClose={() => setSaved(false)}
        message={t('app.updated')}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      />
    </Stack>
  );
}

/** The signed-in home for now: who is signed in, the profile's language and the ways to sign out. */
export function HomePage() {
  const { t } = useTranslation();
  // Read once: when the session ends, this page is on its way out and must not ask for another user.
  const [email] = useState(getSessionEmail);
  const user = useUser(email);
  return (
    <CardPage title={t('home.title')} languageControl={user.data ? null : undefined} width={520}>
      {user.data ? (
        <Account user={user.data} />
      ) : user.isError ? (
        <Stack spacing={2.5}>
          <Alert severity="error">{errorMessage(t, user.error)}</Alert>
          <Button variant="contained" onClick={() => void user.refetch()}>
            {t('home.retry')}
          </Button>
        </Stack>
      ) : (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress aria-label={t('app.loading')} />
        </Box>
      )}
    </CardPage>
  );
}
