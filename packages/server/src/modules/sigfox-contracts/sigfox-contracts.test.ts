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
  const put = (type: string, payload: object, token: string | null = staff) =>
    t.request({ method: 'PUT', url: `${URL}/${type}`, payload, token: token ?? undefined });
  const recordOf = async (type: string) =>
    ((await list(staff)).json() as { type: string }[]).find((record) => record.type === type);

  describe('GET contract-dots', () => {
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

    it('lists the records by type with the share of tokens in use', async () => {
      await put('LIST-B', { maxTokens: 2000, tokensInUse: 640, tokensUsed: 1895 });
      await put('LIST-A', { maxTokens: 5000, tokensInUse: 4600, tokensUsed: 11230 });
      await put('LIST-C', { maxTokens: 0, tokensInUse: 3, tokensUsed: 3 });
      const response = await list(staff);
      expect(response.statusCode).toBe(200);
      const records = (response.json() as { type: string }[]).filter((record) => record.type.startsWith('LIST-'));
      expect(records).toEqual([
        { type: 'LIST-A', maxTokens: 5000, tokensInUse: 4600, tokensUsed: 11230, tokenRatio: 0.92, version: 1 },
        { type: 'LIST-B', maxTokens: 2000, tokensInUse: 640, tokensUsed: 1895, tokenRatio: 0.32, version: 1 },
        { type: 'LIST-C', maxTokens: 0, tokensInUse: 3, tokensUsed: 3, tokenRatio: 0, version: 1 },
      ]);
    });
  });

  describe('PUT contract-dots/{type}', () => {
    it('should require authentication', async () => {
      const response = await put('AUTH', { maxTokens: 10, tokensInUse: 1, tokensUsed: 1 }, null);
      expect(response.statusCode).toBe(401);
      expect(await recordOf('AUTH')).toBeUndefined();
    });

    it('is for provider staff only, and changes nothing', async () => {
      const response = await put('STAFF-ONLY', { maxTokens: 10, tokensInUse: 1, tokensUsed: 1 }, customer);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('forbidden');
      expect(await recordOf('STAFF-ONLY')).toBeUndefined();
    });

    it('creates a record, then updates it over the version read', async () => {
      const created = await put('SILVER', { maxTokens: 1000, tokensInUse: 950, tokensUsed: 2000 });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toEqual({
        type: 'SILVER',
        maxTokens: 1000,
        tokensInUse: 950,
        tokensUsed: 2000,
        tokenRatio: 0.95,
        version: 1,
      });
      const updated = await put('SILVER', { maxTokens: 2000, tokensInUse: 950, tokensUsed: 2100, version: 1 });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({ maxTokens: 2000, tokenRatio: 0.475, version: 2 });
      expect(await recordOf('SILVER')).toMatchObject({ maxTokens: 2000, tokensUsed: 2100, version: 2 });
    });

    it('answers 409 on a stale or missing version, and keeps what was saved', async () => {
      await put('BRONZE', { maxTokens: 100, tokensInUse: 10, tokensUsed: 10 });
      expect((await put('BRONZE', { maxTokens: 200, tokensInUse: 10, tokensUsed: 10, version: 1 })).statusCode).toBe(
        200,
      );
      const stale = await put('BRONZE', { maxTokens: 300, tokensInUse: 10, tokensUsed: 10, version: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('conflict');
      expect(stale.json().message).toMatch(/^Conflict detected - Saving failed/);
      const missing = await put('BRONZE', { maxTokens: 400, tokensInUse: 10, tokensUsed: 10 });
      expect(missing.statusCode).toBe(409);
      expect(await recordOf('BRONZE')).toMatchObject({ maxTokens: 200, version: 2 });
    });

    it('answers 409 for a version of a record that does not exist, and creates nothing', async () => {
      const response = await put('GHOST', { maxTokens: 10, tokensInUse: 1, tokensUsed: 1, version: 3 });
      expect(response.statusCode).toBe(409);
      expect(await recordOf('GHOST')).toBeUndefined();
    });

    it.each([
      [{ maxTokens: -1, tokensInUse: 0, tokensUsed: 0 }, { maxTokens: 'Invalid value' }],
      [{ maxTokens: 1.5, tokensInUse: 0, tokensUsed: 0 }, { maxTokens: 'Invalid value' }],
      [{ maxTokens: '10', tokensInUse: 0, tokensUsed: 0 }, { maxTokens: 'Invalid value' }],
      [{ maxTokens: 10, tokensUsed: 0 }, { tokensInUse: 'Required' }],
      [{ maxTokens: 10, tokensInUse: 0, tokensUsed: 0, version: 'one' }, { version: 'Invalid value' }],
    ])('refuses %j with the fields at fault, and saves nothing', async (payload, fields) => {
      const response = await put('INVALID', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation.failed', fields });
      expect(await recordOf('INVALID')).toBeUndefined();
    });

    it('refuses a type longer than 64 characters', async () => {
      const response = await put('T'.repeat(65), { maxTokens: 10, tokensInUse: 0, tokensUsed: 0 });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ type: 'Invalid value' });
    });
  });

  it('lists its paths in the OpenAPI document', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(document.paths[URL].get).toBeDefined();
    expect(document.paths[`${URL}/{type}`].put).toBeDefined();
  });
});
