import CloseIcon from '@mui/icons-material/Close';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signalName } from '@/i18n/codec-names';
import { useBusinessTheme } from '@/lib/business-theme';
import type { AlarmAlert, AlarmAlertStore } from '../lib/alarm-alerts';
import { deviceAlarmsPath } from '../lib/alarm-paths';

/** Long enough to be noticed; the alarm stays on the list and in the notifications. */
const SHOW_MS = 20_000;

function AlarmAlertView({ alert, waiting, onClose }: { alert: AlarmAlert; waiting: number; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { colours } = useBusinessTheme();
  const [open, setOpen] = useState(true);
  const close = (_event?: unknown, reason?: string) => {
    if (reason !== 'clickaway') setOpen(false);
  };
  const { alarm } = alert;
  return (
    <Snackbar
      open={open}
      autoHideDuration={SHOW_MS}
      onClose={close}
      slotProps={{ transition: { onExited: onClose } }}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      // Below the app bar, so the notification bell and the user menu stay within reach while it shows.
      sx={{ top: { xs: 64, sm: 72 } }}
    >
      <Alert
        role="alert"
        aria-label={t('alarms.snackbar.label')}
        severity="error"
        variant="filled"
        icon={<NotificationsActiveOutlined />}
        action={
          <>
            <Button
              color="inherit"
              size="small"
              sx={{ whiteSpace: 'nowrap' }}
              onClick={() => {
                close();
                void navigate(deviceAlarmsPath(alarm.device.uuid));
              }}
            >
              {t('alarms.snackbar.open')}
            </Button>
            <IconButton
              color="inherit"
              size="small"
              title={t('app.close')}
              aria-label={t('app.close')}
              onClick={() => close()}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </>
        }
        sx={{ width: '100%', maxWidth: 440, bgcolor: colours.alarm.active, alignItems: 'flex-start' }}
      >
        <AlertTitle>{t(`alarms.snackbar.${alert.transition === 'firstActivation' ? 'raised' : 'again'}`)}</AlertTitle>
        {t('alarms.snackbar.text', {
          signal: signalName(t, alarm.signal, alarm.signalName),
          device: alarm.device.description || alarm.device.uuid,
          number: alarm.number,
        })}
        {waiting > 0 && ` ${t('alarms.snackbar.more', { count: waiting })}`}
      </Alert>
    </Snackbar>
  );
}

/** The alarm snackbar of the app shell (SPEC section 2): each alarm that becomes active, live, linking to its device. */
export function AlarmSnackbar({ store }: { store: AlarmAlertStore }) {
  const current = useSyncExternalStore(store.subscribe, store.current);
  const waiting = useSyncExternalStore(store.subscribe, store.waiting);
  if (!current) return null;
  return (
    <AlarmAlertView
      key={`${current.alarm.id}-${current.alarm.version}`}
      alert={current}
      waiting={waiting}
      onClose={() => store.dismiss(current.alarm.id)}
    />
  );
}
