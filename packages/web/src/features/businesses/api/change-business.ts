import type { Business } from '@iot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { BUSINESSES_KEY } from './get-businesses';

const businessPath = (id: string) => `/customer-business/${encodeURIComponent(id)}`;

export const addBusinessChild = ({ parentId, description }: { parentId: string; description: string }) =>
  api.post<Business>(businessPath(parentId), { description, status: 0 });
export const updateBusiness = ({
  id,
  ...body
}: {
  id: string;
  version: number;
  description?: string;
  parent?: string;
}) => api.put<Business>(businessPath(id), body);
export const deleteBusiness = ({ id }: { id: string }) => api.delete<unknown>(businessPath(id));
export const setBusinessActive = ({ id, active }: { id: string; active: boolean }) =>
  api.post<Business>(`${businessPath(id)}/${active ? 'activate' : 'deactivate'}`);
export const setBusinessLocked = ({ id, locked }: { id: string; locked: boolean }) =>
  api.post<Business>(`${businessPath(id)}/${locked ? 'lock' : 'unlock'}`);

/**
 * Every change to the tree refreshes the businesses queries. The screens report the outcome themselves (the
 * permission, conflict and plan-limit answers each have their own message), so no generic error snackbar.
 */
function useBusinessMutation<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    meta: { errorSnackbar: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: BUSINESSES_KEY }),
  });
}

export const useAddBusinessChild = () => useBusinessMutation(addBusinessChild);
export const useUpdateBusiness = () => useBusinessMutation(updateBusiness);
export const useDeleteBusiness = () => useBusinessMutation(deleteBusiness);
export const useSetBusinessActive = () => useBusinessMutation(setBusinessActive);
export const useSetBusinessLocked = () => useBusinessMutation(setBusinessLocked);
