import type { Notification } from '@iot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { NOTIFICATIONS_KEY } from './get-notifications';

export const markNotificationRead = (id: string) =>
  api.post<Notification>(`/push-notification/${encodeURIComponent(id)}/read`);
export const markAllNotificationsRead = () => api.post<{ count: number }>('/push-notification/read-all');
export const deleteNotification = (id: string) =>
  api.delete<{ count: number }>(`/push-notification/${encodeURIComponent(id)}/delete`);
export const deleteAllNotifications = () => api.delete<{ count: number }>('/push-notification/delete-all');

/** Every change to one's notifications refreshes the lists and the unread count. */
function useNotificationsMutation<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export const useMarkNotificationRead = () => useNotificationsMutation(markNotificationRead);
export const useMarkAllNotificationsRead = () => useNotificationsMutation(markAllNotificationsRead);
export const useDeleteNotification = () => useNotificationsMutation(deleteNotification);
export const useDeleteAllNotifications = () => useNotificationsMutation(deleteAllNotifications);
