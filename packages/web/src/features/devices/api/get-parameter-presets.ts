import type { ParameterPreset } from '@iot/shared';
import { queryOptions, type UseQueryResult, useQueries } from '@tanstack/react-query';
import { api } from '@/api/client';

/** Every preset query lives under this key (the presets pages use it too), so a change to presets refreshes them. */
export const PARAMETER_PRESETS_KEY = ['parameter-presets'] as const;

/** The presets of device type `model` the caller reaches, whatever business owns them. */
export const getParameterPresets = (model: string, signal?: AbortSignal) =>
  api.get<ParameterPreset[]>('/parameter-presets', { query: { model }, signal });

export const getParameterPresetsQueryOptions = (model: string) =>
  queryOptions({
    queryKey: [...PARAMETER_PRESETS_KEY, 'list', { model }],
    queryFn: ({ signal }) => getParameterPresets(model, signal),
    // The configure dialog shows a failure in place, with a retry.
    meta: { errorSnackbar: false },
  });

const byName = (one: ParameterPreset, other: ParameterPreset) =>
  one.name.localeCompare(other.name, undefined, { sensitivity: 'base' });

function combinePresets(results: UseQueryResult<ParameterPreset[]>[]) {
  const failed = results.find((result) => result.isError);
  return {
    /** Every preset of the types, by name; undefined until all are in. */
    data: results.every((result) => result.data)
      ? results.flatMap((result) => result.data ?? []).sort(byName)
      : undefined,
    error: failed?.error ?? null,
    refetch: () => Promise.all(results.map((result) => result.refetch())),
  };
}

/** The presets the caller reaches for any of the device types `models` (one query per type, shared in the cache). */
export const useParameterPresetsOf = (models: readonly string[]) =>
  useQueries({ queries: models.map(getParameterPresetsQueryOptions), combine: combinePresets });
