import type { DeviceAlarmsConfig } from '@iot/shared';
import AddOutlined from '@mui/icons-material/AddOutlined';
import NotificationsOffOutlined from '@mui/icons-material/NotificationsOffOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { useConfirm } from '@/components/confirm-dialog';
import { type SaveFailure, SaveFailureAlert } from '@/components/save-failure-alert';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { useDeviceTypeAlarms } from '@/features/alarms/api/device-type-alarms';
import { AlarmList, type AlarmListView } from '@/features/alarms/components/alarm-list';
import { AlarmRuleRows, AlarmRuleSummary } from '@/features/alarms/components/alarm-rule-rows';
import { useAlarmColours } from '@/features/alarms/components/use-alarm-colours';
import { OPEN_STATUSES } from '@/features/alarms/lib/alarm-list-params';
import { checkRules, ruleRowOf } from '@/features/alarms/lib/alarm-rules';
import { useBusinessTheme } from '@/lib/business-theme';
import { errorMessage } from '@/lib/error-message';
import { useDeviceAlarms, useUpdateDeviceAlarms } from '../api/device-alarms';
import { deviceNumericSignals } from '../lib/signal-readings';
import type { DeviceScope } from './device-scope';

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
  const [rows, setRows] = useState(() => alarms.rules.map(ruleRowOf));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const signals = deviceNumericSignals(scope.device, scope.deviceType);
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
          <TypeRules scope={scope} />
          {signals.length === 0 && (
            <Typography sx={{ color: 'text.secondary' }}>{t('device.alarms.noSignals')}</Typography>
          )}
          {rows.length === 0 && signals.length > 0 && (
            <Typography sx={{ color: 'text.secondary' }}>{t('device.alarms.noRules')}</Typography>
          )}
          <AlarmRuleRows rows={rows} onChange={setRows} signals={signals} canEdit={canEdit} errors={errors} />
          <SaveFailureAlert failure={failure} onStartOver={onStartOver} />
          {canEdit && signals.length > 0 && (
            <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'space-between' }}>
              <Button startIcon={<AddOutlined />} onClick={() => setRows((list) => [...list, ruleRowOf()])}>
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

/** The rules of the device's type, which it has on top of its own: shown, edited on the device type's page. */
function TypeRules({ scope }: { scope: DeviceScope }) {
  const { t } = useTranslation();
  const typeAlarms = useDeviceTypeAlarms(scope.device.deviceType);
  // A type the platform no longer knows has no rules.
  if (typeAlarms.isError && !isApiError(typeAlarms.error, 404))
    return <Alert severity="error">{errorMessage(t, typeAlarms.error)}</Alert>;
  if (!typeAlarms.data || typeAlarms.data.rules.length === 0) return null;
  return (
    <Stack spacing={1}>
      <Typography component="h3" variant="subtitle2">
        {t('device.alarms.fromType')}
      </Typography>
      <AlarmRuleSummary
        rules={typeAlarms.data.rules}
        deviceType={scope.deviceType}
        label={t('device.alarms.fromType')}
      />
      <Typography component="h3" variant="subtitle2">
        {t('device.alarms.ownRules')}
      </Typography>
    </Stack>
  );
}

/** The device's alarms, newest first, with what the caller may do to each. */
function DeviceAlarmList({ scope }: { scope: DeviceScope }) {
  const { t } = useTranslation();
  const colours = useAlarmColours(scope.device.businessId);
  const [view, setView] = useState<AlarmListView>({ statuses: OPEN_STATUSES, after: null, pageSize: 10 });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography component="h2" variant="h6">
          {t('device.alarms.list')}
        </Typography>
        <AlarmList
          businessId={null}
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
