import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { ConfirmOptions } from './confirm-dialog';

interface ConfirmDialogViewProps {
  open: boolean;
  options: ConfirmOptions | null;
  answer: (confirmed: boolean) => void;
  /** Called once the dialog has finished closing. */
  onExited: () => void;
}

/** The confirm dialog itself, loaded on the first confirmation the app asks for. */
export default function ConfirmDialogView({ open, options, answer, onExited }: ConfirmDialogViewProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={() => answer(false)}
      aria-labelledby="confirm-dialog-title"
      maxWidth="xs"
      fullWidth
      slotProps={{ transition: { onExited } }}
    >
      {options && (
        <>
          <DialogTitle id="confirm-dialog-title">{options.title}</DialogTitle>
          {options.message && (
            <DialogContent>
              <DialogContentText component="div">{options.message}</DialogContentText>
            </DialogContent>
          )}
          <DialogActions>
            <Button onClick={() => answer(false)}>{options.cancelLabel ?? t('app.cancel')}</Button>
            <Button
              variant="contained"
              color={options.destructive ? 'error' : 'primary'}
              onClick={() => answer(true)}
              autoFocus
            >
              {options.confirmLabel ?? t('app.ok')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
