import type { AlarmPage } from '@iot/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';

export const ASSET_ALARM_PAGE_SIZE = 10;

/** `GET /customer-business/{id}/alarms?assetID=`: the alarms raised on the asset's devices, newest first. */
export const getAssetAlarms = (
  businessId: string,
  query: { assetID: string; page: number; pageSize: number },
  signal?: AbortSignal,
) => api.get<AlarmPage>(`/customer-business/${encodeURIComponent(businessId)}/alarms`, { query, signal });

export const useAssetAlarms = (businessId: string | undefined, assetId: string, page: number) =>
  useQuery({
    queryKey: ['alarms', 'asset', businessId, assetId, page],
    queryFn: ({ signal }) =>
      getAssetAlarms(businessId ?? '', { assetID: assetId, page, pageSize: ASSET_ALARM_PAGE_SIZE }, signal),
    enabled: Boolean(businessId),
    placeholderData: keepPreviousData,
    meta: { errorSnackbar: false },
  });
