import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ContentPage } from '@/components/content-page';
import { paths } from '@/config/paths';
import { messageText } from '@/i18n';

/** `/error/{code}/{message}`: an error another page or site sends the user to; no sign-in needed. */
export function ErrorPage() {
  const { t } = useTranslation();
  const { code = '', message = '' } = useParams();
  return (
    <ContentPage
      title={t('errorPage.heading', { code })}
      titleAdornment={<ErrorOutline color="error" />}
      maxWidth={720}
    >
      <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
          {message ? messageText(t, message) : t('server.error')}
        </Alert>
        <Button component={Link} to={paths.home} variant="contained">
          {t('notAvailable.home')}
        </Button>
      </Stack>
    </ContentPage>
  );
}
