import type { SigfoxTokenRecord } from '@iot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';

export const getSigfoxTokens = (signal?: AbortSignal) =>
  api.get<SigfoxTokenRecord[]>('/sigfox-contracts/contract-dots', { signal });

/** The dialog shows its own failure, and the app bar's background check must not raise snackbars. */
export const getSigfoxTokensQueryOptions = () =>
  queryOptions({
    queryKey: ['sigfox-tokens'],
    queryFn: ({ signal }) => getSigfoxTokens(signal),
    staleTime: 5 * 60_000,
    meta: { errorSnackbar: false },
  });

/** The Sigfox token records (provider staff only: pass `enabled` only for them). */
export const useSigfoxTokens = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getSigfoxTokensQueryOptions(), enabled });
