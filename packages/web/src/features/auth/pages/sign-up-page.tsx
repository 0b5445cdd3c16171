import { useTranslation } from 'react-i18next';
import { CardPage } from '@/components/card-page';
import { RouterLink } from '@/components/router-link';
import { paths } from '@/config/paths';
import { SignUpForm } from '../components/sign-up-form';

export function SignUpPage() {
  const { t } = useTranslation();
  return (
    <CardPage
      title={t('signUp.title')}
      subtitle={t('signUp.subtitle')}
      footer={
        <>
          {t('signUp.haveAccount')} <RouterLink to={paths.login}>{t('signUp.signIn')}</RouterLink>
        </>
      }
    >
      <SignUpForm />
    </CardPage>
  );
}
