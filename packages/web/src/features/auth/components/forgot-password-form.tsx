import { PasswordResetRequest } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { TextInput } from '@/components/text-input';
import { errorMessage } from '@/lib/error-message';
import { useForm } from '@/lib/use-form';
import { useRequestPasswordReset } from '../api/request-password-reset';

/** Asks for the account's e-mail and mails a reset link; the answer never tells whether the address exists. */
export function ForgotPasswordForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation();
  const resetRequest = useRequestPasswordReset();
  const form = useForm(PasswordResetRequest, { email: initialEmail });

  if (resetRequest.isSuccess) {
    return (
      <Alert severity="success" role="status">
        {t('forgot.sent')}
      </Alert>
    );
  }

  const submit = form.handleSubmit((body) =>
    resetRequest.mutate(body, { onError: (error) => isApiError(error) && form.setServerErrors(error.fields) }),
  );

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
      {resetRequest.isError && <Alert severity="error">{errorMessage(t, resetRequest.error)}</Alert>}
      <TextInput label={t('fields.email')} type="email" autoComplete="email" autoFocus {...form.field('email')} />
      <Button type="submit" variant="contained" size="large" disabled={resetRequest.isPending}>
        {t('forgot.submit')}
      </Button>
    </Stack>
  );
}
