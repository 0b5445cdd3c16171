import { SIGNAL_HISTORY_PAGE_SIZES, type Signal, type SignalHistoryEntry } from '@iot/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TablePager } from '@/components/table-pager';
import { formatLocale } from '@/i18n';
import { LoadFailure, LoadingBlock } from '../../components/load-state';
import { useSignalHistory } from '../api/get-signal-history';

/** The fields a history entry names; anything else is shown by its own name. */
const FIELD_LABELS = {
  key: 'arch.signals.key',
  name: 'arch.signals.name',
  unit: 'arch.signals.unit',
  type: 'arch.signals.type',
  showInList: 'arch.signals.showInList',
  source: 'arch.signals.source',
} as const;

/** A recorded value as the list shows it: a type by its name, yes or no, text in quotes. */
function shown(t: TFunction, field: string, value: unknown): string {
  if (field === 'type' && typeof value === 'string')
    return t(`arch.signalType.${value}` as never, { defaultValue: value });
  if (typeof value === 'boolean') return value ? t('arch.yes') : t('arch.no');
  return typeof value === 'string' ? `“${value}”` : JSON.stringify(value);
}

const isChange = (value: unknown): value is { from: unknown; to: unknown } =>
  typeof value === 'object' && value !== null && 'from' in value && 'to' in value;

/** What a history entry changed, a line per field: `name: “Temp” → “Temperature”`, or the value recorded. */
export function describeChanges(t: TFunction, changes: SignalHistoryEntry['changes']): string[] {
  return Object.entries(changes).map(([field, value]) => {
    const label = field in FIELD_LABELS ? t(FIELD_LABELS[field as keyof typeof FIELD_LABELS]) : field;
    return isChange(value)
      ? `${label}: ${shown(t, field, value.from)} → ${shown(t, field, value.to)}`
      : `${label}: ${shown(t, field, value)}`;
  });
}

/** A signal's changes (who, what, when), newest first, a page at a time. */
export function SignalHistoryDialog({ signal, onClose }: { signal: Signal; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(SIGNAL_HISTORY_PAGE_SIZES[0]);
  const history = useSignalHistory({ uuid: signal.uuid, page: page + 1, pageSize });
  const dates = new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'short', timeStyle: 'medium' });

  return (
    <Dialog open onClose={onClose} aria-labelledby="signal-history-title" maxWidth="md" fullWidth>
      <DialogTitle id="signal-history-title">{t('arch.signals.historyTitle', { key: signal.key })}</DialogTitle>
      <DialogContent sx={{ position: 'relative' }}>
        {history.isPlaceholderData && (
          <LinearProgress aria-label={t('app.loading')} sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
        )}
        {history.isError ? (
          <LoadFailure error={history.error} onRetry={() => void history.refetch()} />
        ) : !history.data ? (
          <LoadingBlock />
        ) : (
          <>
            <Table size="small" aria-label={t('arch.signals.historyTitle', { key: signal.key })}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('arch.signals.historyDate')}</TableCell>
                  <TableCell>{t('arch.signals.historyUser')}</TableCell>
                  <TableCell>{t('arch.signals.historyAction')}</TableCell>
                  <TableCell>{t('arch.signals.historyChanges')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {history.data.data.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={4} sx={{ color: 'text.secondary' }}>
                      {t('arch.signals.historyEmpty')}
                    </TableCell>
                  </TableRow>
                )}
                {history.data.data.map((entry) => (
                  <TableRow key={entry._id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{dates.format(new Date(entry.createdAt))}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{entry.user ?? t('arch.signals.platform')}</TableCell>
                    <TableCell>{t(`arch.signals.action.${entry.action}`)}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {describeChanges(t, entry.changes).map((line) => (
                        <div key={line}>{line}</div>
                      ))}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <TablePager
              count={history.data.totalElements}
              page={page}
              pageSize={pageSize}
              pageSizes={SIGNAL_HISTORY_PAGE_SIZES}
              onPageChange={setPage}
              onPageSizeChange={setPageSize}
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
