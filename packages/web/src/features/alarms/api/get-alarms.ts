import type { AlarmPage } from '@iot/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';

/** Every alarm query lives under this key, so a change to an alarm (or a live event) refreshes them all. */
export const ALARMS_KEY = ['alarms'] as const;
export const ALARM_PAGES_KEY = [...ALARMS_KEY, 'page'] as const;

export interface AlarmPageRequest {
  businessId: string;
  deviceUUID?: string;
  status?: string;
  page: number;
  pageSize: number;
}

export const getAlarms = ({ businessId, ...query }: AlarmPageRequest, signal?: AbortSignal) =>
  api.get<AlarmPage>(`/customer-business/${encodeURIComponent(businessId)}/alarms`, { query, signal });

export const getAlarmsQueryOptions = (request: AlarmPageRequest) =>
  queryOptions({
    queryKey: [...ALARM_PAGES_KEY, request],
    queryFn: ({ signal }) => getAlarms(request, signal),
    // The list shows a failure in place, with a retry.
    meta: { errorSnackbar: false },
  });

/** A page of the alarms of a business's subtree (or of one device), newest first. */
export const useAlarms = (request: AlarmPageRequest | undefined) =>
  useQuery({
    ...getAlarmsQueryOptions(request ?? { businessId: '', page: 1, pageSize: 25 }),
    enabled: Boolean(request?.businessId),
    placeholderData: keepPreviousData,
  });
