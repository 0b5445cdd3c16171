import type {
  Asset,
  AssetCount,
  AssetDetail,
  AssetImportResult,
  AssetPage,
  CreateAssetRequest,
  DevicePage,
  MoveAssetsResult,
  UpdateAssetRequest,
  z,
} from '@iot/shared';
import { MAX_DEVICE_PAGE_SIZE } from '@iot/shared';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/api/client';
import type { ReadingsSource } from '@/features/device-detail/api/get-readings';
import { useRefreshDevices } from '@/features/devices/api/change-devices';

/**
 * Every assets query of every screen (the Assets tab, the asset mode of the device screen, the asset status screen,
 * the device info tab's picker) lives under this key, so a change made on one refreshes them all.
 */
export const ASSETS_KEY = ['assets'] as const;

export type CreateAssetBody = z.input<typeof CreateAssetRequest>['assetData'];
export type UpdateAssetBody = z.input<typeof UpdateAssetRequest>['assetData'];

const businessPath = (businessId: string) => `/customer-business/${encodeURIComponent(businessId)}`;
export const assetPath = (assetId: string) => `/assets/${encodeURIComponent(assetId)}`;

/** The filters of `GET /customer-business/{id}/assets`; an empty or null asset type is any type. */
export interface AssetFilter {
  search: string;
  assetType: string | null;
  orphan: boolean;
}

/** A page of an asset list; the lists read 50 at a time as they are scrolled. */
export const ASSET_PAGE_SIZE = 50;

const filterQuery = (filter: AssetFilter) => ({
  search: filter.search.trim() || undefined,
  assetType: filter.assetType || undefined,
  orphan: filter.orphan ? 'true' : undefined,
});

export const getAssets = (
  businessId: string,
  filter: AssetFilter & { cursor?: string; limit?: number },
  signal?: AbortSignal,
) =>
  api.get<AssetPage>(`${businessPath(businessId)}/assets`, {
    query: { ...filterQuery(filter), limit: filter.limit ?? ASSET_PAGE_SIZE, cursor: filter.cursor },
    signal,
  });

export const getAssetPagesQueryOptions = (businessId: string, filter: AssetFilter) =>
  infiniteQueryOptions({
    queryKey: [...ASSETS_KEY, 'list', businessId, filter],
    queryFn: ({ pageParam, signal }) => getAssets(businessId, { ...filter, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // The lists show a failure in place: the plan notice for `plan.unavailable`, else the error with a retry.
    meta: { errorSnackbar: false },
  });

/** The assets of a level's subtree that match `filter`, by description, a page (keyset cursor) at a time. */
export const useAssetPages = (businessId: string | undefined, filter: AssetFilter) =>
  useInfiniteQuery({
    ...getAssetPagesQueryOptions(businessId ?? '', filter),
    enabled: Boolean(businessId),
    placeholderData: keepPreviousData,
  });

/** `mode=count`: how many assets match `filter`, asked once per filter since a page carries no total. */
export const countAssets = (businessId: string, filter: AssetFilter, signal?: AbortSignal) =>
  api.get<AssetCount>(`${businessPath(businessId)}/assets`, {
    query: { ...filterQuery(filter), mode: 'count' },
    signal,
  });

export const getAssetCountQueryOptions = (businessId: string, filter: AssetFilter) =>
  queryOptions({
    queryKey: [...ASSETS_KEY, 'count', businessId, filter],
    queryFn: ({ signal }) => countAssets(businessId, filter, signal),
    // The list beside it shows the failure; the count then stays blank.
    meta: { errorSnackbar: false },
  });

/** How many assets match `filter`: the total a list shows while it holds only the pages scrolled through. */
export const useAssetCount = (businessId: string | undefined, filter: AssetFilter) =>
  useQuery({
    ...getAssetCountQueryOptions(businessId ?? '', filter),
    enabled: Boolean(businessId),
    placeholderData: keepPreviousData,
  });

export const getAsset = (assetId: string, signal?: AbortSignal) => api.get<AssetDetail>(assetPath(assetId), { signal });

export const getAssetQueryOptions = (assetId: string) =>
  queryOptions({
    queryKey: [...ASSETS_KEY, 'one', assetId],
    queryFn: ({ signal }) => getAsset(assetId, signal),
    // The screen says in place that the asset is missing, out of reach or not in the plan.
    meta: { errorSnackbar: false },
  });

/** One asset with its link history. */
export const useAsset = (assetId: string | undefined) =>
  useQuery({ ...getAssetQueryOptions(assetId ?? ''), enabled: Boolean(assetId) });

/** The asset's readings over its whole history: those of whichever device was linked at each date. */
export const assetReadingsSource = (assetId: string): ReadingsSource => ({
  path: assetPath(assetId),
  key: [...ASSETS_KEY, 'one', assetId, 'readings'],
});

/** The devices of the level's subtree linked to no asset: what the device picker offers. */
export const getFreeDevices = (businessId: string, cursor: string | undefined, signal?: AbortSignal) =>
  api.get<DevicePage>(`${businessPath(businessId)}/devices`, {
    query: { filter: 'onlyFreeDevices', limit: MAX_DEVICE_PAGE_SIZE, cursor },
    signal,
  });

export const useFreeDevices = (businessId: string) =>
  useInfiniteQuery({
    queryKey: [...ASSETS_KEY, 'free-devices', businessId],
    queryFn: ({ pageParam, signal }) => getFreeDevices(businessId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // Linking changes which devices are free: always read afresh when the picker opens.
    staleTime: 0,
    gcTime: 0,
  });

export const createAsset = ({ businessId, ...assetData }: CreateAssetBody & { businessId: string }) =>
  api.post<Asset>(`${businessPath(businessId)}/asset`, { assetData });

export const updateAsset = ({ businessId, ...assetData }: UpdateAssetBody & { businessId: string }) =>
  api.patch<Asset>(`${businessPath(businessId)}/asset`, { assetData });

export const deleteAssets = ({ businessId, assets }: { businessId: string; assets: string[] }) =>
  api.delete<unknown>(`${businessPath(businessId)}/asset`, undefined, { assets });

/** Moves assets, with their devices, to level `businessId`; with `dryRun` only answers what would happen. */
export const moveAssets = ({ businessId, assets, dryRun }: { businessId: string; assets: string[]; dryRun: boolean }) =>
  api.post<MoveAssetsResult>(`${businessPath(businessId)}/asset/move`, { assets, dryRun });

/** The level's assets that match `filter` as CSV: description, asset type, device, then their types' fields. */
export const exportAssetsCsv = (businessId: string, filter: AssetFilter) =>
  api.text(`${businessPath(businessId)}/assets/export-csv`, {
    query: filterQuery(filter),
  });

/** A CSV file of assets of one type into the level; a bad line refuses the whole file (`asset.csv_invalid`). */
export const importAssetsCsv = async ({
  businessId,
  assetType,
  file,
}: {
  businessId: string;
  assetType: string;
  file: Blob;
}) =>
  api.post<AssetImportResult>(
    `${businessPath(businessId)}/assets/import-csv`,
    new Blob([await file.text()], { type: 'text/csv' }),
    { query: { assetType } },
  );

/**
 * After assets change: every assets query, and the devices and businesses (a link, a move or a deletion changes
 * which devices are free, their `asset`, where they are and the levels' device counts).
 */
function useRefreshAssets() {
  const queryClient = useQueryClient();
  const refreshDevices = useRefreshDevices();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: ASSETS_KEY }), refreshDevices()]);
}

/** The dialog shows a refusal (400: beside the fields; 409: the conflict message) itself; others get the snackbar. */
export function useSaveAsset() {
  const refresh = useRefreshAssets();
  return useMutation({
    mutationFn: (
      change:
        | { create: CreateAssetBody & { businessId: string } }
        | { update: UpdateAssetBody & { businessId: string } },
    ) => ('create' in change ? createAsset(change.create) : updateAsset(change.update)),
    meta: { handledStatuses: [400, 409, 422] },
    onSuccess: refresh,
  });
}

/** Links a device to the asset (`deviceUUID`) or unlinks it (null), over the asset's version. */
export const linkAssetDevice = ({
  businessId,
  ...assetData
}: Pick<UpdateAssetBody, '_id' | 'version'> & { businessId: string; deviceUUID: string | null }) =>
  api.patch<Asset>(`${businessPath(businessId)}/asset`, { assetData });

/** The device info tab shows a refused link or unlink in place; it does not wait for the lists to be read again. */
export function useLinkAssetDevice() {
  const refresh = useRefreshAssets();
  return useMutation({ mutationFn: linkAssetDevice, meta: { errorSnackbar: false }, onSettled: () => void refresh() });
}

export function useDeleteAssets() {
  const refresh = useRefreshAssets();
  return useMutation({ mutationFn: deleteAssets, onSettled: refresh });
}

/** The dry run's refusal shows in the warning dialog; the real move's failures too. */
export function useMoveAssets() {
  const refresh = useRefreshAssets();
  return useMutation({
    mutationFn: moveAssets,
    meta: { errorSnackbar: false },
    onSuccess: (result) => (result.dryRun ? undefined : refresh()),
  });
}

/** The import dialog reports a refused file itself (the line-numbered message). */
export function useImportAssetsCsv() {
  const refresh = useRefreshAssets();
  return useMutation({ mutationFn: importAssetsCsv, meta: { errorSnackbar: false }, onSuccess: refresh });
}
