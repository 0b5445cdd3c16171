import type { BusinessRole } from '@iot/shared';
import type { DatabaseKind } from '../db/database.js';
import type { ContractFeatures } from '../modules/plans/repo.js';
import { startTestApp, type TestApp } from './test-app.js';

const PASSWORD = 'a good password';

/**
 * Who asks in an authorisation matrix, by where their entry is relative to the level under test (Site A in
 * Tenant → Site A → Room A1, Site B; Other): own level, an ancestor, a descendant, a sibling, another tenant;
 * provider staff; nobody.
 */
export type Principal =
  | 'staff'
  | 'ancestorAdmin'
  | 'ownAdmin'
  | 'ownUser'
  | 'ownViewer'
  | 'descendantAdmin'
  | 'siblingAdmin'
  | 'otherTenantAdmin'
  | 'nobody';

/** Where each principal's entry is: the level they name in the calls that take one of their own. */
export const HOME: Readonly<Partial<Record<Principal, string>>> = {
  ancestorAdmin: 'Tenant',
  ownAdmin: 'Site A',
  ownUser: 'Site A',
  ownViewer: 'Site A',
  descendantAdmin: 'Room A1',
  siblingAdmin: 'Site B',
  otherTenantAdmin: 'Other',
};

const ROLES: readonly [Principal, BusinessRole][] = [
  ['ancestorAdmin', 'admin'],
  ['ownAdmin', 'admin'],
  ['ownUser', 'user'],
  ['ownViewer', 'viewer'],
  ['descendantAdmin', 'admin'],
  ['siblingAdmin', 'admin'],
  ['otherTenantAdmin', 'admin'],
];

export interface AuthorisationWorld {
  t: TestApp;
  /** Each principal signed in. */
  tokens: Record<Principal, string>;
  /** The levels' ids by name. */
  nodes: Record<string, string>;
}

/**
 * The app with the tree and a signed-in user for each principal. `plan` goes to both tenants (Tenant and Other), for
 * the calls a plan must unlock.
 */
export async function startAuthorisationWorld(
  kind: DatabaseKind,
  { plan }: { plan?: { name: string; features: ContractFeatures } } = {},
): Promise<AuthorisationWorld> {
  const t = await startTestApp(kind);
  try {
    const tokens = {} as Record<Principal, string>;
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    tokens.staff = await t.signIn('staff@example.com', PASSWORD);
    const nodes = await t.createTree(tokens.staff, [
      ['Tenant'],
      ['Site A', 'Tenant'],
      ['Room A1', 'Site A'],
      ['Site B', 'Tenant'],
      ['Other'],
    ]);
    if (plan)
      for (const tenant of ['Tenant', 'Other'])
        await t.services.plansRepo.insert({ businessId: nodes[tenant] ?? '', ...plan }, Date.now());
    for (const [principal, role] of ROLES)
      tokens[principal] = await t.userWith(principal.toLowerCase(), PASSWORD, nodes[HOME[principal] ?? ''] ?? '', role);
    await t.createUser('nobody@example.com', PASSWORD);
    tokens.nobody = await t.signIn('nobody@example.com', PASSWORD);
    return { t, tokens, nodes };
  } catch (error) {
    // The caller never gets the app to close when its world fails to build.
    await t.close();
    throw error;
  }
}
