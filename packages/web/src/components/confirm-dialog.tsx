import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmOptions {
  title: string;
  message?: ReactNode;
  /** The label of the confirming button; "OK" by default. */
  confirmLabel?: string;
  cancelLabel?: string;
  /** A confirmation that destroys or discards something gets a red button. */
  destructive?: boolean;
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/** Hosts the one confirm dialog of the app; `useConfirm()` opens it. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const [open, setOpen] = useState(false);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>((next) => {
    settle.current?.(false);
    setOptions(next);
    setOpen(true);
    return new Promise<boolean>((resolve) => {
      settle.current = resolve;
    });
  }, []);

  const answer = (confirmed: boolean) => {
    settle.current?.(confirmed);
    settle.current = null;
    setOpen(false);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Dialog
        open={open}
        onClose={() => answer(false)}
        aria-labelledby="confirm-dialog-title"
        maxWidth="xs"
        fullWidth
        slotProps={{ transition: { onExited: () => setOptions(null) } }}
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
    </ConfirmContext.Provider>
  );
}

/** `const confirmed = await confirm({ title, message })`: true when the user confirmed, false when they cancelled. */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a ConfirmProvider around it');
  return confirm;
}
