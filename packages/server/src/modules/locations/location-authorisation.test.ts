import type { BusinessRole } from '@iot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

const PASSWORD = 'a good password';

/**
 * Who asks for a device's location history, by where their entry is relative to the device's level (Site A in Tenant
 * → Site A → Room A1, Site B; Other): own level, an ancestor, a descendant, a sibling, another tenant; provider
 * staff; nobody. Whoever sees the device reads it, whatever their role and plan; anyone else gets the 404 of a device
 * that does not exist.
 */
type Principal =
  | 'staff'
  | 'ancestorAdmin'
  | 'ownAdmin'
  | 'ownUser'
  | 'ownViewer'
  | 'descendantAdmin'
  | 'siblingAdmin'
  | 'otherTenantAdmin'
  | 'nobody';

const EXPECTED: Record<Principal, 'ok' | 404> = {
  staff: 'ok',
  ancestorAdmin: 'ok',
  ownAdmin: 'ok',
  ownUser: 'ok',
  ownViewer: 'ok',
  descendantAdmin: 404,
  siblingAdmin: 404,
  otherTenantAdmin: 404,
  nobody: 404,
};

const HOME: Partial<Record<Principal, string>> = {
  ancestorAdmin: 'Tenant',
  ownAdmin: 'Site A',
  ownUser: 'Site A',
  ownViewer: 'Site A',
  descendantAdmin: 'Room A1',
  siblingAdmin: 'Site B',
  otherTenantAdmin: 'Other',
};

describe.each(databaseKinds())('location history authorisation matrix on %s', (kind) => {
  let t: TestApp;
  const tokens = {} as Record<Principal, string>;
  let device: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    tokens.staff = await t.signIn('staff@example.com', PASSWORD);
    const nodes = await t.createTree(tokens.staff, [
      ['Tenant'],
      ['Site A', 'Tenant'],
      ['Room A1', 'Site A'],
      ['Site B', 'Tenant'],
      ['Other'],
    ]);
    const roles: [Principal, BusinessRole][] = [
      ['ancestorAdmin', 'admin'],
      ['ownAdmin', 'admin'],
      ['ownUser', 'user'],
      ['ownViewer', 'viewer'],
      ['descendantAdmin', 'admin'],
      ['siblingAdmin', 'admin'],
      ['otherTenantAdmin', 'admin'],
    ];
    for (const [principal, role] of roles)
      tokens[principal] = await t.userWith(principal.toLowerCase(), PASSWORD, nodes[HOME[principal] ?? ''] ?? '', role);
    await t.createUser('nobody@example.com', PASSWORD);
    tokens.nobody = await t.signIn('nobody@example.com', PASSWORD);
    device = (
      await t.request({
        method: 'POST',
        url: '/api/devices',
        payload: { businessId: nodes['Site A'], deviceType: 'th-sensor-sigfox', sigfoxID: 'DD0001' },
        token: tokens.staff,
      })
    ).json().uuid;
    const now = Date.now();
    await t.db
      .insertInto('deviceLocationStates')
      .values({
        deviceId: device,
        enteredAt: now - 60_000,
        leftAt: null,
        state: 'atUnknownLocation',
        placeId: null,
        placeName: null,
        lat: 41.15,
        lon: -8.61,
      })
      .execute();
  });
  afterAll(async () => t?.close());

  const url = (uuid: string) =>
    `/api/devices/${uuid}/location-states?from=${new Date(Date.now() - 3_600_000).toISOString()}` +
    `&to=${new Date(Date.now() + 60_000).toISOString()}`;

  it('answers every principal as the table says, and out of reach as for no device at all', async () => {
    const unexpected: string[] = [];
    for (const [principal, expected] of Object.entries(EXPECTED) as [Principal, 'ok' | 404][]) {
      const answer = await t.request({ method: 'GET', url: url(device), token: tokens[principal] });
      if (expected === 'ok') {
        if (answer.statusCode !== 200 || answer.json().items.length !== 1)
          unexpected.push(`${principal}: ${answer.statusCode} ${answer.body}`);
        continue;
      }
      const missing = await t.request({ method: 'GET', url: url('no-such-device'), token: tokens[principal] });
      if (answer.statusCode !== 404) unexpected.push(`${principal}: ${answer.statusCode}, expected 404`);
      if (answer.body !== missing.body) unexpected.push(`${principal}: answered otherwise than for no device`);
    }
    expect(unexpected).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    expect((await t.request({ method: 'GET', url: url(device) })).statusCode).toBe(401);
  });
});
