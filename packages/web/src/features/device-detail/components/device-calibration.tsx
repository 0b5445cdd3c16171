import type { Calibration } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/components/confirm-dialog';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { signalName } from '@/i18n/codec-names';
import { errorMessage } from '@/lib/error-message';
import { useDeviceCalibration, useRemoveCalibration, useUpdateCalibration } from '../api/device-calibration';
import { deviceNumericSignals } from '../lib/signal-readings';
import type { DeviceScope } from './device-scope';

type CalibrationForm = Record<string, { factor: string; offset: string }>;

const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')));

function CalibrationEditor({ scope, calibration }: { scope: DeviceScope; calibration: Calibration }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const confirm = useConfirm();
  const signals = deviceNumericSignals(scope.device, scope.deviceType);
  const update = useUpdateCalibration(scope.device.uuid);
  const remove = useRemoveCalibration(scope.device.uuid);
  const [form, setForm] = useState<CalibrationForm>(() =>
    Object.fromEntries(
      signals.map((signal) => [
        signal.key,
        {
          factor: String(calibration[signal.key]?.factor ?? 1),
          offset: String(calibration[signal.key]?.offset ?? 0),
        },
      ]),
    ),
  );
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());

  if (signals.length === 0) return <Alert severity="info">{t('device.calibration.noSignals')}</Alert>;

  const save = () => {
    const next: Calibration = {};
    const wrong = new Set<string>();
    for (const signal of signals) {
      const factor = toNumber(form[signal.key]?.factor ?? '');
      const offset = toNumber(form[signal.key]?.offset ?? '');
      if (!Number.isFinite(factor)) wrong.add(`${signal.key}.factor`);
      if (!Number.isFinite(offset)) wrong.add(`${signal.key}.offset`);
      // Factor 1 and offset 0 leave readings as they are: no need to store them.
      if (factor !== 1 || offset !== 0) next[signal.key] = { factor, offset };
    }
    setInvalid(wrong);
    if (wrong.size === 0) update.mutate(next, { onSuccess: () => snackbar.showSuccess(t('app.updated')) });
  };
  const removeAll = async () => {
    const confirmed = await confirm({
      title: t('device.calibration.removeTitle'),
      message: t('device.calibration.removeText'),
      confirmLabel: t('device.calibration.remove'),
      destructive: true,
    });
    if (confirmed) remove.mutate(undefined, { onSuccess: () => snackbar.showSuccess(t('device.calibration.removed')) });
  };
  const field = (key: string, part: 'factor' | 'offset') => ({
    value: form[key]?.[part] ?? '',
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({
        ...current,
        [key]: { factor: '1', offset: '0', ...current[key], [part]: event.target.value },
      })),
    error: invalid.has(`${key}.${part}`),
    helperText: invalid.has(`${key}.${part}`) ? t('validation.invalid') : undefined,
    slotProps: { htmlInput: { inputMode: 'decimal' as const } },
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2.5}>
        <Typography sx={{ color: 'text.secondary' }}>{t('device.calibration.hint')}</Typography>
        {signals.map((signal) => (
          <Box
            key={signal.key}
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr 1fr', sm: '2fr 1fr 1fr' },
              alignItems: 'center',
            }}
          >
            <Typography sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, fontWeight: 500 }}>
              {signal.unit
                ? `${signalName(t, signal.key, signal.name)} (${signal.unit})`
                : signalName(t, signal.key, signal.name)}
            </Typography>
            <TextField label={t('device.calibration.factor')} size="small" {...field(signal.key, 'factor')} />
            <TextField label={t('device.calibration.offset')} size="small" {...field(signal.key, 'offset')} />
          </Box>
        ))}
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            color="error"
            onClick={removeAll}
            disabled={Object.keys(calibration).length === 0 || remove.isPending}
          >
            {t('device.calibration.remove')}
          </Button>
          <Button variant="contained" onClick={save} loading={update.isPending}>
            {t('device.save')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

/** The calibration tab (admins): value × factor + offset per numeric signal, or no calibration at all. */
export function DeviceCalibration({ scope }: { scope: DeviceScope }) {
  const { t } = useTranslation();
  const calibration = useDeviceCalibration(scope.device.uuid);
  if (calibration.isError) return <Alert severity="error">{errorMessage(t, calibration.error)}</Alert>;
  if (calibration.isPending || calibration.isFetching) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Box>
    );
  }
  return <CalibrationEditor scope={scope} calibration={calibration.data.calibration} />;
}
