import { z } from './validation.js';

/**
 * Every role of SPEC section 6 with its rank; a higher rank includes the lower ones. `product` is the provider's
 * staff ({product} in the specification).
 */
export const ROLE_RANKS = {
  product: 10,
  superAdmin: 8,
  admin: 7,
  user: 6,
  viewer: 5,
  'per-business': 2,
  anonymous: 1,
  none: 0,
} as const;

export type Role = keyof typeof ROLE_RANKS;
export const ROLES = Object.keys(ROLE_RANKS) as Role[];
export const Role = z.enum(ROLES as [Role, ...Role[]]);

/** The roles a user may hold in a business entry (provider staff is a user-level role, never an entry). */
export const BUSINESS_ROLES = ['superAdmin', 'admin', 'user', 'viewer', 'none'] as const satisfies readonly Role[];
export const BusinessRole = z.enum(BUSINESS_ROLES);
export type BusinessRole = z.infer<typeof BusinessRole>;

export function roleRank(role: Role): number {
  return ROLE_RANKS[role];
}

/** A check passes when the effective role's rank is at least the required role's rank. */
export function hasRank(effective: Role, required: Role): boolean {
  return roleRank(effective) >= roleRank(required);
}

/** The lowest-ranked role of a list; `none` for an empty list. */
export function lowestRole(roles: readonly Role[]): Role {
  let lowest: Role | undefined;
  for (const role of roles) if (lowest === undefined || roleRank(role) < roleRank(lowest)) lowest = role;
  return lowest ?? 'none';
}

/**
 * SPEC section 6: `product` if the user is provider staff; otherwise the free-view role, overridden by the user's
 * role in the business entry (the nearest entry on the node's path). Neither: `none`.
 */
export function effectiveRole({
  userRole,
  freeViewRole,
  businessEntryRole,
}: {
  userRole: Role;
  freeViewRole?: Role | undefined;
  businessEntryRole?: Role | undefined;
}): Role {
  if (userRole === 'product') return 'product';
  return businessEntryRole ?? freeViewRole ?? 'none';
}
