import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

const URL = '/api/sigfox-contracts/contract-dots';

describe.each(databaseKinds())('Sigfox token records on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let customer: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.createUser('staff@example.com', 'staff password', { role: 'product' });
    await t.createUser('ana@example.com', 'ana password');
    staff = await t.signIn('staff@example.com', 'staff password');
    customer = await t.signIn('ana@example.com', 'ana password');
  });
  afterAll(async () => t?.close());

  const list = (token?: string, lang = 'en') => t.request({ method: 'GET', url: `${URL}?lang=${lang}`, token });

  /** A bought contract of a token type on a new top level, with `devices` Sigfox devices on that level. */
  async function tokenContract(type: string, tokens: { total: number; spent: number }, devices: number) {
    const { Holder: businessId = '' } = await t.createTree(staff, [['Holder']]);
    const now = Date.now();
    await t.db
      .insertInto('contracts')
      .values({
        id: randomUUID(),
        businessId,
        name: type,
        features: '{}',
        createdAt: now,
        updatedAt: now,
        purchasedAt: now,
        expiresAt: null,
        inheritableLevels: null,
        stateAt: now,
        periodStart: null,
        periodEnd: null,
        fromContractId: null,
        tokenType: type,
        tokenPeriodStart: now,
        tokensTotal: tokens.total,
        tokensSpent: tokens.spent,
      })
      .execute();
    for (let i = 0; i < devices; i += 1) {
      const response = await t.request({
        method: 'POST',
        url: '/api/devices',
        token: staff,
        payload: { businessId, deviceType: 'th-sensor-sigfox', sigfoxID: randomUUID().slice(0, 8).toUpperCase() },
      });
      expect(response.statusCode).toBe(201);
    }
  }

  it('should require authentication', async () => {
    const response = await list();
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('auth.required');
  });

  it('is for provider staff only', async () => {
    const response = await list(customer, 'pt');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'forbidden', message: 'Acesso negado.' });
  });

  it('computes the records by token type from contracts and the Sigfox devices in their reach', async () => {
    expect((await list(staff)).json()).toEqual([]);
    await tokenContract('LIST-A', { total: 10, spent: 4 }, 3);
    await tokenContract('LIST-A', { total: 10, spent: 1 }, 6);
    await tokenContract('LIST-B', { total: 0, spent: 0 }, 1);
    const response = await list(staff);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { type: 'LIST-A', maxTokens: 20, tokensInUse: 9, tokensUsed: 5, tokenRatio: 0.45 },
      { type: 'LIST-B', maxTokens: 0, tokensInUse: 1, tokensUsed: 0, tokenRatio: 0 },
    ]);
  });

  it('keeps no record to edit: the PUT call is gone', async () => {
    const response = await t.request({
      method: 'PUT',
      url: `${URL}/LIST-A`,
      token: staff,
      payload: { maxTokens: 1, tokensInUse: 1, tokensUsed: 1 },
    });
    expect(response.statusCode).toBe(404);
    const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(document.paths[URL].get).toBeDefined();
    expect(document.paths[`${URL}/{type}`]).toBeUndefined();
  });
});
