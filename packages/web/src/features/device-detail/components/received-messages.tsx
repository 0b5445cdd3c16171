import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useReceivedMessages } from '../api/get-received-messages';
import { useDateText } from './signal-value';

const orDash = (value: number | string | null) => (value === null ? '—' : String(value));

/**
 * The messages received from the device, newest first, each with what its network told of it: the best receiver's
 * RSSI and SNR, how many gateways or base stations heard it, the LoRa data rate. A message the network server
 * simulated is marked, as it made no readings.
 */
export function ReceivedMessages({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const dateText = useDateText();
  const messages = useReceivedMessages(uuid).data?.messages ?? [];
  if (messages.length === 0) return null;
  return (
    <Paper variant="outlined">
      <Typography variant="subtitle1" component="h3" sx={{ px: 2, pt: 1.5 }}>
        {t('device.data.messages')}
      </Typography>
      <TableContainer>
        <Table size="small" aria-label={t('device.data.messages')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('device.data.date')}</TableCell>
              <TableCell>{t('device.data.frame')}</TableCell>
              <TableCell align="right">{t('device.data.port')}</TableCell>
              <TableCell align="right">{t('device.data.rssi')}</TableCell>
              <TableCell align="right">{t('device.data.snr')}</TableCell>
              <TableCell align="right">{t('device.data.receivers')}</TableCell>
              <TableCell>{t('device.data.dataRate')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {messages.map((message) => (
              <TableRow key={`${message.date}-${message.data}-${message.simulated}`}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {dateText(message.date)}
                  {message.simulated && (
                    <Tooltip title={t('device.data.simulatedHint')}>
                      <Chip
                        size="small"
                        variant="outlined"
                        color="warning"
                        label={t('device.data.simulated')}
                        sx={{ ml: 1 }}
                      />
                    </Tooltip>
                  )}
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{message.data}</TableCell>
                <TableCell align="right">{orDash(message.port)}</TableCell>
                <TableCell align="right">{orDash(message.rssi)}</TableCell>
                <TableCell align="right">{orDash(message.snr)}</TableCell>
                <TableCell align="right">{orDash(message.receivers)}</TableCell>
                <TableCell>{orDash(message.dataRate)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
