import { useMutation } from '@tanstack/react-query';
import { api } from '@/api/client';

export const requestPasswordReset = (body: { email: string }) =>
  api.post<{ detail: string }>('/rest-auth/password/reset/', body, { anonymous: true });

/** Asks for a reset link; the server answers alike whether or not the address is registered. */
export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: requestPasswordReset, meta: { errorSnackbar: false } });
