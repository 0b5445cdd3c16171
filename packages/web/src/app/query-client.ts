import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/api/client';
import type { SnackbarStore } from '@/components/snackbars/snackbar-store';
import { i18n } from '@/i18n';
import { snackbarErrorMessage } from '@/lib/error-message';

/** Per query or mutation: how its failures are reported. */
export interface CallMeta extends Record<string, unknown> {
  /** `false`: the screen shows this call's failures itself, never as a snackbar. */
  errorSnackbar?: boolean;
  /** HTTP statuses the screen shows itself (e.g. 400 beside the fields); other failures still get the snackbar. */
  handledStatuses?: readonly number[];
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: CallMeta;
    mutationMeta: CallMeta;
  }
}

/** Whether a failure becomes an error snackbar, and with what text; `undefined` for none. */
export function errorSnackbarText(error: unknown, meta: CallMeta | undefined): string | undefined {
  if (meta?.errorSnackbar === false) return undefined;
  if (isApiError(error) && meta?.handledStatuses?.includes(error.status)) return undefined;
  return snackbarErrorMessage(i18n.t, error);
}

/**
 * The app's query cache. Failures of every query and mutation are reported here, in one place, as error snackbars
 * (SPEC section 8) unless the call opts out through its `meta`. A refused call (4xx) is not retried: asking again
 * gets the same answer. No answer or a 5xx is, twice.
 */
export function createQueryClient({ snackbars }: { snackbars?: SnackbarStore } = {}) {
  const report = (error: unknown, meta: CallMeta | undefined) => {
    const text = errorSnackbarText(error, meta);
    if (text) snackbars?.show(text, 'error');
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => report(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
