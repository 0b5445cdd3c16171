import type { User } from '@iot/shared';

export const fullName = (user: User) => `${user.profile.firstName} ${user.profile.lastName}`.trim();

/** Up to two capital letters of the user's name, else of the e-mail. */
export function initials(user: User): string {
  const name = fullName(user) || user.email;
  return name
    .split(/[\s@._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}
