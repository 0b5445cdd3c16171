import type { PushSubscriptionBody } from '@iot/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/api/client';
import { currentSubscription, isPushSupported, subscribeThisBrowser, subscriptionToken } from '../lib/browser-push';

export const storePushSubscription = (token: string, subscription: PushSubscriptionBody) =>
  api.post<{ detail: string }>(`/push-notification/store-token/${encodeURIComponent(token)}`, subscription);
export const deleteStoredPushSubscription = (token: string) =>
  api.delete<{ detail: string }>(`/push-notification/delete-stored-token/${encodeURIComponent(token)}`);

const browserPushQueryOptions = queryOptions({
  queryKey: ['browser-push'],
  queryFn: async () => ({ supported: isPushSupported(), subscribed: Boolean(await currentSubscription()) }),
  staleTime: Number.POSITIVE_INFINITY,
  meta: { errorSnackbar: false },
});

/** Whether this browser can get pushes, and whether it is subscribed. */
export const useBrowserPush = () => useQuery(browserPushQueryOptions);

/** Subscribes this browser (asking the user's permission) and hands the subscription to the server. */
export function useEnableBrowserPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (vapidPublicKey: string) => {
      const subscription = await subscribeThisBrowser(vapidPublicKey);
      if (!subscription) return false;
      await storePushSubscription(
        await subscriptionToken(subscription.endpoint),
        subscription.toJSON() as PushSubscriptionBody,
      );
      return true;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: browserPushQueryOptions.queryKey }),
  });
}

/** Stops the pushes to this browser: the server forgets the subscription, then the browser drops it. */
export function useDisableBrowserPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const subscription = await currentSubscription();
      if (!subscription) return;
      await deleteStoredPushSubscription(await subscriptionToken(subscription.endpoint)).catch((error: unknown) => {
        // Already forgotten by the server (its push service reported the subscription gone): just drop it here.
        if (!isApiError(error, 404)) throw error;
      });
      await subscription.unsubscribe();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: browserPushQueryOptions.queryKey }),
  });
}
