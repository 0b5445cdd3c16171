import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@/api/client';
import { errorMessage } from '@/lib/error-message';

/** A spinner in place of content that is on its way. */
export function LoadingBlock() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
      <CircularProgress aria-label={t('app.loading')} />
    </Box>
  );
}

interface LoadFailureProps {
  error: unknown;
  onRetry: () => void;
  /**
   * What a 404 means on this page ("this preset does not exist") and where to go instead: retrying cannot bring back
   * what was deleted, so it replaces the retry.
   */
  notFound?: { text: string; backTo: string; backLabel: string };
}

/** A failed load shown in place, with a retry; a missing entity, when the page says what that means, with a way back. */
export function LoadFailure({ error, onRetry, notFound }: LoadFailureProps) {
  const { t } = useTranslation();
  if (notFound && isApiError(error, 404))
    return (
      <Alert
        severity="warning"
        action={
          <Button component={Link} to={notFound.backTo} color="inherit" size="small">
            {notFound.backLabel}
          </Button>
        }
      >
        {notFound.text}
      </Alert>
    );
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('app.retry')}
        </Button>
      }
    >
      {errorMessage(t, error)}
    </Alert>
  );
}
