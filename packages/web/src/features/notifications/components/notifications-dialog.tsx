import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { BrowserPushControl } from './browser-push-control';
import { NotificationsList } from './notifications-list';

export interface NotificationsDialogProps {
  open: boolean;
  onClose: () => void;
  /** The server's VAPID public key, to offer web push on this browser. */
  vapidPublicKey?: string | null;
}

/** The notification dialog, opened by the bell or the `notifications` query parameter; full screen on a phone. */
export function NotificationsDialog({ open, onClose, vapidPublicKey }: NotificationsDialogProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="notifications-dialog-title"
      maxWidth="md"
      fullWidth
      fullScreen={phone}
    >
      <DialogTitle id="notifications-dialog-title">{t('notifications.title')}</DialogTitle>
      <DialogContent dividers>
        {open && (
          <>
            <BrowserPushControl vapidPublicKey={vapidPublicKey} />
            <NotificationsList />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
