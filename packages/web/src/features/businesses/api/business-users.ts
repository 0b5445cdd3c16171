import type { AddBusinessUsersRequest, AddBusinessUsersResponse, BusinessRole, BusinessUsers } from '@iot/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { BUSINESSES_KEY } from './get-businesses';

const usersPath = (businessId: string) => `/customer-business/${encodeURIComponent(businessId)}/users`;

export const getBusinessUsers = (businessId: string, signal?: AbortSignal) =>
  api.get<BusinessUsers>(usersPath(businessId), { signal });

export const getBusinessUsersQueryOptions = (businessId: string) =>
  queryOptions({
    queryKey: [...BUSINESSES_KEY, 'users', businessId],
    queryFn: ({ signal }) => getBusinessUsers(businessId, signal),
    // The tab shows a failure in place.
    meta: { errorSnackbar: false },
  });

/** A level's users: its own entries and the roles inherited from its ancestors. */
export const useBusinessUsers = (businessId: string) => useQuery(getBusinessUsersQueryOptions(businessId));

export const addBusinessUsers = ({ businessId, ...body }: AddBusinessUsersRequest & { businessId: string }) =>
  api.post<AddBusinessUsersResponse>(usersPath(businessId), body);
export const changeBusinessUserRole = ({
  businessId,
  ...body
}: {
  businessId: string;
  email: string;
  role: BusinessRole;
}) => api.patch<BusinessUsers>(usersPath(businessId), body);
export const removeBusinessUser = ({ businessId, email }: { businessId: string; email: string }) =>
  api.delete<unknown>(`${usersPath(businessId)}/${encodeURIComponent(email)}`);

/** Changes to a level's users refresh every businesses query (the tree carries the entries too). */
function useBusinessUsersMutation<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    meta: { errorSnackbar: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: BUSINESSES_KEY }),
  });
}

export const useAddBusinessUsers = () => useBusinessUsersMutation(addBusinessUsers);
export const useChangeBusinessUserRole = () => useBusinessUsersMutation(changeBusinessUserRole);
export const useRemoveBusinessUser = () => useBusinessUsersMutation(removeBusinessUser);
