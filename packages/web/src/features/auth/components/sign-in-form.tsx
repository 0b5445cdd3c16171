import { SignInRequest, type SignInResponse } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { TextInput } from '@/components/text-input';
import { errorMessage } from '@/lib/error-message';
import { useForm } from '@/lib/use-form';
import { useSignIn } from '../api/sign-in';

export function SignInForm({ onSignedIn }: { onSignedIn: (response: SignInResponse) => void }) {
  const { t } = useTranslation();
  const signIn = useSignIn({ onSuccess: onSignedIn });
  const form = useForm(SignInRequest, { email: '', password: '' });

  const submit = form.handleSubmit((body) =>
    signIn.mutate(body, { onError: (error) => isApiError(error) && form.setServerErrors(error.fields) }),
  );

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
      {signIn.isError && (
        <Alert severity="error">
          {isApiError(signIn.error, 401) ? t('auth.invalid_credentials') : errorMessage(t, signIn.error)}
        </Alert>
      )}
      <TextInput label={t('fields.email')} type="email" autoComplete="username" autoFocus {...form.field('email')} />
      <TextInput
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        {...form.field('password')}
      />
      <Button type="submit" variant="contained" size="large" disabled={signIn.isPending}>
        {t('login.submit')}
      </Button>
    </Stack>
  );
}
