import type { SignInRequest, SignInResponse } from '@iot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { saveSession } from '@/api/session';
import { getUserQueryOptions } from './get-user';

export const signIn = (body: SignInRequest) => api.post<SignInResponse>('/auth/signin', body, { anonymous: true });

/** Signs in and keeps the session; the user it answers with goes into the cache, so home needs no second call. */
export function useSignIn({ onSuccess }: { onSuccess?: (response: SignInResponse) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (response) => {
      queryClient.clear();
      saveSession({ token: response.access_token, email: response.user.email });
      queryClient.setQueryData(getUserQueryOptions(response.user.email).queryKey, response.user);
      onSuccess?.(response);
    },
  });
}
