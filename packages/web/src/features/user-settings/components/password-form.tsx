import { PASSWORD_MIN_LENGTH, PasswordChangeRequest } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { useForm } from '@/lib/use-form';
import { useChangePassword } from '../api/change-password';

/** The "password" tab: the current password, then the new one twice. Calls `onChanged` after a change. */
export function PasswordForm({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const { showSuccess } = useSnackbar();
  const changePassword = useChangePassword();
  const form = useForm(PasswordChangeRequest, { old_password: '', password1: '', password2: '' });

  const submit = form.handleSubmit((body) =>
    changePassword.mutate(body, {
      onSuccess: () => {
        showSuccess(t('app.updated'));
        onChanged();
      },
      onError: (error) => isApiError(error, 400) && form.setServerErrors(error.fields),
    }),
  );
  const refused = isApiError(changePassword.error, 400) ? changePassword.error : undefined;

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit} sx={{ maxWidth: 440 }}>
      {refused && Object.keys(refused.fields).length === 0 && <Alert severity="error">{refused.message}</Alert>}
      <TextField
        label={t('settings.currentPassword')}
        type="password"
        autoComplete="current-password"
        {...form.field('old_password')}
      />
      <TextField
        label={t('settings.newPassword')}
        type="password"
        autoComplete="new-password"
        {...form.field('password1', t('fields.passwordHint', { min: PASSWORD_MIN_LENGTH }))}
      />
      <TextField
        label={t('settings.newPasswordConfirmation')}
        type="password"
        autoComplete="new-password"
        {...form.field('password2')}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={changePassword.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('settings.changePassword')}
      </Button>
    </Stack>
  );
}
