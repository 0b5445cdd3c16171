import type { Signal } from '@iot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';

/** Every signals query lives under this key, so each change to the catalogue refreshes them all. */
export const SIGNALS_KEY = ['signals'] as const;

/** The catalogue with each signal's lock state (`editionCtrl`, provider staff only). */
export const getSignals = (abort?: AbortSignal) =>
  api.get<Signal[]>('/signals', { query: { editionCtrl: true }, signal: abort });

export const getSignalsQueryOptions = () =>
  queryOptions({
    queryKey: [...SIGNALS_KEY, 'list'],
    queryFn: ({ signal }) => getSignals(signal),
    // The page shows a failure in place, with a retry.
    meta: { errorSnackbar: false },
  });

export const useSignals = () => useQuery(getSignalsQueryOptions());
