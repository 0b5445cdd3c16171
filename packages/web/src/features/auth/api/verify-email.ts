import { useMutation } from '@tanstack/react-query';
import { api } from '@/api/client';

export const verifyEmail = (key: string) =>
  api.post<{ detail: string }>('/rest-auth/registration/verify-email/', { key }, { anonymous: true });

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail, meta: { errorSnackbar: false } });
