import { PASSWORD_MIN_LENGTH, PasswordResetConfirmRequest } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterDomLink } from 'react-router';
import { isApiError } from '@/api/client';
import { RouterLink } from '@/components/router-link';
import { TextInput } from '@/components/text-input';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { useForm } from '@/lib/use-form';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';

/** The form of a mailed reset or invitation link: the new password twice, then a way to sign in with it. */
export function NewPasswordForm({ uid, token, invited = false }: { uid: string; token: string; invited?: boolean }) {
  const { t } = useTranslation();
  const confirmReset = useConfirmPasswordReset();
  const form = useForm(PasswordResetConfirmRequest, { uid, token, new_password1: '', new_password2: '' });

  if (confirmReset.isSuccess) {
    return (
      <Stack spacing={2.5}>
        <Alert severity="success" role="status">
          {t(invited ? 'reset.invitedDone' : 'reset.done')}
        </Alert>
        <Button component={RouterDomLink} to={paths.login} variant="contained" size="large">
          {t('reset.signIn')}
        </Button>
      </Stack>
    );
  }

  const submit = form.handleSubmit((body) =>
    confirmReset.mutate(body, { onError: (error) => isApiError(error) && form.setServerErrors(error.fields) }),
  );
  const badLink = isApiError(confirmReset.error) && confirmReset.error.code === 'auth.invalid_reset_link';

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
      {confirmReset.isError && (
        <Alert severity="error">
          {errorMessage(t, confirmReset.error)}
          {badLink && (
            <>
              {' '}
              <RouterLink to={`${paths.login}?forgot=1`} color="inherit" sx={{ fontWeight: 600 }}>
                {t('reset.newLink')}
              </RouterLink>
            </>
          )}
        </Alert>
      )}
      <TextInput
        label={t('reset.password')}
        type="password"
        autoComplete="new-password"
        autoFocus
        {...form.field('new_password1', t('fields.passwordHint', { min: PASSWORD_MIN_LENGTH }))}
      />
      <TextInput
        label={t('reset.passwordConfirmation')}
        type="password"
        autoComplete="new-password"
        {...form.field('new_password2')}
      />
      <Button type="submit" variant="contained" size="large" disabled={confirmReset.isPending}>
        {t(invited ? 'reset.invitedSubmit' : 'reset.submit')}
      </Button>
    </Stack>
  );
}
