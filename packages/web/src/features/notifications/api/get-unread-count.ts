import { UNREAD_COUNT_POLL_MS, type UnreadCount } from '@iot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { NOTIFICATIONS_KEY } from './get-notifications';

export const getUnreadCount = (signal?: AbortSignal) =>
  api.get<UnreadCount>('/push-notification/unread-count', { signal });

export const getUnreadCountQueryOptions = () =>
  queryOptions({ queryKey: [...NOTIFICATIONS_KEY, 'unread-count'], queryFn: ({ signal }) => getUnreadCount(signal) });

/** The unread count, asked again every minute (SPEC section 9) while signed in. */
export const useUnreadCount = (enabled: boolean) =>
  useQuery({
    ...getUnreadCountQueryOptions(),
    enabled,
    refetchInterval: UNREAD_COUNT_POLL_MS,
    // A failed poll shows no error snackbar: the next poll tries again.
    meta: { errorSnackbar: false },
  });
