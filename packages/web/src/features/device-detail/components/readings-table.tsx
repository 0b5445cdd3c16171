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
import { useReadingText } from '@/i18n/reading-text';
import type { ReadingRow } from '../lib/readings-view';

const PAGE_SIZES = [25, 50, 100] as const;

/** Every reading of the chosen signals in the range, newest first, a page at a time (an answer holds up to 10,000). */
export function ReadingsTable({
  rows,
  nameOf,
  unitOf,
}: {
  rows: readonly ReadingRow[];
  nameOf: (signal: string) => string;
  unitOf: (signal: string) => string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const readingText = useReadingText();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const locale = formatLocale(i18n.language);
  // A new answer may be shorter than the page shown.
  const lastPage = Math.max(0, Math.ceil(rows.length / pageSize) - 1);
  const shownPage = Math.min(page, lastPage);
  const shown = rows.slice(shownPage * pageSize, (shownPage + 1) * pageSize);
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={t('device.data.readings')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('device.data.date')}</TableCell>
              <TableCell>{t('device.data.signal')}</TableCell>
              <TableCell align="right">{t('device.data.value')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row) => (
              <TableRow key={`${row.signal}-${row.date}`}>
                <TableCell>{new Date(row.date).toLocaleString(locale)}</TableCell>
                <TableCell>{nameOf(row.signal)}</TableCell>
                <TableCell align="right">{readingText(row.value, unitOf(row.signal))}</TableCell>
              </TableRow>
            ))}
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={3}>{t('device.noData')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {rows.length > PAGE_SIZES[0] && (
        <TablePager
          count={rows.length}
          page={shownPage}
          pageSize={pageSize}
          pageSizes={PAGE_SIZES}
          onPageChange={setPage}
          onPageSizeChange={setPageSize}
        />
      )}
    </Paper>
  );
}
