import { isOnInternet } from '@iot/shared';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CommissioningEvents } from './commissioning-events';
import type { DeviceScope } from './device-scope';
import { MqttCredentialsCard } from './mqtt-credentials';
import { ParameterizationStatusChip } from './parameterization-status';

/** The commissioning tab: its events, where the parameters stand, and the MQTT access of devices on the internet. */
export function DeviceCommissioning({ scope }: { scope: DeviceScope }) {
  const { t } = useTranslation();
  const { device } = scope;
  const status = device.parameters.status;
  const onInternet = isOnInternet(device.communicationType);
  return (
    <Stack spacing={2.5}>
      <CommissioningEvents uuid={device.uuid} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Typography variant="subtitle1" component="h3">
            {t('device.commissioning.parameterization')}
          </Typography>
          {status ? (
            <ParameterizationStatusChip status={status} />
          ) : (
            <Typography sx={{ color: 'text.secondary' }}>{t('device.config.neverSet')}</Typography>
          )}
        </Stack>
      </Paper>
      {onInternet && <MqttCredentialsCard uuid={device.uuid} isAdmin={scope.isAdmin} />}
    </Stack>
  );
}
