import type { SignInRequest, SignInResponse } from '@iot/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { saveSession } from '@/api/session';
import { getUserQueryOptions } from '@/lib/auth/get-user';

export const signIn = (body: SignInRequest) => api.post<SignInResponse>('/auth/signin', body, { anonymous: true });

/** Keeps a new session: nothing of the previous user stays cached, and the user it answers with goes into the cache. */
export function keepSession(queryClient: QueryClient, response: SignInResponse) {
  queryClient.clear();
  saveSession({ token: response.access_token, email: response.user.email });
  queryClient.setQueryData(getUserQueryOptions(response.user.email).queryKey, response.user);
}

/** Signs in and keeps the session, so the first page needs no second call for the user. */
export function useSignIn({ onSuccess }: { onSuccess?: (response: SignInResponse) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    meta: { errorSnackbar: false },
    onSuccess: (response) => {
      keepSession(queryClient, response);
      onSuccess?.(response);
    },
  });
}
