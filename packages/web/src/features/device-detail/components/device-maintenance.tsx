import { AddBatteryChangeRequest } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { formatLocale, messageText } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import { useAddBatteryChange, useBatteryChanges } from '../api/battery-changes';
import type { DeviceScope } from './device-scope';

/** Today as `yyyy-mm-dd` in the user's time zone: the latest day a battery change can be recorded for. */
const today = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

/** A chosen day as the instant its local midnight is, which is never in the future. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00`).toISOString();

function AddBatteryChange({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const add = useAddBatteryChange(uuid);
  const [day, setDay] = useState(today);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    const checked = AddBatteryChangeRequest.safeParse({ date: day ? startOfDay(day) : '', comment });
    if (!checked.success || day > today()) {
      setErrors({ date: day ? 'validation.invalid' : 'validation.required' });
      return;
    }
    setErrors({});
    add.mutate(checked.data, {
      onSuccess: () => {
        setComment('');
        snackbar.showSuccess(t('device.maintenance.added'));
      },
      onError: (error) => {
        if (isApiError(error, 400))
          setErrors(Object.keys(error.fields).length ? error.fields : { date: error.message });
      },
    });
  };

  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '200px 1fr auto' }, alignItems: 'start' }}
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <TextField
        type="date"
        label={t('device.maintenance.date')}
        value={day}
        onChange={(event) => setDay(event.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today() } }}
        error={Boolean(errors.date)}
        helperText={errors.date ? messageText(t, errors.date) : undefined}
      />
      <TextField
        label={t('device.maintenance.comment')}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        error={Boolean(errors.comment)}
        helperText={errors.comment ? messageText(t, errors.comment) : undefined}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
      <Button type="submit" variant="contained" loading={add.isPending} sx={{ mt: { sm: 1 }, whiteSpace: 'nowrap' }}>
        {t('device.maintenance.add')}
      </Button>
    </Box>
  );
}

/** The maintenance tab: the battery changes recorded on the device, newest first, and a form to record one. */
export function DeviceMaintenance({ scope }: { scope: DeviceScope }) {
  const { t, i18n } = useTranslation();
  const changes = useBatteryChanges(scope.device.uuid);
  const dates = new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'medium' });
  const sorted = [...(changes.data ?? [])].sort((a, b) => b.date.localeCompare(a.date));
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2.5}>
        <Typography component="h2" variant="h6">
          {t('device.maintenance.title')}
        </Typography>
        {scope.canEdit && <AddBatteryChange uuid={scope.device.uuid} />}
        {changes.isError ? (
          <Alert severity="error">{errorMessage(t, changes.error)}</Alert>
        ) : changes.isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 2 }}>
            <CircularProgress aria-label={t('app.loading')} />
          </Box>
        ) : sorted.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>{t('device.maintenance.none')}</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={t('device.maintenance.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('device.maintenance.date')}</TableCell>
                  <TableCell>{t('device.maintenance.user')}</TableCell>
                  <TableCell>{t('device.maintenance.comment')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {sorted.map((change) => (
                  <TableRow key={change.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{dates.format(new Date(change.date))}</TableCell>
                    <TableCell>{change.user ?? '—'}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{change.comment || '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Stack>
    </Paper>
  );
}
