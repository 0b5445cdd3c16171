import type { DeviceTypeAlarms, DeviceTypeInfo } from '@iot/shared';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { type SaveFailure, SaveFailureAlert } from '@/components/save-failure-alert';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { useDeviceTypeAlarms, useUpdateDeviceTypeAlarms } from '@/features/alarms/api/device-type-alarms';
import { AlarmRuleRows, AlarmRuleSummary } from '@/features/alarms/components/alarm-rule-rows';
import { checkRules, ruleRowOf, typeRuleSignals } from '@/features/alarms/lib/alarm-rules';
import { isNumericValueSignal } from '@/features/device-detail/lib/signal-readings';
import { useCurrentUser } from '@/lib/auth/use-current-user';
import { errorMessage } from '@/lib/error-message';
import { LoadFailure, LoadingBlock } from '../../components/load-state';

function RulesEditor({
  deviceType,
  alarms,
  onStartOver,
}: {
  deviceType: DeviceTypeInfo;
  alarms: DeviceTypeAlarms;
  onStartOver: () => void;
}) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const update = useUpdateDeviceTypeAlarms(deviceType.id);
  const [rows, setRows] = useState(() => alarms.rules.map(ruleRowOf));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const signals = typeRuleSignals(deviceType);
  // Cayenne LPP: numeric values, but each on a channel the device chooses, so no rule can name them type-wide.
  const perChannelOnly = deviceType.signals.some((signal) => isNumericValueSignal(signal) && signal.perChannel);

  const save = () => {
    const checked = checkRules(rows);
    setErrors(checked.errors);
    setFailure(null);
    if (Object.keys(checked.errors).length > 0) return;
    update.mutate(
      { version: alarms.version, rules: checked.rules },
      {
        onSuccess: () => snackbar.showSuccess(t('app.updated')),
        onError: (error) => {
          // A rule on a signal the type cannot compare answers 422 with the rule's field.
          if ((isApiError(error, 400) || isApiError(error, 422)) && Object.keys(error.fields).length > 0)
            setErrors(error.fields);
          else {
            const conflict = isApiError(error, 409);
            setFailure({ text: conflict ? t('conflict') : errorMessage(t, error), conflict });
          }
        },
      },
    );
  };

  return (
    <Stack spacing={2}>
      {signals.length === 0 && (
        <Typography sx={{ color: 'text.secondary' }}>
          {t(perChannelOnly ? 'arch.deviceTypes.perChannelRuleSignals' : 'arch.deviceTypes.noRuleSignals')}
        </Typography>
      )}
      {rows.length === 0 && signals.length > 0 && (
        <Typography sx={{ color: 'text.secondary' }}>{t('arch.deviceTypes.noAlarmRules')}</Typography>
      )}
      <AlarmRuleRows rows={rows} onChange={setRows} signals={signals} canEdit errors={errors} />
      <SaveFailureAlert failure={failure} onStartOver={onStartOver} />
      {signals.length > 0 && (
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'space-between' }}>
          <Button startIcon={<AddOutlined />} onClick={() => setRows((list) => [...list, ruleRowOf()])}>
            {t('device.alarms.addRule')}
          </Button>
          <Button variant="contained" onClick={save} loading={update.isPending}>
            {t('device.save')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

/**
 * "Alarm rules for every device of this type": provider staff edit them (saved over the version read; a conflict
 * offers to start over), everyone else reads them.
 */
export function DeviceTypeAlarmsCard({ deviceType }: { deviceType: DeviceTypeInfo }) {
  const { t } = useTranslation();
  const alarms = useDeviceTypeAlarms(deviceType.id);
  const canEdit = useCurrentUser().data?.role === 'product';
  const [round, setRound] = useState(0);
  const title = t('arch.deviceTypes.alarms');
  let content: ReactNode;
  if (alarms.isError) content = <LoadFailure error={alarms.error} onRetry={() => void alarms.refetch()} />;
  else if (!alarms.data) content = <LoadingBlock />;
  else if (canEdit) {
    const startOver = () => void alarms.refetch().then(() => setRound((value) => value + 1));
    content = <RulesEditor key={round} deviceType={deviceType} alarms={alarms.data} onStartOver={startOver} />;
  } else if (alarms.data.rules.length === 0) {
    content = <Typography sx={{ color: 'text.secondary' }}>{t('arch.deviceTypes.noAlarmRules')}</Typography>;
  } else {
    content = (
      <Stack spacing={1}>
        <AlarmRuleSummary rules={alarms.data.rules} deviceType={deviceType} label={title} />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('arch.deviceTypes.alarmsReadOnly')}
        </Typography>
      </Stack>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Stack spacing={0.5}>
          <Typography component="h2" variant="h6">
            {title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('arch.deviceTypes.alarmsText')}
          </Typography>
        </Stack>
        {content}
      </Stack>
    </Paper>
  );
}
