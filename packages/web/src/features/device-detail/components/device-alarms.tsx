import { ALARM_CONDITIONS, AlarmRule, type DeviceAlarmsConfig } from '@iot/shared';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import NotificationsOffOutlined from '@mui/icons-material/NotificationsOffOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { useConfirm } from '@/components/confirm-dialog';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { AlarmList, type AlarmListView } from '@/features/alarms/components/alarm-list';
import { useAlarmColours } from '@/features/alarms/components/use-alarm-colours';
import { OPEN_STATUSES } from '@/features/alarms/lib/alarm-list-params';
import { messageText } from '@/i18n';
import { useBusinessTheme } from '@/lib/business-theme';
import { errorMessage } from '@/lib/error-message';
import { useDeviceAlarms, useUpdateDeviceAlarms } from '../api/device-alarms';
import { numericValueSignals } from '../lib/signal-readings';
import type { DeviceScope } from './device-scope';

/** A rule as edited: numbers as typed. */
interface RuleRow {
  id: number;
  signal: string;
  condition: (typeof ALARM_CONDITIONS)[number];
  threshold: string;
  hysteresis: string;
}

let nextRowId = 0;
const rowOf = (rule?: AlarmRule): RuleRow => ({
  id: nextRowId++,
  signal: rule?.signal ?? '',
  condition: rule?.condition ?? 'above',
  threshold: rule ? String(rule.threshold) : '',
  hysteresis: rule ? String(rule.hysteresis) : '0',
});

const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')));

/** Each row checked with the API's rule schema; errors keyed `row.field`. */
function checkRules(rows: readonly RuleRow[]) {
  const rules: AlarmRule[] = [];
  const errors: Record<string, string> = {};
  rows.forEach((row, index) => {
    const checked = AlarmRule.safeParse({
      signal: row.signal,
      condition: row.condition,
      threshold: toNumber(row.threshold),
      hysteresis: toNumber(row.hysteresis),
    });
    if (checked.success) rules.push(checked.data);
    else for (const issue of checked.error.issues) errors[`${index}.${String(issue.path[0])}`] ??= issue.message;
  });
  return { rules, errors };
}

function AlarmsEditor({
  scope,
  alarms,
  onStartOver,
}: {
  scope: DeviceScope;
  alarms: DeviceAlarmsConfig;
  onStartOver: () => void;
}) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const confirm = useConfirm();
  const { colours } = useBusinessTheme();
  const update = useUpdateDeviceAlarms(scope.device.uuid);
  const [rows, setRows] = useState(() => alarms.rules.map(rowOf));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<{ text: string; conflict: boolean } | null>(null);
  const signals = numericValueSignals(scope.deviceType);
  const { canEdit } = scope;

  const patch = (changes: Omit<Parameters<typeof update.mutate>[0], 'version'>, done?: string) => {
    setFailure(null);
    update.mutate(
      { version: alarms.version, ...changes },
      {
        onSuccess: () => {
          if (done) snackbar.showSuccess(done);
        },
        onError: (error) => {
          if (isApiError(error, 400) && Object.keys(error.fields).length > 0) setErrors(error.fields);
          else {
            const conflict = isApiError(error, 409);
            setFailure({ text: conflict ? t('conflict') : errorMessage(t, error), conflict });
          }
        },
      },
    );
  };
  const setInhibited = async (inhibited: boolean) => {
    // SPEC section 4: inhibiting acknowledges the device's open alarms, so it is confirmed first.
    if (
      inhibited &&
      !(await confirm({
        title: t('device.alarms.inhibitTitle'),
        message: t('device.alarms.inhibitText'),
        confirmLabel: t('device.alarms.inhibitConfirm'),
        destructive: true,
      }))
    )
      return;
    patch({ inhibited });
  };
  const saveRules = () => {
    const checked = checkRules(rows);
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length === 0) patch({ rules: checked.rules }, t('app.updated'));
  };
  const changeRow = (id: number, change: Partial<RuleRow>) =>
    setRows((list) => list.map((row) => (row.id === id ? { ...row, ...change } : row)));
  const fieldError = (index: number, field: string) => {
    const error = errors[`${index}.${field}`] ?? errors[`rules.${index}.${field}`];
    return { error: Boolean(error), helperText: error ? messageText(t, error) : undefined };
  };

  return (
    <Stack spacing={2.5}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={1.5}>
          <FormControlLabel
            control={
              <Switch
                checked={alarms.inhibited}
                disabled={!scope.isAdmin || update.isPending}
                onChange={(event) => void setInhibited(event.target.checked)}
              />
            }
            label={t('device.alarms.inhibited')}
          />
          {alarms.inhibited && (
            <Alert
              severity="warning"
              icon={<NotificationsOffOutlined />}
              sx={{ borderLeft: `6px solid ${colours.alarm.snoozed}` }}
            >
              {t('device.alarms.inhibitedNote')}
            </Alert>
          )}
          <FormControlLabel
            control={
              <Switch
                checked={alarms.autoAcknowledgeLatchedWhileSnoozed}
                disabled={!canEdit || update.isPending}
                onChange={(event) => patch({ autoAcknowledgeLatchedWhileSnoozed: event.target.checked })}
              />
            }
            label={t('device.alarms.autoAcknowledge')}
          />
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Typography component="h2" variant="h6">
            {t('device.alarms.rules')}
          </Typography>
          {signals.length === 0 && (
            <Typography sx={{ color: 'text.secondary' }}>{t('device.alarms.noSignals')}</Typography>
          )}
          {rows.length === 0 && signals.length > 0 && (
            <Typography sx={{ color: 'text.secondary' }}>{t('device.alarms.noRules')}</Typography>
          )}
          {rows.map((row, index) => (
            <Box
              key={row.id}
              role="group"
              aria-label={t('device.alarms.rule', { number: index + 1 })}
              sx={{
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1.2fr 1fr 1fr auto' },
                alignItems: 'start',
                pl: 1.5,
                borderLeft: `4px solid ${colours.alarm.active}`,
              }}
            >
              <TextField
                select
                label={t('device.alarms.signal')}
                value={row.signal}
                disabled={!canEdit}
                onChange={(event) => changeRow(row.id, { signal: event.target.value })}
                {...fieldError(index, 'signal')}
                sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
              >
                {signals.map((signal) => (
                  <MenuItem key={signal.key} value={signal.key}>
                    {signal.unit ? `${signal.name} (${signal.unit})` : signal.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                label={t('device.alarms.condition')}
                value={row.condition}
                disabled={!canEdit}
                onChange={(event) => changeRow(row.id, { condition: event.target.value as RuleRow['condition'] })}
              >
                {ALARM_CONDITIONS.map((condition) => (
                  <MenuItem key={condition} value={condition}>
                    {t(`device.alarms.${condition}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label={t('device.alarms.threshold')}
                value={row.threshold}
                disabled={!canEdit}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                onChange={(event) => changeRow(row.id, { threshold: event.target.value })}
                {...fieldError(index, 'threshold')}
              />
              <TextField
                label={t('device.alarms.hysteresis')}
                value={row.hysteresis}
                disabled={!canEdit}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                onChange={(event) => changeRow(row.id, { hysteresis: event.target.value })}
                {...fieldError(index, 'hysteresis')}
              />
              {canEdit && (
                <IconButton
                  aria-label={t('device.alarms.removeRule', { number: index + 1 })}
                  onClick={() => setRows((list) => list.filter((other) => other.id !== row.id))}
                  sx={{ mt: 1 }}
                >
                  <DeleteOutlined />
                </IconButton>
              )}
            </Box>
          ))}
          {failure && (
            <Alert
              severity="error"
              action={
                failure.conflict ? (
                  <Button color="inherit" size="small" onClick={onStartOver}>
                    {t('device.startOver')}
                  </Button>
                ) : undefined
              }
            >
              {failure.text}
            </Alert>
          )}
          {canEdit && signals.length > 0 && (
            <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'space-between' }}>
              <Button startIcon={<AddOutlined />} onClick={() => setRows((list) => [...list, rowOf()])}>
                {t('device.alarms.addRule')}
              </Button>
              <Button variant="contained" onClick={saveRules} loading={update.isPending}>
                {t('device.save')}
              </Button>
            </Stack>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

/** The device's alarms, newest first, with what the caller may do to each. */
function DeviceAlarmList({ scope }: { scope: DeviceScope }) {
  const { t } = useTranslation();
  const colours = useAlarmColours(scope.device.businessId);
  const [view, setView] = useState<AlarmListView>({ statuses: OPEN_STATUSES, page: 0, pageSize: 10 });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography component="h2" variant="h6">
          {t('device.alarms.list')}
        </Typography>
        <AlarmList
          businessId={scope.device.businessId}
          deviceUUID={scope.device.uuid}
          view={view}
          onViewChange={setView}
          canChange={() => scope.canEdit}
          colours={colours}
        />
      </Stack>
    </Paper>
  );
}

/**
 * The alarms tab: threshold rules on numeric signals, inhibition, and auto-acknowledge of latched-while-snoozed; under
 * them the device's alarms.
 */
export function DeviceAlarms({ scope }: { scope: DeviceScope }) {
  const { t } = useTranslation();
  const alarms = useDeviceAlarms(scope.device.uuid);
  const [round, setRound] = useState(0);
  if (alarms.isError) return <Alert severity="error">{errorMessage(t, alarms.error)}</Alert>;
  if (alarms.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Box>
    );
  }
  const startOver = () => void alarms.refetch().then(() => setRound((value) => value + 1));
  return (
    <Stack spacing={2.5}>
      <AlarmsEditor key={round} scope={scope} alarms={alarms.data} onStartOver={startOver} />
      <DeviceAlarmList scope={scope} />
    </Stack>
  );
}
