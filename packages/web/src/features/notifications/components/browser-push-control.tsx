import NotificationsActive from '@mui/icons-material/NotificationsActiveOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useBrowserPush, useDisableBrowserPush, useEnableBrowserPush } from '../api/push-subscription';

/** Turns web push on or off for this browser; nothing when the browser cannot, or the server has no VAPID key. */
export function BrowserPushControl({ vapidPublicKey }: { vapidPublicKey: string | null | undefined }) {
  const { t } = useTranslation();
  const status = useBrowserPush();
  const enable = useEnableBrowserPush();
  const disable = useDisableBrowserPush();
  if (!vapidPublicKey || !status.data?.supported) return null;

  const subscribed = status.data.subscribed;
  const refused = enable.data === false;
  const text = subscribed ? t('push.on') : refused ? t('push.blocked') : t('push.offer');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, py: 1 }}>
      <NotificationsActive sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'block' } }} />
      <Typography variant="body2" sx={{ flex: 1, color: 'text.secondary' }}>
        {text}
      </Typography>
      {subscribed ? (
        <Button size="small" disabled={disable.isPending} onClick={() => disable.mutate()}>
          {t('push.turnOff')}
        </Button>
      ) : (
        <Button
          size="small"
          variant="outlined"
          disabled={enable.isPending || refused}
          onClick={() => enable.mutate(vapidPublicKey)}
        >
          {t('push.turnOn')}
        </Button>
      )}
    </Stack>
  );
}
