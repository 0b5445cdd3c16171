import { PASSWORD_MIN_LENGTH, RegistrationRequest } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { RouterLink } from '@/components/router-link';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { useForm } from '@/lib/use-form';
import { useRegister } from '../api/register';

function SignUpError({ error, email }: { error: unknown; email: string }) {
  const { t } = useTranslation();
  if (isApiError(error, 409)) {
    return (
      <Alert severity="error">
        {t('auth.email_taken')}{' '}
        <RouterLink to={`${paths.login}?forgot=1`} state={{ email }} color="inherit" sx={{ fontWeight: 600 }}>
          {t('signUp.recover')}
        </RouterLink>
      </Alert>
    );
  }
  const refused = isApiError(error) && error.status >= 400 && error.status < 500;
  return <Alert severity="error">{refused ? t('signUp.failed') : errorMessage(t, error)}</Alert>;
}

/** Registration: e-mail, optional username and the password twice; the account waits for the mailed confirmation. */
export function SignUpForm() {
  const { t } = useTranslation();
  const registration = useRegister();
  const form = useForm(RegistrationRequest, { email: '', username: '', password1: '', password2: '' });

  if (registration.isSuccess) {
    return (
      <Alert severity="success" role="status">
        {t('signUp.done', { email: registration.data.email })}
      </Alert>
    );
  }

  const submit = form.handleSubmit(({ username, ...body }) =>
    registration.mutate(
      { ...body, ...(username ? { username } : {}) },
      { onError: (error) => isApiError(error) && form.setServerErrors(error.fields) },
    ),
  );

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
      {registration.isError && <SignUpError error={registration.error} email={form.values.email} />}
      <TextField label={t('fields.email')} type="email" autoComplete="email" {...form.field('email')} />
      <TextField label={t('fields.username')} autoComplete="username" {...form.field('username')} />
      <TextField
        label={t('fields.password')}
        type="password"
        autoComplete="new-password"
        {...form.field('password1', t('fields.passwordHint', { min: PASSWORD_MIN_LENGTH }))}
      />
      <TextField
        label={t('fields.passwordConfirmation')}
        type="password"
        autoComplete="new-password"
        {...form.field('password2')}
      />
      <Button type="submit" variant="contained" size="large" disabled={registration.isPending}>
        {t('signUp.submit')}
      </Button>
    </Stack>
  );
}
