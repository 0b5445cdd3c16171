import { useTranslation } from 'react-i18next';
import { ContentPage } from '@/components/content-page';
import { UserList } from '../components/user-list';

/** `/users` (provider staff only, SPEC section 6): every user of the platform. */
export function UsersPage() {
  const { t } = useTranslation();
  return (
    <ContentPage title={t('route.users')} subtitle={t('users.subtitle')} maxWidth={1040}>
      <UserList />
    </ContentPage>
  );
}
