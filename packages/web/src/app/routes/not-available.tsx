import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { ContentPage } from '@/components/content-page';
import { paths } from '@/config/paths';
import { routeOfHandle } from '../route-table';

/** The page of a route whose screen is not built yet: its title and a clear word that it comes later. */
export function NotAvailablePage() {
  const { t } = useTranslation();
  const route = routeOfHandle(useMatches().at(-1)?.handle);
  const title = route ? t(route.title) : t('notAvailable.title');
  return (
    <ContentPage title={title} maxWidth={720}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <ConstructionOutlined sx={{ fontSize: 40, color: 'primary.main' }} aria-hidden />
          <Typography variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
            {t('notAvailable.title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>{t('notAvailable.text')}</Typography>
          <Button component={Link} to={paths.home} variant="contained">
            {t('notAvailable.home')}
          </Button>
        </Stack>
      </Paper>
    </ContentPage>
  );
}
