import type { PasswordResetConfirmRequest } from '@iot/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/api/client';

export const confirmPasswordReset = (body: PasswordResetConfirmRequest) =>
  api.post<{ detail: string }>('/rest-auth/password/reset/confirm/', body, { anonymous: true });

export const useConfirmPasswordReset = () =>
  useMutation({ mutationFn: confirmPasswordReset, meta: { errorSnackbar: false } });
