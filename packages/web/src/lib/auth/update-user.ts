import type { UpdateProfileRequest, User } from '@iot/shared';
import { type MutationMeta, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/api/client';
import { getUserQueryOptions } from './get-user';

export const updateUser = (body: UpdateProfileRequest) => api.patch<User>('/rest-auth/user/', body);

/**
 * Saves one's profile; a stale `version` (409) refetches the user so the next try starts from the server's data.
 * `meta` tells which failures the screen shows itself.
 */
export function useUpdateUser(email: string, { meta }: { meta?: MutationMeta } = {}) {
  const queryClient = useQueryClient();
  const { queryKey } = getUserQueryOptions(email);
  return useMutation({
    mutationFn: updateUser,
    meta,
    onSuccess: (user) => queryClient.setQueryData(queryKey, user),
    onError: (error) => {
      if (isApiError(error, 409)) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
