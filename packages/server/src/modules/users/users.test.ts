import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

describe.each(databaseKinds())('users on %s', (kind) => {
  let t: TestApp;
  let ana: string;
  let staff: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.createUser('ana@example.com', 'ana password');
    await t.createUser('bruno@example.com', 'bruno password');
    await t.createUser('staff@example.com', 'staff password', { role: 'product' });
    ana = await t.signIn('ana@example.com', 'ana password');
    staff = await t.signIn('staff@example.com', 'staff password');
  });
  afterAll(async () => t?.close());

  const patch = (payload: object, token = ana, lang = 'en') =>
    t.request({ method: 'PATCH', url: `/api/rest-auth/user/?lang=${lang}`, payload, token });
  const currentVersion = async () =>
    (await t.request({ method: 'GET', url: '/api/users/ana@example.com', token: ana })).json().version as number;

  describe('GET /api/users/{email}', () => {
    it('should require authentication', async () => {
      const response = await t.request({ method: 'GET', url: '/api/users/ana@example.com' });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('auth.required');
    });

    it('shows oneself, and no one else to a customer', async () => {
      const self = await t.request({ method: 'GET', url: '/api/users/ANA@example.com', token: ana });
      expect(self.statusCode).toBe(200);
      expect(self.json()).toMatchObject({ email: 'ana@example.com', timezone: 0, periodOffWork: null });
      expect(self.json().callReception.sun).toEqual({ enabled: true, from: '00:00', to: '23:59' });
      const other = await t.request({ method: 'GET', url: '/api/users/bruno@example.com?lang=pt', token: ana });
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ code: 'not_found', message: 'Recurso não encontrado.' });
    });

    it('shows anyone to provider staff, and 404 for an unknown address', async () => {
      expect((await t.request({ method: 'GET', url: '/api/users/bruno@example.com', token: staff })).statusCode).toBe(
        200,
      );
      expect((await t.request({ method: 'GET', url: '/api/users/nobody@example.com', token: staff })).statusCode).toBe(
        404,
      );
    });
  });

  describe('PATCH /api/rest-auth/user/', () => {
    it('should require authentication', async () => {
      const response = await t.request({ method: 'PATCH', url: '/api/rest-auth/user/', payload: { version: 1 } });
      expect(response.statusCode).toBe(401);
      const invalid = await t.request({ method: 'PATCH', url: '/api/rest-auth/user/', payload: { timezone: 99 } });
      expect(invalid.statusCode).toBe(401);
    });

    it('saves the profile fields sent and moves the version on', async () => {
      const version = await currentVersion();
      const callReception = Object.fromEntries(
        ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'].map((day) => [
          day,
          { enabled: day !== 'sun', from: '08:00', to: '18:30' },
        ]),
      );
      const response = await patch({
        version,
        firstName: ' Ana ',
        lastName: 'Silva',
        language: 'pt',
        timezone: -3,
        phone: '+351 (21) 123-4567',
        periodOffWork: { from: '2026-12-20', to: '2027-01-02' },
        callReception,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        profile: { firstName: 'Ana', lastName: 'Silva', language: 'pt' },
        timezone: -3,
        phone: '+351 (21) 123-4567',
        periodOffWork: { from: '2026-12-20', to: '2027-01-02' },
        callReception,
        version: version + 1,
      });
      const cleared = await patch({ version: version + 1, periodOffWork: null });
      expect(cleared.json()).toMatchObject({
        periodOffWork: null,
        profile: { firstName: 'Ana' },
        version: version + 2,
      });
    });

    it('answers 409 on a stale version and keeps what was saved', async () => {
      const version = await currentVersion();
      expect((await patch({ version, lastName: 'First save' })).statusCode).toBe(200);
      const stale = await patch({ version, lastName: 'Second save' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('conflict');
      expect(stale.json().message).toMatch(/^Conflict detected - Saving failed/);
      const now = await t.request({ method: 'GET', url: '/api/users/ana@example.com', token: ana });
      expect(now.json().profile.lastName).toBe('First save');
    });

    it.each([
      [{ timezone: 13 }, 'timezone', 'The timezone must be between -12 and 12.'],
      [{ timezone: -12.5 }, 'timezone', 'The timezone must be between -12 and 12.'],
      [{ phone: '+351 abc' }, 'phone', 'Only digits and the characters ( ) + - are allowed.'],
      [{ language: 'fr' }, 'language', 'Invalid value'],
      [
        { periodOffWork: { from: '2027-01-02', to: '2026-12-20' } },
        'periodOffWork.to',
        'The end date must not be before the start date.',
      ],
      [{ periodOffWork: { from: '2026-02-30', to: '2026-03-01' } }, 'periodOffWork.from', 'Invalid value'],
    ])('refuses %j with a message on the field, and changes nothing', async (change, field, message) => {
      const before = await t.request({ method: 'GET', url: '/api/users/ana@example.com', token: ana });
      const response = await patch({ version: before.json().version, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ [field]: message });
      const after = await t.request({ method: 'GET', url: '/api/users/ana@example.com', token: ana });
      expect(after.json()).toEqual(before.json());
    });

    it('answers field errors in Portuguese and asks for the version', async () => {
      const response = await patch({ timezone: 20 }, ana, 'pt');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'validation.failed',
        message: 'Alguns campos não são válidos. Por favor verifique os dados.',
        fields: { version: 'Obrigatório', timezone: 'O fuso horário deve estar entre -12 e 12.' },
      });
    });
  });
});
