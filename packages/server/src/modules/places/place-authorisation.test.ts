import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME, type Principal, startAuthorisationWorld } from '../../testing/authorisation-world.js';
import type { TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

const AREA = { kind: 'circle', center: { lat: 38.7076, lon: -9.1365 }, radius: 150 };

type Level = 'read' | 'manage';

const EXPECTED: Record<Principal, Record<Level, 'ok' | 403 | 404>> = {
  staff: { read: 'ok', manage: 'ok' },
  ancestorAdmin: { read: 'ok', manage: 'ok' },
  ownAdmin: { read: 'ok', manage: 'ok' },
  ownUser: { read: 'ok', manage: 403 },
  ownViewer: { read: 'ok', manage: 403 },
  descendantAdmin: { read: 404, manage: 404 },
  siblingAdmin: { read: 404, manage: 404 },
  otherTenantAdmin: { read: 404, manage: 404 },
  nobody: { read: 404, manage: 404 },
};

describe.each(databaseKinds())('place authorisation matrix on %s', (kind) => {
  let t: TestApp;
  let tokens: Record<Principal, string>;
  let nodes: Record<string, string>;

  beforeAll(async () => {
    ({ t, tokens, nodes } = await startAuthorisationWorld(kind, {
      plan: { name: 'Places', features: { poiSupport: true } },
    }));
  });
  afterAll(async () => t?.close());

  const snapshot = async () =>
    JSON.stringify([
      await t.db.selectFrom('places').selectAll().orderBy('id').execute(),
      await t.db.selectFrom('placeGroups').selectAll().orderBy('id').execute(),
      await t.db.selectFrom('placeRevision').selectAll().execute(),
      await t.db.selectFrom('devices').select(['id', 'locationState', 'locationPlaceId']).orderBy('id').execute(),
    ]);

  const asStaff = (options: Parameters<TestApp['request']>[0]) => t.request({ ...options, token: tokens.staff });

  it('answers every principal × place call as the table says, and a refused call changes nothing', async () => {
    const unexpected: string[] = [];
    const siteA = `/api/customer-business/${nodes['Site A']}`;
    for (const [principal, expected] of Object.entries(EXPECTED) as [Principal, Record<Level, 'ok' | 403 | 404>][]) {
      const group = (
        await asStaff({ method: 'POST', url: `${siteA}/place-groups`, payload: { name: `Group of ${principal}` } })
      ).json();
      const spareGroup = (
        await asStaff({ method: 'POST', url: `${siteA}/place-groups`, payload: { name: `Spare of ${principal}` } })
      ).json();
      const place = (
        await asStaff({
          method: 'POST',
          url: `${siteA}/places`,
          payload: { name: `Place of ${principal}`, area: AREA, groupId: group._id },
        })
      ).json();
      const device = (
        await asStaff({
          method: 'POST',
          url: '/api/devices',
          payload: {
            businessId: nodes['Site A'],
            deviceType: 'th-sensor-sigfox',
            sigfoxID: `EE${place._id.slice(0, 4)}`,
          },
        })
      ).json().uuid as string;
      await t.db
        .updateTable('devices')
        .set({ locationState: 'atPoi', locationPlaceId: place._id, locationSince: 1 })
        .where('id', '=', device)
        .execute();
      const versionOf = async (path: string) =>
        (
          (await asStaff({ method: 'GET', url: `${siteA}/${path}` })).json().items as {
            _id: string;
            version: number;
          }[]
        ).find((item) => item._id === (path === 'places' ? place._id : group._id))?.version;
      const calls: [Level, string, () => Promise<Parameters<TestApp['request']>[0]>][] = [
        ['read', 'list places', async () => ({ method: 'GET', url: `${siteA}/places` })],
        ['read', 'list groups', async () => ({ method: 'GET', url: `${siteA}/place-groups` })],
        ['read', 'devices at place', async () => ({ method: 'GET', url: `/api/places/${place._id}/devices` })],
        [
          'manage',
          'create place',
          async () => ({ method: 'POST', url: `${siteA}/places`, payload: { name: 'New place', area: AREA } }),
        ],
        [
          'manage',
          'create group',
          async () => ({ method: 'POST', url: `${siteA}/place-groups`, payload: { name: 'New group' } }),
        ],
        [
          'manage',
          'edit place',
          async () => ({
            method: 'PATCH',
            url: `${siteA}/places/${place._id}`,
            payload: { version: await versionOf('places'), name: `${principal} edit` },
          }),
        ],
        [
          'manage',
          'edit group',
          async () => ({
            method: 'PATCH',
            url: `${siteA}/place-groups/${group._id}`,
            payload: { version: await versionOf('place-groups'), forbidden: true },
          }),
        ],
        [
          'manage',
          'delete group',
          async () => ({ method: 'DELETE', url: `${siteA}/place-groups/${spareGroup._id}?version=1` }),
        ],
        [
          'manage',
          'delete place',
          async () => ({ method: 'DELETE', url: `${siteA}/places/${place._id}?version=${await versionOf('places')}` }),
        ],
      ];
      for (const [level, name, options] of calls) {
        const before = await snapshot();
        const answer = await t.request({ ...(await options()), token: tokens[principal] });
        const status = answer.statusCode;
        const want = expected[level];
        const allowed = status >= 200 && status < 300;
        if (want === 'ok' ? !allowed : status !== want)
          unexpected.push(`${principal} ${name}: ${status}, expected ${want}`);
        if (
          name === 'list places' &&
          allowed &&
          !answer.json().items.some((item: { _id: string }) => item._id === place._id)
        )
          unexpected.push(`${principal} list: the place is missing`);
        if (name === 'devices at place' && allowed && answer.json().items[0]?.uuid !== device)
          unexpected.push(`${principal} devices at place: the device is missing`);
        if (!allowed && (await snapshot()) !== before) unexpected.push(`${principal} ${name}: refused but changed`);
      }
    }
    expect(unexpected).toEqual([]);
  });

  it('gives nothing of a place or group through a level of the caller that does not hold it, as if it did not exist', async () => {
    const unexpected: string[] = [];
    const siteA = `/api/customer-business/${nodes['Site A']}`;
    const group = (
      await asStaff({ method: 'POST', url: `${siteA}/place-groups`, payload: { name: 'Hidden group' } })
    ).json();
    const place = (
      await asStaff({ method: 'POST', url: `${siteA}/places`, payload: { name: 'Hidden place', area: AREA } })
    ).json();
    for (const principal of ['descendantAdmin', 'siblingAdmin', 'otherTenantAdmin'] as const) {
      const home = `/api/customer-business/${nodes[HOME[principal] ?? '']}`;
      const calls: [string, (id: string) => Parameters<TestApp['request']>[0]][] = [
        [
          'edit place',
          (id) => ({ method: 'PATCH', url: `${home}/places/${id}`, payload: { version: 1, name: 'Taken' } }),
        ],
        ['delete place', (id) => ({ method: 'DELETE', url: `${home}/places/${id}?version=1` })],
        [
          'edit group',
          (id) => ({ method: 'PATCH', url: `${home}/place-groups/${id}`, payload: { version: 1, name: 'Taken' } }),
        ],
        ['delete group', (id) => ({ method: 'DELETE', url: `${home}/place-groups/${id}?version=1` })],
        ['devices at place', (id) => ({ method: 'GET', url: `/api/places/${id}/devices` })],
      ];
      const before = await snapshot();
      for (const [name, options] of calls) {
        const id = name.endsWith('group') ? group._id : place._id;
        const answer = await t.request({ ...options(id), token: tokens[principal] });
        const missing = await t.request({ ...options('no-such-object'), token: tokens[principal] });
        if (answer.statusCode !== 404) unexpected.push(`${principal} ${name}: ${answer.statusCode}, expected 404`);
        if (answer.body !== missing.body) unexpected.push(`${principal} ${name}: answered otherwise than for none`);
      }
      if ((await snapshot()) !== before) unexpected.push(`${principal}: refused but changed`);
      for (const url of [`${home}/places?search=hidden`, `${home}/place-groups`]) {
        const answer = await t.request({ method: 'GET', url, token: tokens[principal] });
        // A level's groups list those of the levels above it, which its places may be in: the descendant's lists
        // Site A's group (to choose it, not to edit it), no other level's.
        const shown = principal === 'descendantAdmin' && url.endsWith('/place-groups');
        if (answer.statusCode !== 200 || answer.body.includes('Hidden') !== shown)
          unexpected.push(`${principal} ${url}: ${answer.statusCode} ${answer.body}`);
      }
      // A place may be in a group of its level or above (the descendant's), of no other level.
      const grouping = await t.request({
        method: 'POST',
        url: `${home}/places`,
        payload: { name: 'Grouped', area: AREA, groupId: group._id },
        token: tokens[principal],
      });
      const want = principal === 'descendantAdmin' ? 201 : 422;
      if (grouping.statusCode !== want || (want === 422 && grouping.json().code !== 'place.group_not_found'))
        unexpected.push(`${principal} group of Site A for a place of its own level: ${grouping.body}`);
    }
    expect(unexpected).toEqual([]);
  });
});
