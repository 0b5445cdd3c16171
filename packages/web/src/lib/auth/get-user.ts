import type { User } from '@iot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';

export const getUser = (email: string, signal?: AbortSignal) =>
  api.get<User>(`/users/${encodeURIComponent(email)}`, { signal });

export const getUserQueryOptions = (email: string) =>
  queryOptions({ queryKey: ['users', email], queryFn: ({ signal }) => getUser(email, signal) });

/** The user of `email`; waits while there is none (a session that just ended). */
export const useUser = (email: string | null) =>
  useQuery({ ...getUserQueryOptions(email ?? ''), enabled: Boolean(email) });
