import { useContext, useMemo } from 'react';
import { SnackbarContext } from './snackbar-provider';

/** Shows snackbars: `showError` (10 s), `showSuccess` (5 s), `show` (5 s). */
export function useSnackbar() {
  const store = useContext(SnackbarContext);
  if (!store) throw new Error('useSnackbar needs a SnackbarProvider around it');
  return useMemo(
    () => ({
      show: (text: string) => store.show(text, 'default'),
      showSuccess: (text: string) => store.show(text, 'success'),
      showError: (text: string) => store.show(text, 'error'),
      showWarning: (text: string) => store.show(text, 'warning'),
    }),
    [store],
  );
}
