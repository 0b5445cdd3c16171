import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';

/**
 * A paged list's rows, or what it shows instead: its failure with a retry, a spinner while the first page loads, or
 * `emptyText` when nothing is there.
 */
export function PagedListStatus({
  query,
  empty,
  emptyText,
  severity = 'error',
  children,
}: {
  query: { isError: boolean; error: unknown; data: unknown; refetch: () => unknown };
  empty: boolean;
  emptyText: string;
  severity?: AlertColor;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError)
    return (
      <Alert
        severity={severity}
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('app.retry')}
          </Button>
        }
      >
        {errorMessage(t, query.error)}
      </Alert>
    );
  if (!query.data)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Box>
    );
  if (empty)
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, color: 'text.secondary' }}>
        {emptyText}
      </Paper>
    );
  return children;
}
