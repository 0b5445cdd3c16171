import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { PagedListStatus } from '@/components/paged-list-status';
import { formatLocale } from '@/i18n';
import { useContractLogs } from '../api/contracts';
import { momentFormat } from '../lib/dates';
import { logDetailsText } from '../lib/log-details';

const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** A contract's log: what happened, when, by whom and how much, newest first, a page at a time. */
export function ContractLogTable({ contractId, label }: { contractId: string; label: string }) {
  const { t, i18n } = useTranslation();
  const logs = useContractLogs(contractId);
  const rows = logs.data?.pages.flatMap((page) => page.items) ?? [];
  const moments = momentFormat(i18n.language);
  const numbers = new Intl.NumberFormat(formatLocale(i18n.language));
  return (
    <PagedListStatus query={logs} empty={rows.length === 0} emptyText={t('contracts.log.empty')}>
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-label={label}>
            <TableHead>
              <TableRow>
                <TableCell>{t('contracts.log.event')}</TableCell>
                <TableCell sx={wideOnly}>{t('contracts.log.when')}</TableCell>
                <TableCell sx={wideOnly}>{t('contracts.log.who')}</TableCell>
                <TableCell align="right">{t('contracts.log.amount')}</TableCell>
                <TableCell sx={wideOnly}>{t('contracts.log.details')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((log) => {
                const who = log.user?.email ?? t('contracts.log.platform');
                const details = logDetailsText(t, i18n.language, log.details);
                return (
                  <TableRow key={log.id}>
                    <TableCell sx={{ verticalAlign: 'top' }}>
                      <Box sx={{ fontWeight: 500 }}>{t(`contracts.event.${log.event}`)}</Box>
                      {/* Phones have no room for when, who and the details: they go under the event. */}
                      <Box sx={{ display: { sm: 'none' }, color: 'text.secondary', overflowWrap: 'anywhere' }}>
                        {[moments.format(new Date(log.at)), who, details].filter(Boolean).join(' · ')}
                      </Box>
                    </TableCell>
                    <TableCell sx={{ ...wideOnly, verticalAlign: 'top', whiteSpace: 'nowrap' }}>
                      {moments.format(new Date(log.at))}
                    </TableCell>
                    <TableCell sx={{ ...wideOnly, verticalAlign: 'top', overflowWrap: 'anywhere', minWidth: 160 }}>
                      {who}
                    </TableCell>
                    <TableCell align="right" sx={{ verticalAlign: 'top' }}>
                      {log.amount === null ? '—' : numbers.format(log.amount)}
                    </TableCell>
                    <TableCell sx={{ ...wideOnly, verticalAlign: 'top', color: 'text.secondary' }}>
                      {details || '—'}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
        {logs.hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 1 }}>
            <Button
              size="small"
              disabled={logs.isFetchingNextPage}
              startIcon={logs.isFetchingNextPage ? <CircularProgress size={16} /> : undefined}
              onClick={() => void logs.fetchNextPage()}
            >
              {t('contracts.loadMore')}
            </Button>
          </Box>
        )}
      </Paper>
    </PagedListStatus>
  );
}
