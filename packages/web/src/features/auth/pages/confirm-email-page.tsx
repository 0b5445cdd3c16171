import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterDomLink, useSearchParams } from 'react-router';
import { isApiError } from '@/api/client';
import { CardPage } from '@/components/card-page';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { useVerifyEmail } from '../api/verify-email';

function SignInButton() {
  const { t } = useTranslation();
  return (
    <Button component={RouterDomLink} to={paths.login} variant="contained" size="large">
      {t('confirmEmail.signIn')}
    </Button>
  );
}

function Confirmation({ confirmationKey }: { confirmationKey: string }) {
  const { t } = useTranslation();
  const verification = useVerifyEmail();
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    // Once per key, also under StrictMode's double effects.
    if (sentFor.current === confirmationKey) return;
    sentFor.current = confirmationKey;
    verification.mutate(confirmationKey);
  }, [confirmationKey, verification.mutate]);

  if (verification.isSuccess) {
    return (
      <Stack spacing={2.5}>
        <Alert severity="success" role="status">
          {t('confirmEmail.done')}
        </Alert>
        <SignInButton />
      </Stack>
    );
  }
  if (verification.isError) {
    const refused = isApiError(verification.error) && verification.error.status === 400;
    return (
      <Stack spacing={2.5}>
        <Alert severity="error">
          {refused ? t('auth.invalid_confirmation_key') : errorMessage(t, verification.error)}
        </Alert>
        <SignInButton />
      </Stack>
    );
  }
  return (
    <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
      <CircularProgress size={24} />
      <Typography>{t('confirmEmail.pending')}</Typography>
    </Stack>
  );
}

/** `/email-email` and `/confirm-email`: with the mailed `key` it confirms the address, without it asks to check mail. */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const key = params.get('key');
  return (
    <CardPage title={t('confirmEmail.title')}>
      {key ? (
        <Confirmation confirmationKey={key} />
      ) : (
        <Stack spacing={2.5}>
          <Alert severity="info">{t('confirmEmail.checkInbox')}</Alert>
          <SignInButton />
        </Stack>
      )}
    </CardPage>
  );
}
