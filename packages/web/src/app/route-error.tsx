import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { CardPage } from '@/components/card-page';
import { ContentPage } from '@/components/content-page';
import { isChunkLoadError } from '@/lib/lazy-load';

/**
 * A page that failed to load or crashed. A screen part that failed to load already made the page reload once
 * (`loadScreenPart`); reaching this page means that did not help, so it offers a manual reload. Inside the shell the
 * app bar stays.
 */
export function RouteError({ inShell = false }: { inShell?: boolean }) {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunkFailed = isChunkLoadError(error);

  useEffect(() => {
    if (!chunkFailed) console.error(error);
  }, [chunkFailed, error]);

  const body = (
    <Stack spacing={2.5}>
      <Alert severity="error">{chunkFailed ? t('errors.connection') : t('server.error')}</Alert>
      <Button variant="contained" size="large" onClick={() => window.location.reload()} sx={{ alignSelf: 'start' }}>
        {t('app.reload')}
      </Button>
    </Stack>
  );
  if (inShell) {
    return (
      <ContentPage title={t('routeError.title')} maxWidth={640}>
        {body}
      </ContentPage>
    );
  }
  return <CardPage title={t('routeError.title')}>{body}</CardPage>;
}
