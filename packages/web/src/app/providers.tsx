import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfirmProvider } from '@/components/confirm-dialog';
import { PlanLimitProvider } from '@/components/plan-limit-notice';
import { SnackbarProvider } from '@/components/snackbars/snackbar-provider';
import type { SnackbarStore } from '@/components/snackbars/snackbar-store';
import { theme } from './theme';

/** The shared UI services every screen may call: snackbars, the confirm dialog, the plan-limit notice. */
export function UiProviders({ snackbars, children }: { snackbars: SnackbarStore; children: ReactNode }) {
  return (
    <SnackbarProvider store={snackbars}>
      <ConfirmProvider>
        <PlanLimitProvider>{children}</PlanLimitProvider>
      </ConfirmProvider>
    </SnackbarProvider>
  );
}

export function AppProviders({
  queryClient,
  snackbars,
  children,
}: {
  queryClient: QueryClient;
  snackbars: SnackbarStore;
  children: ReactNode;
}) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <UiProviders snackbars={snackbars}>{children}</UiProviders>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
