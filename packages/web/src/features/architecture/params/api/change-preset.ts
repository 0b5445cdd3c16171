import type { CreateParameterPresetRequest, ParameterPreset, UpdateParameterPresetRequest } from '@iot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { getPresetQueryOptions, PRESETS_KEY } from './get-presets';

const presetPath = (uuid: string) => `/parameter-presets/${encodeURIComponent(uuid)}`;

export const createPreset = (body: CreateParameterPresetRequest) =>
  api.post<ParameterPreset>('/parameter-presets', body);
/** Over the `version` read; a stale one answers 409. */
export const updatePreset = ({ uuid, ...body }: UpdateParameterPresetRequest & { uuid: string }) =>
  api.put<ParameterPreset>(presetPath(uuid), body);
export const deletePreset = (uuid: string) => api.delete<unknown>(presetPath(uuid));

/**
 * A saved preset is the answer itself: the editor shows it at once, with its new version. The editor shows field
 * errors, conflicts and refusals in place, so no generic snackbar.
 */
function useSavePreset<Input>(save: (input: Input) => Promise<ParameterPreset>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    meta: { errorSnackbar: false },
    onSuccess: (preset) => queryClient.setQueryData(getPresetQueryOptions(preset.uuid).queryKey, preset),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...PRESETS_KEY, 'list'] }),
  });
}

export const useCreatePreset = () => useSavePreset(createPreset);
export const useUpdatePreset = () => useSavePreset(updatePreset);

export function useDeletePreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePreset,
    meta: { errorSnackbar: false },
    onSuccess: (_answer, uuid) => queryClient.removeQueries({ queryKey: getPresetQueryOptions(uuid).queryKey }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...PRESETS_KEY, 'list'] }),
  });
}
