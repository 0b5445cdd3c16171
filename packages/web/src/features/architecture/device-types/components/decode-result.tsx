import type { DeviceTypeInfo } from '@iot/shared';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { formatLocale } from '@/i18n';
import { signalName } from '@/i18n/codec-names';
import { useReadingText } from '@/i18n/reading-text';
import type { DecodeFrameResult } from '../api/decode-frame';
import { describeReadings } from '../lib/decoded-readings';

/** What the codec made of a frame: its readings named from the device type, or why it refused the whole frame. */
export function DecodeResult({ deviceType, result }: { deviceType: DeviceTypeInfo; result: DecodeFrameResult }) {
  const { t, i18n } = useTranslation();
  const readingText = useReadingText();
  if (!result.ok) {
    // The code reads as the device's undecoded frames say it; the codec's own words (English, technical) follow.
    const reason = t(`device.data.frameError.${result.error.code}` as never, { defaultValue: '' }) as string;
    return (
      <Alert severity="error">
        <AlertTitle>{t('arch.decoder.refused')}</AlertTitle>
        {reason && <Box>{reason}</Box>}
        {result.error.message && (
          <Box sx={{ color: 'text.secondary', mt: reason ? 0.5 : 0 }}>
            {t('arch.decoder.codecDetail', { detail: result.error.message })}
          </Box>
        )}
      </Alert>
    );
  }
  if (result.readings.length === 0) return <Alert severity="info">{t('arch.decoder.noReadings')}</Alert>;
  const dates = new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'short', timeStyle: 'medium' });
  return (
    <Table size="small" aria-label={t('arch.decoder.readings')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('arch.decoder.signal')}</TableCell>
          <TableCell>{t('arch.signals.key')}</TableCell>
          <TableCell align="right">{t('arch.decoder.value')}</TableCell>
          <TableCell>{t('arch.signals.unit')}</TableCell>
          <TableCell>{t('arch.decoder.date')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {describeReadings(deviceType, result.readings, (key, name) => signalName(t, key, name)).map((reading) => (
          <TableRow key={reading.signal}>
            <TableCell>
              {reading.name ?? reading.signal}
              {reading.channel !== null && (
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {' '}
                  {t('arch.decoder.channel', { channel: reading.channel })}
                </Box>
              )}
            </TableCell>
            <TableCell sx={{ fontFamily: 'monospace' }}>{reading.signal}</TableCell>
            <TableCell align="right">{readingText(reading.value)}</TableCell>
            <TableCell>{reading.unit ?? ''}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{dates.format(new Date(reading.date))}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
