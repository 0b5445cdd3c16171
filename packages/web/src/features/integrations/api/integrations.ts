import type {
  CreatedIntegration,
  CreateIntegrationRequest,
  Integration,
  ListedIntegration,
  UpdateIntegrationRequest,
  z,
} from '@iot/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';

export type CreateIntegrationBody = z.input<typeof CreateIntegrationRequest>;
export type UpdateIntegrationBody = z.input<typeof UpdateIntegrationRequest>;
export type NewIntegration = z.infer<typeof CreatedIntegration>;

const businessIntegrationsPath = (businessId: string) =>
  `/customer-business/${encodeURIComponent(businessId)}/integrations`;
const integrationPath = (id: string) => `/integrations/${encodeURIComponent(id)}`;

export const integrationsKey = (businessId: string) => ['integrations', businessId] as const;

export const getIntegrations = (businessId: string, signal?: AbortSignal) =>
  api.get<{ integrations: ListedIntegration[] }>(businessIntegrationsPath(businessId), { signal });

export const getIntegrationsQueryOptions = (businessId: string) =>
  queryOptions({
    queryKey: integrationsKey(businessId),
    queryFn: ({ signal }) => getIntegrations(businessId, signal),
    // The card shows a failure in place.
    meta: { errorSnackbar: false },
  });

/** The network integrations of a business (admins of it only). */
export const useIntegrations = (businessId: string) => useQuery(getIntegrationsQueryOptions(businessId));

export const createIntegration = ({ businessId, ...body }: CreateIntegrationBody & { businessId: string }) =>
  api.post<NewIntegration>(businessIntegrationsPath(businessId), body);
export const updateIntegration = ({ id, ...body }: UpdateIntegrationBody & { id: string }) =>
  api.patch<Integration>(integrationPath(id), body);
export const deleteIntegration = (id: string) => api.delete<unknown>(integrationPath(id));

/** Every change reads the business's integrations again; a 409 (stale version) has the conflict snackbar. */
function useIntegrationMutation<Input, Output>(businessId: string, change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    meta: { handledStatuses: [400] },
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationsKey(businessId) }),
  });
}

export const useCreateIntegration = (businessId: string) => useIntegrationMutation(businessId, createIntegration);
export const useUpdateIntegration = (businessId: string) => useIntegrationMutation(businessId, updateIntegration);
export const useDeleteIntegration = (businessId: string) => useIntegrationMutation(businessId, deleteIntegration);
