import type { SignInResponse } from '@iot/shared';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { keepSession } from './sign-in';

export const signInWithToken = (token: string) =>
  api.post<SignInResponse>('/auth/signintoken', { token }, { anonymous: true });

/**
 * A `BearerToken` link (SPEC section 2): the token is exchanged for a session of its user and a fresh token, kept as
 * a sign-in with a password would be. Runs in a route guard, before any page renders, so it has no hook.
 */
export async function startSessionWithToken(queryClient: QueryClient, token: string): Promise<SignInResponse> {
  const response = await signInWithToken(token);
  keepSession(queryClient, response);
  return response;
}
