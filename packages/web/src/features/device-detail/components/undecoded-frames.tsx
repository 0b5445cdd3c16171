import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useUndecodedFrames } from '../api/get-undecoded-frames';
import { useDateText } from './signal-value';

/** The frames the device's codec could not read, so an operator can tell a faulty device from a codec to fix. */
export function UndecodedFrames({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const dateText = useDateText();
  const frames = useUndecodedFrames(uuid).data?.frames ?? [];
  if (frames.length === 0) return null;
  return (
    <Paper variant="outlined">
      <Typography variant="subtitle1" component="h3" sx={{ px: 2, pt: 1.5 }}>
        {t('device.data.undecoded')}
      </Typography>
      <TableContainer>
        <Table size="small" aria-label={t('device.data.undecoded')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('device.data.date')}</TableCell>
              <TableCell>{t('device.data.frame')}</TableCell>
              <TableCell align="right">{t('device.data.port')}</TableCell>
              <TableCell>{t('device.data.error')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {frames.map((frame) => (
              <TableRow key={`${frame.date}-${frame.data}`}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateText(frame.date)}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{frame.data}</TableCell>
                <TableCell align="right">{frame.port ?? '—'}</TableCell>
                <TableCell>{t(`device.data.frameError.${frame.error}`, { defaultValue: frame.error })}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
