import type { AssetType, CreateAssetTypeRequest, UpdateAssetTypeRequest } from '@iot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { ASSET_TYPES_KEY, getAssetTypeQueryOptions } from './get-asset-types';

const assetTypePath = (id: string) => `/asset-types/${encodeURIComponent(id)}`;

export const createAssetType = (body: CreateAssetTypeRequest) => api.post<AssetType>('/asset-types', body);
/** Over the `version` read; a stale one answers 409. */
export const updateAssetType = ({ id, ...body }: UpdateAssetTypeRequest & { id: string }) =>
  api.put<AssetType>(assetTypePath(id), body);
export const deleteAssetType = (id: string) => api.delete<unknown>(assetTypePath(id));

/**
 * A saved asset type is the answer itself: the editor shows it at once, with its new version. The editor shows field
 * errors, conflicts and refusals in place, so no generic snackbar.
 */
function useSaveAssetType<Input>(save: (input: Input) => Promise<AssetType>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    meta: { errorSnackbar: false },
    onSuccess: (assetType) => queryClient.setQueryData(getAssetTypeQueryOptions(assetType.id).queryKey, assetType),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...ASSET_TYPES_KEY, 'list'] }),
  });
}

export const useCreateAssetType = () => useSaveAssetType(createAssetType);
export const useUpdateAssetType = () => useSaveAssetType(updateAssetType);

export function useDeleteAssetType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAssetType,
    meta: { errorSnackbar: false },
    onSuccess: (_answer, id) => queryClient.removeQueries({ queryKey: getAssetTypeQueryOptions(id).queryKey }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...ASSET_TYPES_KEY, 'list'] }),
  });
}
