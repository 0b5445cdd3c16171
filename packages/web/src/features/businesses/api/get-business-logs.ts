import type { BusinessLogPage } from '@iot/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { BUSINESSES_KEY } from './get-businesses';

export interface BusinessLogsRequest {
  businessId: string;
  page: number;
  pageSize: number;
}

export const getBusinessLogs = ({ businessId, page, pageSize }: BusinessLogsRequest, signal?: AbortSignal) =>
  api.get<BusinessLogPage>(`/customer-business/${encodeURIComponent(businessId)}/logs`, {
    query: { reverseOrder: true, page, pageSize },
    signal,
  });

export const getBusinessLogsQueryOptions = (request: BusinessLogsRequest) =>
  queryOptions({
    queryKey: [...BUSINESSES_KEY, 'logs', request],
    queryFn: ({ signal }) => getBusinessLogs(request, signal),
  });

/** One page of a business's activity log, newest first. */
export const useBusinessLogs = (request: BusinessLogsRequest) =>
  useQuery({ ...getBusinessLogsQueryOptions(request), placeholderData: keepPreviousData });
