import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { createContext, type ReactNode, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { SnackbarMessage, SnackbarStore } from './snackbar-store';

export const SnackbarContext = createContext<SnackbarStore | null>(null);

function SnackbarView({ message, onClose }: { message: SnackbarMessage; onClose: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const close = (_event?: unknown, reason?: string) => {
    if (reason !== 'clickaway') setOpen(false);
  };
  const anchorOrigin = { vertical: 'bottom', horizontal: 'center' } as const;
  if (message.severity === 'default') {
    return (
      <Snackbar
        open={open}
        autoHideDuration={message.durationMs}
        onClose={close}
        slotProps={{ transition: { onExited: onClose } }}
        anchorOrigin={anchorOrigin}
        message={message.text}
      />
    );
  }
  return (
    <Snackbar
      open={open}
      autoHideDuration={message.durationMs}
      onClose={close}
      slotProps={{ transition: { onExited: onClose } }}
      anchorOrigin={anchorOrigin}
    >
      <Alert
        severity={message.severity}
        variant="filled"
        onClose={() => close()}
        slotProps={{ closeButton: { title: t('app.close'), 'aria-label': t('app.close') } }}
        sx={{ width: '100%', maxWidth: 560 }}
      >
        {message.text}
      </Alert>
    </Snackbar>
  );
}

/** The one place snackbars show: messages of `store`, one after the other, each for its duration. */
export function SnackbarProvider({ store, children }: { store: SnackbarStore; children: ReactNode }) {
  const current = useSyncExternalStore(store.subscribe, store.current);
  return (
    <SnackbarContext.Provider value={store}>
      {children}
      {current && <SnackbarView key={current.id} message={current} onClose={() => store.dismiss(current.id)} />}
    </SnackbarContext.Provider>
  );
}
