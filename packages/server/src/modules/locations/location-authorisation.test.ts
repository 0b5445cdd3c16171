import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Principal, startAuthorisationWorld } from '../../testing/authorisation-world.js';
import type { TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

/**
 * Whoever sees the device reads its location history, whatever their role and plan; anyone else gets the 404 of a
 * device that does not exist.
 */
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

describe.each(databaseKinds())('location history authorisation matrix on %s', (kind) => {
  let t: TestApp;
  let tokens: Record<Principal, string>;
  let device: string;

  beforeAll(async () => {
    const world = await startAuthorisationWorld(kind);
    ({ t, tokens } = world);
    const { nodes } = world;
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
