import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { TabLater } from '@/components/tab-later';
import { usePlan } from '@/lib/plan';
import { signalReadings } from '../lib/signal-readings';
import type { DeviceScope } from './device-scope';
import { useDateText, useReadingText } from './signal-value';

/**
 * The data tab: the latest value of each signal. A chart needs the readings history, which the platform does not
 * keep yet, so where the plan has charts the tab says they are to come instead of drawing single points.
 */
export function DeviceData({ scope }: { scope: DeviceScope }) {
  const { t } = useTranslation();
  const { device, deviceType } = scope;
  const plan = usePlan(device.businessId);
  const readingText = useReadingText();
  const dateText = useDateText();
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
                <TableCell>{view.name}</TableCell>
                <TableCell>
                  {view.reading ? readingText(view.reading.value, view.signal.unit) : t('device.noData')}
                </TableCell>
                <TableCell>{view.reading ? dateText(view.reading.date) : '—'}</TableCell>
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
      {plan.dataViewCapabilities.deviceCharts && <TabLater text={t('device.data.chartLater')} />}
    </Stack>
  );
}
