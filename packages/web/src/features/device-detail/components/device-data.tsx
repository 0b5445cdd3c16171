import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { signalName } from '@/i18n/codec-names';
import { useReadingText } from '@/i18n/reading-text';
import { usePlan } from '@/lib/plan';
import { signalReadings } from '../lib/signal-readings';
import { DeviceReadings } from './device-readings';
import type { DeviceScope } from './device-scope';
import { ReceivedMessages } from './received-messages';
import { ReadingDate, staleValueSx } from './signal-value';
import { UndecodedFrames } from './undecoded-frames';

/**
 * The data tab: the latest value of each signal, the readings history in a range (charted where the plan has charts,
 * with the track where it has the complete map), the messages received with what the network told of each, and the
 * frames the codec could not decode.
 */
export function DeviceData({ scope }: { scope: DeviceScope }) {
  const { t } = useTranslation();
  const { device, deviceType } = scope;
  const plan = usePlan(device.businessId);
  const readingText = useReadingText();
  const readings = deviceType ? signalReadings(device, deviceType) : [];
  return (
    <Stack spacing={2.5}>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('device.data.latest')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('device.data.signal')}</TableCell>
              <TableCell>{t('device.data.value')}</TableCell>
              <TableCell>{t('device.data.date')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {readings.map((view) => (
              <TableRow key={view.key}>
                <TableCell>{signalName(t, view.key, view.name)}</TableCell>
                <TableCell sx={view.reading ? staleValueSx(view.reading.date) : undefined}>
                  {view.reading ? readingText(view.reading.value, view.signal.unit) : t('device.noData')}
                </TableCell>
                <TableCell>{view.reading ? <ReadingDate date={view.reading.date} /> : '—'}</TableCell>
              </TableRow>
            ))}
            {readings.length === 0 && (
              <TableRow>
                <TableCell colSpan={3}>{t('device.noSignals')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <DeviceReadings
        scope={scope}
        withChart={plan.dataViewCapabilities.deviceCharts}
        withTrack={plan.dataViewCapabilities.deviceMapComplete}
      />
      <ReceivedMessages uuid={device.uuid} />
      <UndecodedFrames uuid={device.uuid} />
    </Stack>
  );
}
