import type { ParameterPreset } from '@iot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';

export const getParameterPresetsQueryOptions = (businessId: string, model: string) =>
  queryOptions({
    queryKey: ['parameter-presets', businessId, model],
    queryFn: ({ signal }) => api.get<ParameterPreset[]>('/parameter-presets', { query: { businessId, model }, signal }),
    // Without presets the form still works: the picker is simply not offered.
    meta: { errorSnackbar: false },
  });

/** The presets of a device type visible at a business (its own and its ancestors'). */
export const useParameterPresets = (businessId: string, model: string) =>
  useQuery(getParameterPresetsQueryOptions(businessId, model));
