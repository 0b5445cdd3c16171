import { BUSINESS_LOG_PAGE_SIZES, DEFAULT_BUSINESS_LOG_PAGE_SIZE } from '@iot/shared';
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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TablePager } from '@/components/table-pager';
import { formatLocale } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import { useBusinessLogs } from '../api/get-business-logs';
import { businessLogSentence } from './business-log-sentence';

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
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('businesses.logWho')}</TableCell>
              <TableCell>{t('businesses.logWhat')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {logs.data.data.length === 0 && (
              <TableRow>
                <TableCell colSpan={3} sx={{ color: 'text.secondary' }}>
                  {t('businesses.logsEmpty')}
                </TableCell>
              </TableRow>
            )}
            {logs.data.data.map((log) => {
              const who = log.user ?? t('businesses.logSystem');
              return (
                <TableRow key={log._id}>
                  <TableCell sx={{ whiteSpace: { sm: 'nowrap' }, verticalAlign: 'top', width: { xs: 96, sm: 'auto' } }}>
                    {dates.format(new Date(log.createdAt))}
                  </TableCell>
                  <TableCell
                    sx={{ display: { xs: 'none', sm: 'table-cell' }, overflowWrap: 'anywhere', minWidth: { sm: 160 } }}
                  >
                    {who}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere', verticalAlign: 'top' }}>
                    <span>{businessLogSentence(t, i18n.language, log, nameOf)}</span>
                    {/* Phones have no room for the Who column: who did it goes under what was done. */}
                    <Box component="span" sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary' }}>
                      {who}
                    </Box>
                  </TableCell>
                </TableRow>
              );
            })}
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
