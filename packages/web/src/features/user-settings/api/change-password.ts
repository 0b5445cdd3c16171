import type { PasswordChangeRequest } from '@iot/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/api/client';

export const changePassword = (body: PasswordChangeRequest) =>
  api.post<{ detail: string }>('/rest-auth/password/change/', body);

/** Changes one's password (every other session ends); a refused one (400) is shown beside the fields. */
export const useChangePassword = () => useMutation({ mutationFn: changePassword, meta: { handledStatuses: [400] } });
