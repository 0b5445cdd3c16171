import type { UserPage } from '@iot/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';

export interface UsersRequest {
  /** Part of an e-mail or a name; empty lists everyone. */
  search: string;
  page: number;
  pageSize: number;
}

export const getUsers = ({ search, page, pageSize }: UsersRequest, signal?: AbortSignal) =>
  api.get<UserPage>('/users', { query: { search: search || undefined, page, pageSize }, signal });

export const getUsersQueryOptions = (request: UsersRequest) =>
  queryOptions({
    queryKey: ['users', 'list', request],
    queryFn: ({ signal }) => getUsers(request, signal),
    // The page shows a failure in place, with a retry.
    meta: { errorSnackbar: false },
  });

/** One page of every user (provider staff only); the last page stays shown while the next one loads. */
export const useUsers = (request: UsersRequest) =>
  useQuery({ ...getUsersQueryOptions(request), placeholderData: keepPreviousData });
