import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import '@/i18n';
import { UiProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { createSnackbarStore } from '@/components/snackbars/snackbar-store';

/**
 * Renders a piece of the app with what it needs around it: a fresh query cache reporting failures as the app does,
 * the snackbars, confirm and plan-limit services, and a router at `path`.
 */
export function renderWithProviders(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const snackbars = createSnackbarStore();
  const queryClient = createQueryClient({ snackbars });
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <UiProviders snackbars={snackbars}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </UiProviders>
    </QueryClientProvider>,
  );
  return { ...view, queryClient, snackbars };
}
