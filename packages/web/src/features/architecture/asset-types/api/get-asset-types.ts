import type { AssetType } from '@iot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';

/** Every asset type query lives under this key, so each change refreshes the list and the type alike. */
export const ASSET_TYPES_KEY = ['asset-types'] as const;

export const getAssetTypes = (abort?: AbortSignal) => api.get<AssetType[]>('/asset-types', { signal: abort });

export const getAssetTypesQueryOptions = () =>
  queryOptions({
    queryKey: [...ASSET_TYPES_KEY, 'list'],
    queryFn: ({ signal }) => getAssetTypes(signal),
    // The page shows a failure in place, with a retry.
    meta: { errorSnackbar: false },
  });

/** Every asset type by name, with its custom fields. */
export const useAssetTypes = () => useQuery(getAssetTypesQueryOptions());

export const getAssetType = (id: string, abort?: AbortSignal) =>
  api.get<AssetType>(`/asset-types/${encodeURIComponent(id)}`, { signal: abort });

export const getAssetTypeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ASSET_TYPES_KEY, 'one', id],
    queryFn: ({ signal }) => getAssetType(id, signal),
    meta: { errorSnackbar: false },
  });

export const useAssetType = (id: string | undefined) =>
  useQuery({ ...getAssetTypeQueryOptions(id ?? ''), enabled: Boolean(id) });
