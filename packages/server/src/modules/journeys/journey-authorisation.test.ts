import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME, type Principal, startAuthorisationWorld } from '../../testing/authorisation-world.js';
import type { TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

type Level = 'read' | 'act';

const EXPECTED: Record<Principal, Record<Level, 'ok' | 403 | 404>> = {
  staff: { read: 'ok', act: 'ok' },
  ancestorAdmin: { read: 'ok', act: 'ok' },
  ownAdmin: { read: 'ok', act: 'ok' },
  ownUser: { read: 'ok', act: 'ok' },
  ownViewer: { read: 'ok', act: 403 },
  descendantAdmin: { read: 404, act: 404 },
  siblingAdmin: { read: 404, act: 404 },
  otherTenantAdmin: { read: 404, act: 404 },
  nobody: { read: 404, act: 404 },
};

describe.each(databaseKinds())('journey authorisation matrix on %s', (kind) => {
  let t: TestApp;
  let tokens: Record<Principal, string>;
  let nodes: Record<string, string>;
  let imei = 0;

  beforeAll(async () => {
    ({ t, tokens, nodes } = await startAuthorisationWorld(kind, {
      plan: { name: 'Journeys', features: { journeyUnlocked: true } },
    }));
  });
  afterAll(async () => t?.close());

  /** A GPS tracker in `place`, its IMEI made valid (Luhn) from a counter. */
  async function tracker(place: string) {
    imei += 1;
    const body = `35693804${String(imei).padStart(6, '0')}`;
    let sum = 0;
    for (const [index, char] of [...body].reverse().entries()) {
      const digit = Number(char) * (index % 2 === 0 ? 2 : 1);
      sum += digit > 9 ? digit - 9 : digit;
    }
    const created = await t.request({
      method: 'POST',
      url: '/api/devices',
      payload: { businessId: nodes[place], deviceType: 'gps-tracker', IMEI: `${body}${(10 - (sum % 10)) % 10}` },
      token: tokens.staff,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().uuid as string;
  }

  async function journeyIn(place: string, description: string) {
    const created = await t.request({
      method: 'POST',
      url: `/api/customer-business/${nodes[place]}/journeys`,
      payload: { description, deviceUUID: await tracker(place) },
      token: tokens.staff,
    });
    expect(created.statusCode, created.body).toBe(201);
    return { id: created.json()._id as string, device: created.json().device.uuid as string };
  }

  const snapshot = async () =>
    JSON.stringify([
      await t.db.selectFrom('journeys').selectAll().orderBy('id').execute(),
      await t.db.selectFrom('journeyHistory').selectAll().orderBy('journeyId').orderBy('seq').execute(),
      await t.db.selectFrom('devices').select(['id', 'journeyId']).orderBy('id').execute(),
    ]);

  it('answers every principal × journey call as the table says, and a refused call changes nothing', async () => {
    const unexpected: string[] = [];
    for (const [principal, expected] of Object.entries(EXPECTED) as [Principal, Record<Level, 'ok' | 403 | 404>][]) {
      const journey = await journeyIn('Site A', `Journey of ${principal}`);
      const cancelling = await journeyIn('Site A', `Cancelled by ${principal}`);
      const siteA = `/api/customer-business/${nodes['Site A']}`;
      const version = async (id: string) =>
        (await t.request({ method: 'GET', url: `/api/journeys/${id}`, token: tokens.staff })).json().version;
      const action = (id: string, name: string) => async () => ({
        method: 'POST' as const,
        url: `/api/journeys/${id}/${name}`,
        payload: { version: await version(id), comment: `${name} by ${principal}` },
      });
      const calls: [Level, string, () => Promise<Parameters<TestApp['request']>[0]>][] = [
        ['read', 'list', async () => ({ method: 'GET', url: `${siteA}/journeys` })],
        ['read', 'get', async () => ({ method: 'GET', url: `/api/journeys/${journey.id}` })],
        ['read', 'device list', async () => ({ method: 'GET', url: `/api/devices/${journey.device}/journeys` })],
        ['read', 'export', async () => ({ method: 'GET', url: `/api/journeys/${journey.id}/export-csv` })],
        [
          'act',
          'create',
          async () => ({
            method: 'POST',
            url: `${siteA}/journeys`,
            payload: { description: 'New journey', deviceUUID: await tracker('Site A') },
          }),
        ],
        ['act', 'pause', action(journey.id, 'pause')],
        ['act', 'restart', action(journey.id, 'restart')],
        ['act', 'comment', action(journey.id, 'comment')],
        ['act', 'finalize', action(journey.id, 'finalize')],
        ['act', 'cancel', action(cancelling.id, 'cancel')],
      ];
      for (const [level, name, options] of calls) {
        const request = await options();
        const before = await snapshot();
        const answer = await t.request({ ...request, token: tokens[principal] });
        const status = answer.statusCode;
        const want = expected[level];
        const allowed = status >= 200 && status < 300;
        if (want === 'ok' ? !allowed : status !== want)
          unexpected.push(`${principal} ${name}: ${status}, expected ${want} ${answer.body}`);
        if (name === 'list' && allowed && !answer.json().items.some((item: { _id: string }) => item._id === journey.id))
          unexpected.push(`${principal} list: the journey is missing`);
        if (!allowed && (await snapshot()) !== before) unexpected.push(`${principal} ${name}: refused but changed`);
      }
    }
    expect(unexpected).toEqual([]);
  });

  it("gives nothing of a journey through a level of the caller that does not hold it, and takes no device of another's", async () => {
    const unexpected: string[] = [];
    const journey = await journeyIn('Site A', 'Hidden journey');
    for (const principal of ['descendantAdmin', 'siblingAdmin', 'otherTenantAdmin'] as const) {
      const home = `/api/customer-business/${nodes[HOME[principal] ?? '']}`;
      const listed = await t.request({ method: 'GET', url: `${home}/journeys`, token: tokens[principal] });
      if (listed.statusCode !== 200 || listed.body.includes('Hidden journey'))
        unexpected.push(`${principal} list: ${listed.statusCode} ${listed.body}`);
      const before = await snapshot();
      const taking = await t.request({
        method: 'POST',
        url: `${home}/journeys`,
        payload: { description: 'Taken over', deviceUUID: journey.device },
        token: tokens[principal],
      });
      if (taking.json().code !== 'journey.device_not_found')
        unexpected.push(`${principal} create with a device of Site A: ${taking.body}`);
      if ((await snapshot()) !== before) unexpected.push(`${principal}: refused but changed`);
    }
    expect(unexpected).toEqual([]);
  });
});
