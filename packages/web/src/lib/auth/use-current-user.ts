import { getSessionEmail } from '@/api/session';
import { useUser } from './get-user';

/** The signed-in user of this browser's session (`data` undefined while it loads or when signed out). */
export function useCurrentUser() {
  const email = getSessionEmail();
  return { email, ...useUser(email) };
}
