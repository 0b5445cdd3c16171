import type { BusinessConfig, UpdateBusinessConfigRequest } from '@iot/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { BUSINESSES_KEY } from './get-businesses';

const configPath = (businessId: string) => `/customer-business/${encodeURIComponent(businessId)}/config`;

export const getBusinessConfig = (businessId: string, signal?: AbortSignal) =>
  api.get<BusinessConfig>(configPath(businessId), { signal });

export const getBusinessConfigQueryOptions = (businessId: string) =>
  queryOptions({
    queryKey: [...BUSINESSES_KEY, 'config', businessId],
    queryFn: ({ signal }) => getBusinessConfig(businessId, signal),
    // The manager tab shows a failure in place; the pages keep the vendor's look.
    meta: { errorSnackbar: false },
  });

/** A level's theme, logo and per-role views: its own settings and the ones in effect. */
export const useBusinessConfig = (businessId: string | undefined) =>
  useQuery({ ...getBusinessConfigQueryOptions(businessId ?? ''), enabled: Boolean(businessId) });

export const updateBusinessConfig = ({ businessId, ...body }: UpdateBusinessConfigRequest & { businessId: string }) =>
  api.patch<BusinessConfig>(configPath(businessId), body);

/**
 * Saves a level's configuration. Every businesses query refreshes afterwards: the levels below inherit what changed.
 * The tab reports failures itself (conflict, plan, permission and field errors each have their place).
 */
export function useUpdateBusinessConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBusinessConfig,
    meta: { errorSnackbar: false },
    onSuccess: (config, { businessId }) =>
      queryClient.setQueryData(getBusinessConfigQueryOptions(businessId).queryKey, config),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BUSINESSES_KEY }),
  });
}
