import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/api/client';

/** A refused call (4xx) is not retried: asking again gets the same answer. No answer or a 5xx is, twice. */
export function createQueryClient() {
  return new QueryClient({
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
