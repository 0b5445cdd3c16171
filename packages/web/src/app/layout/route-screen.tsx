import type { User } from '@iot/shared';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ContentPage } from '@/components/content-page';
import { PageLoading } from '@/components/page-loading';
import { type AppRoute, roleAllows } from '../route-table';

/** The page of the current route, unless its role is not the user's: then the permission message (SPEC 6). */
export function RouteScreen({ route, user }: { route: AppRoute | undefined; user: User | null | undefined }) {
  const { t } = useTranslation();
  if (route?.role && user !== null) {
    if (user === undefined) return <PageLoading />;
    if (!roleAllows(route, user.role)) {
      return (
        <ContentPage title={t(route.title)} titleAdornment={<LockOutlined color="action" />} maxWidth={720}>
          <Alert severity="warning">{t('permission.denied')}</Alert>
        </ContentPage>
      );
    }
  }
  return <Outlet />;
}
