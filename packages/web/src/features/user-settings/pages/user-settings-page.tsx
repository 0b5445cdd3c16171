import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ContentPage } from '@/components/content-page';
import { useCurrentUser } from '@/lib/auth/use-current-user';
import { errorMessage } from '@/lib/error-message';
import { PasswordForm } from '../components/password-form';
import { ProfileForm } from '../components/profile-form';

const TABS = ['data', 'password'] as const;
type SettingsTab = (typeof TABS)[number];

/** `/editData`: the user's settings, tabs "data" and "password" (the tab is in the address: `?tab=password`). */
export function UserSettingsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: SettingsTab = params.get('tab') === 'password' ? 'password' : 'data';
  const user = useCurrentUser();
  // A changed password empties the form: a new key mounts a fresh one.
  const [passwordFormKey, setPasswordFormKey] = useState(0);

  const chooseTab = (next: SettingsTab) =>
    setParams(
      (current) => {
        const search = new URLSearchParams(current);
        if (next === 'data') search.delete('tab');
        else search.set('tab', next);
        return search;
      },
      { replace: true },
    );

  return (
    <ContentPage title={t('settings.title')} maxWidth={860}>
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_event, next: SettingsTab) => chooseTab(next)}
          sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 1, sm: 2 } }}
        >
          <Tab value="data" label={t('settings.tabData')} id="settings-tab-data" aria-controls="settings-panel" />
          <Tab
            value="password"
            label={t('settings.tabPassword')}
            id="settings-tab-password"
            aria-controls="settings-panel"
          />
        </Tabs>
        <Box id="settings-panel" role="tabpanel" aria-labelledby={`settings-tab-${tab}`} sx={{ p: { xs: 2, sm: 4 } }}>
          {user.data ? (
            tab === 'data' ? (
              <ProfileForm key={user.data.email} user={user.data} />
            ) : (
              <PasswordForm key={passwordFormKey} onChanged={() => setPasswordFormKey((key) => key + 1)} />
            )
          ) : user.isError ? (
            <Stack spacing={2}>
              <Alert severity="error">{errorMessage(t, user.error)}</Alert>
              <Button variant="contained" onClick={() => void user.refetch()} sx={{ alignSelf: 'flex-start' }}>
                {t('app.retry')}
              </Button>
            </Stack>
          ) : (
            <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
              <CircularProgress aria-label={t('app.loading')} />
            </Box>
          )}
        </Box>
      </Paper>
    </ContentPage>
  );
}
