import { useMutation } from '@tanstack/react-query';
import { api, isApiError } from '@/api/client';
import { clearSession } from '@/api/session';

export const signOut = () => api.post<{ detail: string }>('/rest-auth/logout/');

/** Ends this session. A 401 means the token was already dead, which is as good as signed out. */
export function useSignOut({ onSuccess }: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: async () => {
      try {
        await signOut();
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
