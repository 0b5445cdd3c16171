import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BulkResultsList } from './bulk-results-list';
import type { BulkWork } from './use-bulk-device-work';

/** How a finished work is summed up: a configuration says whether all, some or none were configured (SPEC 8). */
function summaryKey(kind: BulkWork['kind'], succeeded: number, failed: number) {
  if (kind !== 'configure') return `devices.bulk.${kind}Done` as const;
  if (failed === 0) return 'devices.bulk.configureDone';
  return succeeded === 0 ? 'devices.bulk.configureFailed' : 'devices.bulk.configurePartial';
}

/**
 * A bulk move, delete or configuration: its progress while it runs, then how many were done and which were not, and
 * why.
 */
export function BulkWorkDialog({
  work,
  nameOf,
  onClose,
}: {
  work: BulkWork | null;
  nameOf: (uuid: string) => string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const results = work?.results;
  const failed = results?.filter((result) => !result.ok).length ?? 0;
  const succeeded = (results?.length ?? 0) - failed;
  const notDone = work?.kind === 'configure' ? t('devices.bulk.notConfigured') : t('devices.bulk.notDone');
  return (
    <Dialog open={Boolean(work)} aria-labelledby="bulk-work-title" maxWidth="sm" fullWidth>
      {work && (
        <>
          <DialogTitle id="bulk-work-title">{t(`devices.bulk.${work.kind}Title`)}</DialogTitle>
          <DialogContent>
            {!results ? (
              <Stack spacing={1.5}>
                <Typography>{t('devices.bulk.progress', { done: work.done, total: work.total })}</Typography>
                <LinearProgress
                  variant="determinate"
                  value={work.total ? Math.round((work.done * 100) / work.total) : 0}
                  aria-label={t('devices.bulk.progress', { done: work.done, total: work.total })}
                />
              </Stack>
            ) : (
              <Stack spacing={1.5}>
                <Alert severity={failed === 0 ? 'success' : succeeded === 0 ? 'error' : 'warning'}>
                  {t(summaryKey(work.kind, succeeded, failed), { succeeded, total: results.length })}
                </Alert>
                {failed > 0 && <Typography>{notDone}</Typography>}
                <BulkResultsList results={results} nameOf={nameOf} label={notDone} />
              </Stack>
            )}
          </DialogContent>
          <DialogActions>
            <Button variant="contained" disabled={!results} onClick={onClose}>
              {t('app.close')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
