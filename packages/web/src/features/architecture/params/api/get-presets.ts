import type { ParameterPreset, ParameterPresetListQuery } from '@iot/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';

/** Every preset query lives under this key, so each change refreshes the list and the preset alike. */
export const PRESETS_KEY = ['parameter-presets'] as const;

export const getPresets = (query: ParameterPresetListQuery, abort?: AbortSignal) =>
  api.get<ParameterPreset[]>('/parameter-presets', { query, signal: abort });

export const getPresetsQueryOptions = (query: ParameterPresetListQuery) =>
  queryOptions({
    queryKey: [...PRESETS_KEY, 'list', query],
    queryFn: ({ signal }) => getPresets(query, signal),
    // The page shows a failure in place, with a retry.
    meta: { errorSnackbar: false },
  });

/** The presets in reach: with a business, that business's and its ancestors'; with a model, of that device type. */
export const usePresets = (query: ParameterPresetListQuery) =>
  useQuery({ ...getPresetsQueryOptions(query), placeholderData: keepPreviousData });

export const getPreset = (uuid: string, abort?: AbortSignal) =>
  api.get<ParameterPreset>(`/parameter-presets/${encodeURIComponent(uuid)}`, { signal: abort });

export const getPresetQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: [...PRESETS_KEY, 'one', uuid],
    queryFn: ({ signal }) => getPreset(uuid, signal),
    meta: { errorSnackbar: false },
  });

export const usePreset = (uuid: string | undefined) =>
  useQuery({ ...getPresetQueryOptions(uuid ?? ''), enabled: Boolean(uuid) });
