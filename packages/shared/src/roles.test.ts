import { describe, expect, it } from 'vitest';
import { effectiveRole, hasRank, lowestRole, ROLE_RANKS, roleRank } from './roles.js';

describe('roles', () => {
  it('ranks the roles as SPEC section 6', () => {
    expect(ROLE_RANKS).toEqual({
      product: 10,
      superAdmin: 8,
      admin: 7,
      user: 6,
      viewer: 5,
      'per-business': 2,
      anonymous: 1,
      none: 0,
    });
    expect(roleRank('admin')).toBe(7);
  });

  it('passes a check when the effective rank is at least the required one', () => {
    expect(hasRank('admin', 'admin')).toBe(true);
    expect(hasRank('superAdmin', 'admin')).toBe(true);
    expect(hasRank('product', 'superAdmin')).toBe(true);
    expect(hasRank('user', 'admin')).toBe(false);
    expect(hasRank('viewer', 'user')).toBe(false);
    expect(hasRank('none', 'anonymous')).toBe(false);
    expect(hasRank('none', 'none')).toBe(true);
  });

  it('finds the lowest-ranked role of a list', () => {
    expect(lowestRole(['admin', 'viewer', 'superAdmin'])).toBe('viewer');
    expect(lowestRole(['product'])).toBe('product');
    expect(lowestRole(['anonymous', 'per-business'])).toBe('anonymous');
    expect(lowestRole([])).toBe('none');
  });

  it('makes provider staff product; otherwise the entry overrides the free-view role', () => {
    expect(effectiveRole({ userRole: 'product', businessEntryRole: 'viewer' })).toBe('product');
    expect(effectiveRole({ userRole: 'user', freeViewRole: 'viewer', businessEntryRole: 'admin' })).toBe('admin');
    expect(effectiveRole({ userRole: 'user', freeViewRole: 'admin', businessEntryRole: 'none' })).toBe('none');
    expect(effectiveRole({ userRole: 'user', freeViewRole: 'anonymous' })).toBe('anonymous');
    expect(effectiveRole({ userRole: 'user' })).toBe('none');
  });
});
