import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLocale } from '@/i18n';
import { signalName } from '@/i18n/codec-names';
import { errorMessage } from '@/lib/error-message';
import { loadScreenPart } from '@/lib/lazy-load';
import { deviceReadingsSource, type ReadingsSource, useReadings } from '../api/get-readings';
import {
  initialRangeSelection,
  isRangeHeldBack,
  type RangeSelection,
  type ReadingRange,
  rangeBounds,
} from '../lib/reading-range';
import { readingRows } from '../lib/readings-view';
import { isNumericValueSignal, isOnOffSignal, signalReadings } from '../lib/signal-readings';
import { trackSignalOf } from '../lib/track';
import type { DeviceScope } from './device-scope';
import { DeviceTrack } from './device-track';
import { ReadingRangePicker } from './reading-range-picker';
import { ReadingsNotices } from './readings-notices';
import { ReadingsTable } from './readings-table';

const ReadingsChart = lazy(() =>
  loadScreenPart(() => import('./readings-chart')).then((module) => ({ default: module.ReadingsChart })),
);

function ChartLoading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', height: 320 }}>
      <CircularProgress aria-label={t('app.loading')} />
    </Box>
  );
}

/** While the dates typed are incomplete or out of order, the readings stay those of the last valid range, and say which. */
function HeldBackRange({ range }: { range: ReadingRange }) {
  const { t, i18n } = useTranslation();
  const dates = new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  const { from, to } = rangeBounds(range, Date.now());
  return (
    <Alert severity="warning" role="status">
      {t('device.data.rangeHeldBack', { from: dates.format(from), to: dates.format(to) })}
    </Alert>
  );
}

/**
 * The readings history of the device's numeric signals in a range: a chart where the plan has charts, and the
 * readings themselves in a table; and the device's track in the same range where it measures a position and the
 * plan has the complete map. `source` reads them elsewhere (an asset's history across its devices); the device's
 * own by default.
 */
export function DeviceReadings({
  scope,
  source: givenSource,
  withChart,
  withTrack,
}: {
  scope: Pick<DeviceScope, 'deviceType'> & { device: Pick<DeviceScope['device'], 'uuid' | 'signalValues'> };
  source?: ReadingsSource;
  withChart: boolean;
  withTrack: boolean;
}) {
  const { t } = useTranslation();
  const { device, deviceType } = scope;
  const source = useMemo(() => givenSource ?? deviceReadingsSource(device.uuid), [givenSource, device.uuid]);
  const chartable = useMemo(
    () =>
      deviceType
        ? signalReadings(device, deviceType).filter(
            (view) => isNumericValueSignal(view.signal) || isOnOffSignal(view.signal),
          )
        : [],
    [device, deviceType],
  );
  const trackSignal = withTrack ? trackSignalOf(device, deviceType) : undefined;
  const [selection, setSelection] = useState<RangeSelection>(() => initialRangeSelection(Date.now()));
  const range = selection.applied;
  // The numbers at first; the on/off signals are there to add.
  const [chosen, setChosen] = useState<string[]>(() =>
    chartable.filter((view) => isNumericValueSignal(view.signal)).map((view) => view.key),
  );
  const readings = useReadings(source, chosen, range);

  const byKey = useMemo(() => new Map(chartable.map((view) => [view.key, view])), [chartable]);
  const nameOf = useCallback((key: string) => signalName(t, key, byKey.get(key)?.name ?? key), [byKey, t]);
  const unitOf = useCallback((key: string) => byKey.get(key)?.signal.unit, [byKey]);
  const isOnOff = useCallback(
    (key: string) => {
      const view = byKey.get(key);
      return view ? isOnOffSignal(view.signal) : false;
    },
    [byKey],
  );
  const answered = readings.data?.signals;
  const rows = useMemo(() => readingRows(answered ?? []), [answered]);

  if (chartable.length === 0 && !trackSignal) return null;
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={1.5}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
            <ReadingRangePicker selection={selection} onChange={setSelection} />
            {chartable.length > 0 && (
              <FormControl size="small" sx={{ flex: '1 1 220px', minWidth: 0, maxWidth: 360 }}>
                <InputLabel id="device-readings-signals">{t('device.data.signals')}</InputLabel>
                <Select
                  labelId="device-readings-signals"
                  multiple
                  value={chosen}
                  label={t('device.data.signals')}
                  onChange={(event) => {
                    const value = event.target.value;
                    setChosen(typeof value === 'string' ? value.split(',') : value);
                  }}
                  renderValue={(keys) => keys.map(nameOf).join(', ')}
                >
                  {chartable.map((view) => (
                    <MenuItem key={view.key} value={view.key}>
                      <Checkbox size="small" checked={chosen.includes(view.key)} />
                      <ListItemText primary={signalName(t, view.key, view.name)} />
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
            )}
          </Box>
          {isRangeHeldBack(selection) && <HeldBackRange range={range} />}
        </Stack>
      </Paper>
      {readings.isFetching && <LinearProgress aria-label={t('app.loading')} />}
      {chartable.length === 0 ? null : chosen.length === 0 ? (
        <Alert severity="info">{t('device.data.chooseSignals')}</Alert>
      ) : readings.isError ? (
        <Alert severity="error">{errorMessage(t, readings.error)}</Alert>
      ) : answered ? (
        <>
          <ReadingsNotices signals={answered} nameOf={nameOf} />
          {withChart && rows.length > 0 && (
            <Paper variant="outlined" sx={{ p: 1 }}>
              <Suspense fallback={<ChartLoading />}>
                <ReadingsChart signals={answered} nameOf={nameOf} unitOf={unitOf} isOnOff={isOnOff} />
              </Suspense>
            </Paper>
          )}
        </>
      ) : null}
      {trackSignal && (
        <DeviceTrack
          source={source}
          signal={trackSignal.key}
          range={range}
          signalLabel={signalName(t, trackSignal.key, trackSignal.name)}
        />
      )}
      {chartable.length > 0 && chosen.length > 0 && !readings.isError && answered && (
        <ReadingsTable rows={rows} nameOf={nameOf} unitOf={unitOf} />
      )}
    </Stack>
  );
}
