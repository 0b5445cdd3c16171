import { BUSINESS_LOG_PAGE_SIZES, type BusinessLog, DEFAULT_BUSINESS_LOG_PAGE_SIZE } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TablePager } from '@/components/table-pager';
import { formatLocale, type TranslationKey } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import { useBusinessLogs } from '../api/get-business-logs';

/** The action's label; an action the server learnt after this build shows by its code. */
function actionText(t: TFunction, i18n: { exists: (key: string) => boolean }, action: string): string {
  const key = `businesses.log.${action}`;
  return i18n.exists(key) ? t(key as TranslationKey) : action;
}

/** The entry's details as text; a level's id reads as its name when that level is reachable. */
const detailsText = (log: BusinessLog, nameOf: (id: string) => string | undefined) =>
  Object.entries(log.details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? (nameOf(value) ?? value) : JSON.stringify(value)}`)
    .join(', ');

/** A business's activity log (who did what, when), newest first, a page at a time. */
export function BusinessLogs({
  businessId,
  nameOf,
}: {
  businessId: string;
  nameOf: (id: string) => string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_BUSINESS_LOG_PAGE_SIZE);
  const logs = useBusinessLogs({ businessId, page: page + 1, pageSize });
  const dates = new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });

  if (logs.isError && !logs.data) return <Alert severity="error">{errorMessage(t, logs.error)}</Alert>;
  if (!logs.data) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Box>
    );
  }
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={t('businesses.tab.logs')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('businesses.logWhen')}</TableCell>
              <TableCell>{t('businesses.logWho')}</TableCell>
              <TableCell>{t('businesses.logWhat')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('businesses.logDetails')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {logs.data.data.length === 0 && (
              <TableRow>
                <TableCell colSpan={4} sx={{ color: 'text.secondary' }}>
                  {t('businesses.logsEmpty')}
                </TableCell>
              </TableRow>
            )}
            {logs.data.data.map((log) => (
              <TableRow key={log._id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{dates.format(new Date(log.createdAt))}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', minWidth: { sm: 160 } }}>
                  {log.user ?? t('businesses.logSystem')}
                </TableCell>
                <TableCell>{actionText(t, i18n, log.action)}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, color: 'text.secondary' }}>
                  {detailsText(log, nameOf)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePager
        count={logs.data.totalElements}
        page={page}
        pageSize={pageSize}
        pageSizes={BUSINESS_LOG_PAGE_SIZES}
        onPageChange={setPage}
        onPageSizeChange={setPageSize}
      />
    </Paper>
  );
}
