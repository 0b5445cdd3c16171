import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME, type Principal, startAuthorisationWorld } from '../../testing/authorisation-world.js';
import type { TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

/**
 * `read`: the contract and its log; `governed`: the contract of a type governing Room A1; `level`: Site A's contracts;
 * `create`, `edit` (its name), `limit` (its credit limit for the period), `delete`.
 */
type Call = 'read' | 'governed' | 'level' | 'create' | 'edit' | 'limit' | 'delete';
type Expected = 'ok' | 403 | 404;

const EXPECTED: Record<Principal, Record<Call, Expected> & { listed: boolean }> = {
  staff: { listed: true, read: 'ok', governed: 'ok', level: 'ok', create: 'ok', edit: 'ok', limit: 'ok', delete: 'ok' },
  ancestorAdmin: {
    listed: true,
    read: 'ok',
    governed: 'ok',
    level: 'ok',
    create: 403,
    edit: 403,
    limit: 'ok',
    delete: 403,
  },
  ownAdmin: { listed: true, read: 'ok', governed: 'ok', level: 'ok', create: 403, edit: 403, limit: 403, delete: 403 },
  ownUser: { listed: true, read: 'ok', governed: 'ok', level: 'ok', create: 403, edit: 403, limit: 403, delete: 403 },
  ownViewer: { listed: true, read: 'ok', governed: 'ok', level: 'ok', create: 403, edit: 403, limit: 403, delete: 403 },
  descendantAdmin: {
    listed: false,
    read: 'ok',
    governed: 'ok',
    level: 404,
    create: 403,
    edit: 403,
    limit: 403,
    delete: 403,
  },
  siblingAdmin: {
    listed: false,
    read: 404,
    governed: 404,
    level: 404,
    create: 403,
    edit: 404,
    limit: 404,
    delete: 404,
  },
  otherTenantAdmin: {
    listed: false,
    read: 404,
    governed: 404,
    level: 404,
    create: 403,
    edit: 404,
    limit: 404,
    delete: 404,
  },
  nobody: { listed: false, read: 404, governed: 404, level: 404, create: 403, edit: 404, limit: 404, delete: 404 },
};

describe.each(databaseKinds())('contract authorisation matrix on %s', (kind) => {
  let t: TestApp;
  let tokens: Record<Principal, string>;
  let nodes: Record<string, string>;
  let source: string;

  beforeAll(async () => {
    ({ t, tokens, nodes } = await startAuthorisationWorld(kind));
    const created = await asStaff({
      method: 'POST',
      url: '/api/contracts',
      payload: { businessId: nodes.Tenant, name: 'Tenant pool', credits: { total: 1000 } },
    });
    source = created.json().contractId;
  });
  afterAll(async () => t?.close());

  const snapshot = async () =>
    JSON.stringify([
      await t.db.selectFrom('contracts').selectAll().orderBy('id').execute(),
      await t.db.selectFrom('contractLogs').selectAll().orderBy('id').execute(),
      await t.db.selectFrom('businessLogs').selectAll().orderBy('id').execute(),
    ]);

  function asStaff(options: Parameters<TestApp['request']>[0]) {
    return t.request({ ...options, token: tokens.staff });
  }

  it('answers every principal × contract call as the table says, and a refused call changes nothing', async () => {
    const unexpected: string[] = [];
    for (const [principal, expected] of Object.entries(EXPECTED) as [Principal, (typeof EXPECTED)[Principal]][]) {
      const contract = (
        await asStaff({
          method: 'POST',
          url: '/api/contracts',
          payload: {
            businessId: nodes['Site A'],
            name: `Contract of ${principal}`,
            type: 'SHARED',
            credits: { total: 10, perPeriod: 5, periodType: 'daily', userChangeable: true, fromContractId: source },
          },
        })
      ).json();
      const id = contract.contractId as string;
      const version = async () => (await asStaff({ method: 'GET', url: `/api/contracts/${id}` })).json().version;
      const calls: [Call, string, () => Promise<Parameters<TestApp['request']>[0]>][] = [
        ['read', 'get', async () => ({ method: 'GET', url: `/api/contracts/${id}` })],
        ['read', 'logs', async () => ({ method: 'GET', url: `/api/contracts/${id}/logs` })],
        [
          'governed',
          'by type',
          async () => ({ method: 'GET', url: `/api/contracts/by-type/SHARED?businessId=${nodes['Room A1']}` }),
        ],
        [
          'level',
          'level contracts',
          async () => ({ method: 'GET', url: `/api/customer-business/${nodes['Site A']}/contracts` }),
        ],
        [
          'create',
          'create',
          async () => ({
            method: 'POST',
            url: '/api/contracts',
            payload: { businessId: nodes['Site A'], name: 'New' },
          }),
        ],
        [
          'edit',
          'edit',
          async () => ({
            method: 'PATCH',
            url: `/api/contracts/${id}`,
            payload: { version: await version(), name: `${principal} edit` },
          }),
        ],
        [
          'limit',
          'change limit',
          async () => ({
            method: 'PATCH',
            url: `/api/contracts/${id}`,
            payload: { version: await version(), credits: { limitForPeriod: 3 } },
          }),
        ],
        [
          'delete',
          'delete',
          async () => ({ method: 'DELETE', url: `/api/contracts/${id}?version=${await version()}` }),
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
        if (!allowed && (await snapshot()) !== before) unexpected.push(`${principal} ${name}: refused but changed`);
        if (name === 'get' && allowed && answer.json().contractId !== id)
          unexpected.push(`${principal} get: another contract`);
        if (name === 'level contracts' && allowed && !answer.body.includes(id))
          unexpected.push(`${principal} level contracts: the contract is missing`);
        if (name === 'get') {
          const list = await t.request({
            method: 'GET',
            url: `/api/contracts?search=${encodeURIComponent(`Contract of ${principal}`)}`,
            token: tokens[principal],
          });
          const listed = list.statusCode === 200 && list.body.includes(id);
          if (list.statusCode !== 200 || listed !== expected.listed)
            unexpected.push(`${principal} list: ${list.statusCode}, listed ${listed}, expected ${expected.listed}`);
        }
      }
    }
    expect(unexpected).toEqual([]);
  });

  it('gives nothing of a contract out of reach, as if it did not exist', async () => {
    const unexpected: string[] = [];
    const contract = (
      await asStaff({
        method: 'POST',
        url: '/api/contracts',
        payload: { businessId: nodes['Site A'], name: 'Hidden contract', credits: { userChangeable: true } },
      })
    ).json();
    for (const principal of ['siblingAdmin', 'otherTenantAdmin', 'nobody'] as const) {
      const calls: [string, (id: string) => Parameters<TestApp['request']>[0]][] = [
        ['get', (id) => ({ method: 'GET', url: `/api/contracts/${id}` })],
        ['logs', (id) => ({ method: 'GET', url: `/api/contracts/${id}/logs` })],
        [
          'edit',
          (id) => ({
            method: 'PATCH',
            url: `/api/contracts/${id}`,
            payload: { version: 1, credits: { limitForPeriod: 1 } },
          }),
        ],
        ['delete', (id) => ({ method: 'DELETE', url: `/api/contracts/${id}?version=1` })],
      ];
      const before = await snapshot();
      for (const [name, options] of calls) {
        const answer = await t.request({ ...options(contract.contractId), token: tokens[principal] });
        const missing = await t.request({ ...options('no-such-contract'), token: tokens[principal] });
        if (answer.statusCode !== 404) unexpected.push(`${principal} ${name}: ${answer.statusCode}, expected 404`);
        if (answer.body !== missing.body) unexpected.push(`${principal} ${name}: answered otherwise than for none`);
      }
      if ((await snapshot()) !== before) unexpected.push(`${principal}: refused but changed`);
      const list = await t.request({ method: 'GET', url: '/api/contracts?search=hidden', token: tokens[principal] });
      if (list.statusCode !== 200 || list.body.includes('Hidden'))
        unexpected.push(`${principal} list: ${list.statusCode} ${list.body}`);
      const home = HOME[principal];
      if (home) {
        const level = await t.request({
          method: 'GET',
          url: `/api/customer-business/${nodes[home]}/contracts`,
          token: tokens[principal],
        });
        if (level.statusCode !== 200 || level.body.includes('Hidden'))
          unexpected.push(`${principal} own level's contracts: ${level.statusCode} ${level.body}`);
      }
    }
    expect(unexpected).toEqual([]);
  });
});
