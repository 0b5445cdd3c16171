import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME, type Principal, startAuthorisationWorld } from '../../testing/authorisation-world.js';
import type { TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

type Level = 'read' | 'manage';

/**
 * Licenses are provider staff's to keep; a customer reads those of the levels they reach and of those levels'
 * ancestors (their devices may name them): a descendant's admin reads Site A's license, a sibling's does not.
 */
const EXPECTED: Record<Principal, Record<Level, 'ok' | 403 | 404>> = {
  staff: { read: 'ok', manage: 'ok' },
  ancestorAdmin: { read: 'ok', manage: 403 },
  ownAdmin: { read: 'ok', manage: 403 },
  ownUser: { read: 'ok', manage: 403 },
  ownViewer: { read: 'ok', manage: 403 },
  descendantAdmin: { read: 'ok', manage: 403 },
  siblingAdmin: { read: 404, manage: 404 },
  otherTenantAdmin: { read: 404, manage: 404 },
  nobody: { read: 404, manage: 404 },
};

/** Those who reach Site A's devices. */
const REACHING_SITE_A: Principal[] = ['staff', 'ancestorAdmin', 'ownAdmin', 'ownUser', 'ownViewer'];

describe.each(databaseKinds())('usage license authorisation matrix on %s', (kind) => {
  let t: TestApp;
  let tokens: Record<Principal, string>;
  let nodes: Record<string, string>;

  beforeAll(async () => {
    ({ t, tokens, nodes } = await startAuthorisationWorld(kind));
  });
  afterAll(async () => t?.close());

  const snapshot = async () =>
    JSON.stringify([
      await t.db.selectFrom('usageLicenses').selectAll().orderBy('id').execute(),
      await t.db.selectFrom('devices').select(['id', 'usageLicenseId', 'version']).orderBy('id').execute(),
      await t.db.selectFrom('businessLogs').select('id').orderBy('id').execute(),
    ]);

  const asStaff = (options: Parameters<TestApp['request']>[0]) => t.request({ ...options, token: tokens.staff });

  it('answers every principal × usage license call as the table says, and a refused call changes nothing', async () => {
    const unexpected: string[] = [];
    let serial = 0;
    for (const [principal, expected] of Object.entries(EXPECTED) as [Principal, Record<Level, 'ok' | 403 | 404>][]) {
      const license = (
        await asStaff({
          method: 'POST',
          url: '/api/usage-licenses',
          payload: { businessId: nodes['Site A'], licenseId: `License of ${principal}`, type: 'annual' },
        })
      ).json();
      const spare = (
        await asStaff({
          method: 'POST',
          url: '/api/usage-licenses',
          payload: { businessId: nodes['Site A'], licenseId: `Spare of ${principal}`, type: 'annual' },
        })
      ).json();
      serial += 1;
      const device = (
        await asStaff({
          method: 'POST',
          url: '/api/devices',
          payload: {
            businessId: nodes['Site A'],
            deviceType: 'th-sensor-sigfox',
            sigfoxID: `DD${String(serial).padStart(4, '0')}`,
            usageLicenseId: license._id,
          },
        })
      ).json().uuid as string;
      const versionOf = async (id: string) =>
        (await asStaff({ method: 'GET', url: `/api/usage-licenses/${id}` })).json().version as number;
      const calls: [Level, string, () => Promise<Parameters<TestApp['request']>[0]>][] = [
        ['read', 'list', async () => ({ method: 'GET', url: `/api/usage-licenses?search=${principal}` })],
        ['read', 'get', async () => ({ method: 'GET', url: `/api/usage-licenses/${license._id}` })],
        ['read', 'devices', async () => ({ method: 'GET', url: `/api/usage-licenses/${license._id}/devices` })],
        [
          'manage',
          'create',
          async () => ({
            method: 'POST',
            url: '/api/usage-licenses',
            payload: { businessId: nodes['Site A'], licenseId: `New of ${principal}`, type: 'annual' },
          }),
        ],
        [
          'manage',
          'edit',
          async () => ({
            method: 'PATCH',
            url: `/api/usage-licenses/${license._id}`,
            payload: { version: await versionOf(license._id), comments: `${principal} edit` },
          }),
        ],
        [
          'manage',
          'delete',
          async () => ({
            method: 'DELETE',
            url: `/api/usage-licenses/${spare._id}?version=${await versionOf(spare._id)}`,
          }),
        ],
      ];
      for (const [level, name, options] of calls) {
        const before = await snapshot();
        const answer = await t.request({ ...(await options()), token: tokens[principal] });
        const status = answer.statusCode;
        const want = expected[level];
        const allowed = status >= 200 && status < 300;
        if (name === 'list') {
          // A listing names no level: it answers what the caller sees, the license or not.
          const shown = answer.json().items?.some((item: { _id: string }) => item._id === license._id);
          if (status !== 200 || shown !== (want === 'ok'))
            unexpected.push(`${principal} list: ${status}, shown ${shown}, expected ${want}`);
          continue;
        }
        if (want === 'ok' ? !allowed : status !== want)
          unexpected.push(`${principal} ${name}: ${status}, expected ${want}`);
        if (name === 'devices' && allowed) {
          const listed = answer.json().items.some((item: { uuid: string }) => item.uuid === device);
          if (listed !== REACHING_SITE_A.includes(principal))
            unexpected.push(`${principal} devices: the device is ${listed ? 'shown' : 'missing'}`);
        }
        if (!allowed && (await snapshot()) !== before) unexpected.push(`${principal} ${name}: refused but changed`);
      }
    }
    expect(unexpected).toEqual([]);
  });

  it('gives nothing of a license through a level that cannot see it, as if it did not exist', async () => {
    const unexpected: string[] = [];
    const hidden = (
      await asStaff({
        method: 'POST',
        url: '/api/usage-licenses',
        payload: { businessId: nodes['Site A'], licenseId: 'Hidden', corporateName: 'Hidden Lda', type: 'annual' },
      })
    ).json();
    for (const principal of ['siblingAdmin', 'otherTenantAdmin', 'nobody'] as const) {
      const calls: [string, (id: string) => Parameters<TestApp['request']>[0]][] = [
        ['get', (id) => ({ method: 'GET', url: `/api/usage-licenses/${id}` })],
        ['devices', (id) => ({ method: 'GET', url: `/api/usage-licenses/${id}/devices` })],
        [
          'edit',
          (id) => ({ method: 'PATCH', url: `/api/usage-licenses/${id}`, payload: { version: 1, comments: 'x' } }),
        ],
        ['delete', (id) => ({ method: 'DELETE', url: `/api/usage-licenses/${id}?version=1` })],
      ];
      const before = await snapshot();
      for (const [name, options] of calls) {
        const answer = await t.request({ ...options(hidden._id), token: tokens[principal] });
        const missing = await t.request({ ...options('no-such-license'), token: tokens[principal] });
        if (answer.statusCode !== 404) unexpected.push(`${principal} ${name}: ${answer.statusCode}, expected 404`);
        if (answer.body !== missing.body) unexpected.push(`${principal} ${name}: answered otherwise than for none`);
      }
      const listed = await t.request({
        method: 'GET',
        url: '/api/usage-licenses?search=hidden',
        token: tokens[principal],
      });
      if (listed.statusCode !== 200 || listed.body.includes('Hidden'))
        unexpected.push(`${principal} list: ${listed.statusCode} ${listed.body}`);
      if ((await snapshot()) !== before) unexpected.push(`${principal}: refused but changed`);
    }
    // A device of a level may name a license of its level or above (the descendant's), of no other level.
    for (const [principal, want] of [
      ['descendantAdmin', 201],
      ['siblingAdmin', 422],
      ['otherTenantAdmin', 422],
    ] as const) {
      const answer = await t.request({
        method: 'POST',
        url: '/api/devices',
        token: tokens[principal],
        payload: {
          businessId: nodes[HOME[principal] ?? ''],
          deviceType: 'th-sensor-sigfox',
          sigfoxID: `DE${String(want).padStart(3, '0')}${principal.length}`,
          usageLicenseId: hidden._id,
        },
      });
      if (answer.statusCode !== want || (want === 422 && answer.json().code !== 'device.usage_license_not_found'))
        unexpected.push(`${principal} device naming Site A's license: ${answer.body}`);
    }
    expect(unexpected).toEqual([]);
  });
});
