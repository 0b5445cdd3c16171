import type { SignInResponse } from '@iot/shared';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { CardPage } from '@/components/card-page';
import { RouterLink } from '@/components/router-link';
import { paths } from '@/config/paths';
import { changeLanguage } from '@/i18n';
import { storedLanguage } from '@/i18n/language';
import { safeRedirectTarget } from '@/lib/redirect-target';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { NewPasswordForm } from '../components/new-password-form';
import { SignInForm } from '../components/sign-in-form';

function SignInPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  const signedIn = ({ user }: SignInResponse) => {
    // The profile's language applies unless a language was chosen on this browser.
    if (!storedLanguage()) void changeLanguage(user.profile.language);
    void navigate(safeRedirectTarget(params.get('redirect')), { replace: true });
  };

  const forgot = new URLSearchParams(params);
  forgot.set('forgot', '1');
  return (
    <CardPage
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.noAccount')} <RouterLink to={paths.signUp}>{t('login.signUp')}</RouterLink>
        </>
      }
    >
      <Stack spacing={2.5}>
        <SignInForm onSignedIn={signedIn} />
        <RouterLink to={`${paths.login}?${forgot}`} sx={{ alignSelf: 'center' }}>
          {t('login.forgot')}
        </RouterLink>
      </Stack>
    </CardPage>
  );
}

function ForgotPasswordPanel() {
  const { t } = useTranslation();
  const location = useLocation();
  const [params] = useSearchParams();
  const back = new URLSearchParams(params);
  back.delete('forgot');
  const email = (location.state as { email?: unknown } | null)?.email;
  return (
    <CardPage title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <Stack spacing={2.5}>
        <ForgotPasswordForm initialEmail={typeof email === 'string' ? email : ''} />
        <RouterLink to={back.size ? `${paths.login}?${back}` : paths.login} sx={{ alignSelf: 'center' }}>
          {t('forgot.back')}
        </RouterLink>
      </Stack>
    </CardPage>
  );
}

function NewPasswordPanel({ uid, token, invited }: { uid: string; token: string; invited: boolean }) {
  const { t } = useTranslation();
  return (
    <CardPage
      title={t(invited ? 'reset.invitedTitle' : 'reset.title')}
      subtitle={t(invited ? 'reset.invitedSubtitle' : 'reset.subtitle')}
      footer={<RouterLink to={paths.login}>{t('forgot.back')}</RouterLink>}
    >
      <NewPasswordForm uid={uid} token={token} invited={invited} />
    </CardPage>
  );
}

/**
 * `/login` and its alias `/reset-password`: a mailed reset link (`uid` and `token`) opens the new-password form,
 * `?forgot` the request for such a link, anything else the sign-in form. An invitation's link carries `invited`: the
 * invitee chooses a first password rather than changing one.
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const uid = params.get('uid');
  const token = params.get('token');
  if (uid && token) return <NewPasswordPanel uid={uid} token={token} invited={params.has('invited')} />;
  if (params.has('forgot')) return <ForgotPasswordPanel />;
  return <SignInPanel />;
}
