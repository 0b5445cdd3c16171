import type { SignalHistoryPage } from '@iot/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { SIGNALS_KEY } from './get-signals';

export interface SignalHistoryRequest {
  uuid: string;
  page: number;
  pageSize: number;
}

export const getSignalHistory = ({ uuid, page, pageSize }: SignalHistoryRequest, abort?: AbortSignal) =>
  api.get<SignalHistoryPage>(`/signals/history/${encodeURIComponent(uuid)}`, {
    query: { page, pageSize },
    signal: abort,
  });

export const getSignalHistoryQueryOptions = (request: SignalHistoryRequest) =>
  queryOptions({
    queryKey: [...SIGNALS_KEY, 'history', request],
    queryFn: ({ signal }) => getSignalHistory(request, signal),
    meta: { errorSnackbar: false },
  });

/** One page of a signal's changes, newest first; the last page stays shown while the next one loads. */
export const useSignalHistory = (request: SignalHistoryRequest) =>
  useQuery({ ...getSignalHistoryQueryOptions(request), placeholderData: keepPreviousData });
