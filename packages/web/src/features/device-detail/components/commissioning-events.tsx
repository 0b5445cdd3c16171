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
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useCommissioning } from '../api/get-commissioning';
import { isLinkQuality, LinkQualityChip } from './link-quality-chip';
import { useDateText } from './signal-value';

/** SPEC section 4: what happened while the device was commissioned, oldest first; new events arrive live. */
export function CommissioningEvents({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const dateText = useDateText();
  const commissioning = useCommissioning(uuid);
  if (commissioning.isError) return <Alert severity="error">{errorMessage(t, commissioning.error)}</Alert>;
  if (!commissioning.data) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Box>
    );
  }
  const { events } = commissioning.data;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('device.commissioning.events')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('device.commissioning.event')}</TableCell>
            <TableCell>{t('device.data.date')}</TableCell>
            <TableCell>{t('device.commissioning.linkQuality')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {events.map((event) => (
            <TableRow key={`${event.event}-${event.date}`}>
              <TableCell>{t(`device.commissioning.event.${event.event}`)}</TableCell>
              <TableCell>{dateText(event.date)}</TableCell>
              <TableCell>{isLinkQuality(event.detail) ? <LinkQualityChip quality={event.detail} /> : '—'}</TableCell>
            </TableRow>
          ))}
          {events.length === 0 && (
            <TableRow>
              <TableCell colSpan={3}>{t('device.commissioning.none')}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
