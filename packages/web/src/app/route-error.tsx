import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { CardPage } from '@/components/card-page';

const RELOADED_AT = 'chunk-reload-at';

/** A page's code failed to load, most likely because a new version replaced the old files. */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
      error.message,
    )
  );
}

/** Reloads at most once a minute, so a server that is really down does not make the page loop. */
function reloadOnce(): boolean {
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (Date.now() - last < 60_000) return false;
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  window.location.reload();
  return true;
}

export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunkFailed = isChunkLoadError(error);

  useEffect(() => {
    if (chunkFailed) reloadOnce();
    else console.error(error);
  }, [chunkFailed, error]);

  return (
    <CardPage title={t('routeError.title')}>
      <Stack spacing={2.5}>
        <Alert severity="error">{chunkFailed ? t('errors.connection') : t('server.error')}</Alert>
        <Button variant="contained" size="large" onClick={() => window.location.reload()}>
          {t('app.reload')}
        </Button>
      </Stack>
    </CardPage>
  );
}
