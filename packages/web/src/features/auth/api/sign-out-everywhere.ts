import { useMutation } from '@tanstack/react-query';
import { api, isApiError } from '@/api/client';
import { clearSession } from '@/api/session';

export const signOutEverywhere = () => api.delete<{ detail: string }>('/auth/signin');

/** Ends every session of the user, on every device. */
export function useSignOutEverywhere({ onSuccess }: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: async () => {
      try {
        await signOutEverywhere();
      } catch (error) {
        if (!isApiError(error, 401)) throw error;
      }
    },
    onSuccess: () => {
      clearSession();
      onSuccess?.();
    },
  });
}
