import type {
  BusinessActions,
  CallbackTarget,
  GeotabCredentials,
  TestActionCallbackResponse,
  UpdateBusinessActionsRequest,
  z,
} from '@iot/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';

const actionsPath = (businessId: string) => `/customer-business/${encodeURIComponent(businessId)}/actions`;
export const businessActionsKey = (businessId: string) => ['business-actions', businessId] as const;

export const getBusinessActions = (businessId: string, signal?: AbortSignal) =>
  api.get<BusinessActions>(actionsPath(businessId), { signal });

export const getBusinessActionsQueryOptions = (businessId: string) =>
  queryOptions({
    queryKey: businessActionsKey(businessId),
    queryFn: ({ signal }) => getBusinessActions(businessId, signal),
    meta: { errorSnackbar: false },
    // Read afresh each time the tab opens: the error flags change as actions run.
    gcTime: 0,
  });

/** The actions in effect for a business (its own, or inherited), each with how its last run went. Admins only. */
export const useBusinessActions = (businessId: string) => useQuery(getBusinessActionsQueryOptions(businessId));

export type UpdateBusinessActionsBody = z.input<typeof UpdateBusinessActionsRequest>;

export const updateBusinessActions = ({ businessId, ...body }: UpdateBusinessActionsBody & { businessId: string }) =>
  api.put<BusinessActions>(actionsPath(businessId), body);

/** Saves the business's own list (or null to follow its parent); the tab shows failures in place. */
export function useUpdateBusinessActions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBusinessActions,
    meta: { errorSnackbar: false },
    onSuccess: (actions) => queryClient.setQueryData(businessActionsKey(actions.businessId), actions),
  });
}

export const testActionCallback = (body: z.input<typeof CallbackTarget> & { businessId: string }) =>
  api.post<TestActionCallbackResponse>('/customer-business/test-action-callback', body);

/** Sends a sample alarm event to a callback address and tells what came back. */
export const useTestActionCallback = () =>
  useMutation({ mutationFn: testActionCallback, meta: { errorSnackbar: false } });

export const checkGeotabCredentials = (body: GeotabCredentials) =>
  api.post<{ ok: true }>('/geotab/DIG/Authenticate', body);

/** Signs in to Geotab with the credentials typed, before they are saved. */
export const useCheckGeotabCredentials = () =>
  useMutation({ mutationFn: checkGeotabCredentials, meta: { errorSnackbar: false } });
