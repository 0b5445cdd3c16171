import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/components/confirm-dialog';
import { SecretField } from '@/components/secret-field';
import { useGenerateMqttCredentials } from '../api/mqtt-credentials';

/**
 * How a Wi-Fi or cellular device reaches the broker. The password is made anew on request and shown only in the
 * answer, so a new one replaces (and stops) the old: an admin confirms first.
 */
export function MqttCredentialsCard({ uuid, isAdmin }: { uuid: string; isAdmin: boolean }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const generate = useGenerateMqttCredentials();
  const credentials = generate.data;
  const ask = async () => {
    const confirmed = await confirm({
      title: t('device.mqtt.generate'),
      message: t('device.mqtt.replaceWarning'),
      confirmLabel: t('device.mqtt.generate'),
    });
    if (confirmed) generate.mutate(uuid);
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Typography variant="subtitle1" component="h3">
          {t('device.mqtt.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('device.mqtt.text')}
        </Typography>
        {credentials && (
          <>
            <Alert severity="warning">{t('device.mqtt.shownOnce')}</Alert>
            <SecretField label={t('device.mqtt.username')} value={credentials.username} />
            <SecretField label={t('device.mqtt.password')} value={credentials.password} />
            <SecretField label={t('device.mqtt.topicUp')} value={credentials.topicUp} />
            <SecretField label={t('device.mqtt.topicDown')} value={credentials.topicDown} />
          </>
        )}
        {isAdmin && (
          <div>
            <Button variant="outlined" onClick={() => void ask()} disabled={generate.isPending}>
              {t('device.mqtt.generate')}
            </Button>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
