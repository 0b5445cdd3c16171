import type { RegistrationRequest, User } from '@iot/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/api/client';

export const register = (body: RegistrationRequest) =>
  api.post<User>('/rest-auth/registration/', body, { anonymous: true });

/** Creates an unconfirmed account; the server mails the confirmation link in the current language. */
export const useRegister = () => useMutation({ mutationFn: register, meta: { errorSnackbar: false } });
