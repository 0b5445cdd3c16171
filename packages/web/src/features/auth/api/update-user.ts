import type { UpdateProfileRequest, User } from '@iot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/api/client';
import { getUserQueryOptions } from './get-user';

export const updateUser = (body: UpdateProfileRequest) => api.patch<User>('/rest-auth/user/', body);

/** Saves one's profile; a stale `version` (409) refetches the user so the next try starts from the server's data. */
export function useUpdateUser(email: string) {
  const queryClient = useQueryClient();
  const { queryKey } = getUserQueryOptions(email);
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => queryClient.setQueryData(queryKey, user),
    onError: (error) => {
      if (isApiError(error, 409)) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
