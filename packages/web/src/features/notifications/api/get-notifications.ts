import type { NotificationPage } from '@iot/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';

export interface NotificationsPageRequest {
  page: number;
  pageSize: number;
  onlyUnread?: boolean;
}

export const NOTIFICATIONS_KEY = ['notifications'] as const;

export const getNotifications = (
  { page, pageSize, onlyUnread = false }: NotificationsPageRequest,
  signal?: AbortSignal,
) =>
  api.get<NotificationPage>('/push-notification/user-notifications', { query: { page, pageSize, onlyUnread }, signal });

export const getNotificationsQueryOptions = (request: NotificationsPageRequest) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'page', request],
    queryFn: ({ signal }) => getNotifications(request, signal),
  });

/** One page of one's notifications, newest first; the previous page stays on screen while the next one loads. */
export const useNotifications = (request: NotificationsPageRequest, enabled = true) =>
  useQuery({ ...getNotificationsQueryOptions(request), enabled, placeholderData: keepPreviousData });
