import type { LocationStateEntry } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TablePager } from '@/components/table-pager';
import { ReadingRangePicker } from '@/features/device-detail/components/reading-range-picker';
import { initialRangeSelection, type RangeSelection } from '@/features/device-detail/lib/reading-range';
import { formatLocale } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import { useLocationStates } from '../api/get-location-states';
import { shortMoment } from '../lib/location-text';
import { LocationStateChip, useDwellText } from './location-state-chip';

const PAGE_SIZES = [25, 50, 100] as const;

/** When a state began or ended: short, with the full date and time on hover. */
function Moment({ date }: { date: string }) {
  const { i18n } = useTranslation();
  const locale = formatLocale(i18n.language);
  return (
    <Tooltip title={new Date(date).toLocaleString(locale)}>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {shortMoment(date, locale)}
      </Box>
    </Tooltip>
  );
}

/** On a phone, what has no room for a column of its own goes under another column's value. */
const phoneOnly = { display: { xs: 'block', sm: 'none' } } as const;
const widerOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;
const PhoneText = ({ children }: { children: ReactNode }) => (
  <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
    {children}
  </Box>
);
const WiderText = ({ children }: { children: ReactNode }) => (
  <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
    {children}
  </Box>
);

function HistoryRow({ entry }: { entry: LocationStateEntry }) {
  const { t } = useTranslation();
  const dwellText = useDwellText();
  const end = entry.leftAt ? <Moment date={entry.leftAt} /> : t('locations.history.now');
  return (
    <TableRow>
      <TableCell sx={{ maxWidth: { xs: 170, sm: 320 } }}>
        <LocationStateChip location={entry} wrap />
        <Box sx={{ ...phoneOnly, mt: 0.5, color: 'text.secondary' }}>{dwellText(entry.dwellMs)}</Box>
      </TableCell>
      <TableCell>
        <Moment date={entry.enteredAt} />
        <Box sx={{ ...phoneOnly, whiteSpace: 'nowrap' }}>– {end}</Box>
      </TableCell>
      <TableCell sx={widerOnly}>{end}</TableCell>
      <TableCell align="right" sx={{ ...widerOnly, whiteSpace: 'nowrap' }}>
        {dwellText(entry.dwellMs)}
      </TableCell>
    </TableRow>
  );
}

/**
 * The device's location states over a period (last 24 hours by default, as the data tab's readings), newest first:
 * each with its place, when it began and ended, and how long the device stayed in it.
 */
export function LocationHistory({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const [selection, setSelection] = useState<RangeSelection>(() => initialRangeSelection(Date.now()));
  const history = useLocationStates(uuid, selection.applied);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const entries = history.data?.items ?? [];
  const lastPage = Math.max(0, Math.ceil(entries.length / pageSize) - 1);
  const shownPage = Math.min(page, lastPage);
  const shown = entries.slice(shownPage * pageSize, (shownPage + 1) * pageSize);
  const choose = (next: RangeSelection) => {
    setSelection(next);
    setPage(0);
  };

  return (
    <Stack component="section" aria-label={t('locations.history.title')} spacing={1.5}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography component="h2" variant="h6">
          {t('locations.history.title')}
        </Typography>
        <ReadingRangePicker selection={selection} onChange={choose} />
      </Stack>
      {history.isError ? (
        <Alert severity="error">{errorMessage(t, history.error)}</Alert>
      ) : !history.data ? (
        <Box sx={{ display: 'grid', placeItems: 'center', height: 120 }}>
          <CircularProgress aria-label={t('app.loading')} />
        </Box>
      ) : (
        <Paper variant="outlined">
          {/* The previous period's states stay while the chosen one loads. */}
          {history.isPlaceholderData && <LinearProgress aria-label={t('app.loading')} />}
          <TableContainer>
            <Table size="small" aria-label={t('locations.history.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>
                    <WiderText>{t('locations.history.state')}</WiderText>
                    <PhoneText>{t('locations.history.stateAndDwell')}</PhoneText>
                  </TableCell>
                  <TableCell>
                    <WiderText>{t('locations.history.entered')}</WiderText>
                    <PhoneText>{t('locations.history.period')}</PhoneText>
                  </TableCell>
                  <TableCell sx={widerOnly}>{t('locations.history.left')}</TableCell>
                  <TableCell align="right" sx={widerOnly}>
                    {t('locations.history.dwell')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((entry) => (
                  <HistoryRow key={`${entry.enteredAt} ${entry.state}`} entry={entry} />
                ))}
                {entries.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={4} sx={{ color: 'text.secondary' }}>
                      {t('locations.history.none')}
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
          {entries.length > PAGE_SIZES[0] && (
            <TablePager
              count={entries.length}
              page={shownPage}
              pageSize={pageSize}
              pageSizes={PAGE_SIZES}
              onPageChange={setPage}
              onPageSizeChange={setPageSize}
            />
          )}
        </Paper>
      )}
    </Stack>
  );
}
