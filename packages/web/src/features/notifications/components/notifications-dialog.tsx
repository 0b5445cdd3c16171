import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export interface NotificationsDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The notification dialog's mount point in the shell (opened by the bell or the `notifications` query parameter).
 * The list with acknowledge-all and delete-all replaces this body in the notifications issue.
 */
export function NotificationsDialog({ open, onClose }: NotificationsDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="notifications-dialog-title" maxWidth="sm" fullWidth>
      <DialogTitle id="notifications-dialog-title">{t('notifications.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ color: 'text.secondary', py: 2 }}>{t('notifications.none')}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
