import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

const PASSWORD = 'a good password';

describe.each(databaseKinds())('the users page on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let customer: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    staff = await t.signIn('staff@example.com', PASSWORD);
    const ana = await t.createUser('ana@example.com', PASSWORD);
    await t.services.usersRepo.updateIfVersion(ana.id, ana.version, { firstName: 'Ana', lastName: 'Silva' });
    customer = await t.signIn('ana@example.com', PASSWORD);
    for (let i = 1; i <= 12; i += 1) await t.createUser(`user${String(i).padStart(2, '0')}@example.com`, PASSWORD);
    await t.services.usersRepo.insert({
      email: 'pending_1%@example.com',
      passwordHash: null,
      language: 'en',
      emailConfirmed: false,
    });
    const top = await t.request({
      method: 'POST',
      url: '/api/customer-business',
      payload: { description: 'A' },
      token: staff,
    });
    const child = await t.request({
      method: 'POST',
      url: `/api/customer-business/${top.json()._id}`,
      payload: { description: 'B' },
      token: staff,
    });
    for (const id of [top.json()._id, child.json()._id]) {
      await t.services.businessesRepo.setEntry(id, ana.id, 'admin', Date.now());
    }
  });
  afterAll(async () => t?.close());

  const page = (query: string, token = staff) => t.request({ method: 'GET', url: `/api/users${query}`, token });

  it('should require authentication', async () => {
    const response = await t.request({ method: 'GET', url: '/api/users' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('auth.required');
  });

  it('is for provider staff only', async () => {
    const response = await page('?lang=pt', customer);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'forbidden', message: 'Acesso negado.' });
  });

  it('pages every user by e-mail with role, confirmation and business count', async () => {
    const first = (await page('?page=1&pageSize=10')).json();
    expect(first.totalElements).toBe(15);
    expect(first.hasNext).toBe(true);
    expect(first.data).toHaveLength(10);
    expect(first.data[0]).toEqual({
      email: 'ana@example.com',
      name: 'Ana Silva',
      role: 'user',
      confirmed: true,
      businesses: 2,
    });
    const second = (await page('?page=2&pageSize=10')).json();
    expect(second.hasNext).toBe(false);
    expect(second.data.map((user: { email: string }) => user.email)).toEqual(
      ['08', '09', '10', '11', '12'].map((n) => `user${n}@example.com`),
    );
    expect(first.data.map((user: { email: string }) => user.email).slice(0, 4)).toEqual([
      'ana@example.com',
      'pending_1%@example.com',
      'staff@example.com',
      'user01@example.com',
    ]);
    expect((await page('?pageSize=7')).statusCode).toBe(400);
  });

  it('searches the e-mail and the name, ignoring case, with LIKE wildcards taken literally', async () => {
    const byName = (await page('?search=ANA%20SIL')).json();
    expect(byName.data.map((user: { email: string }) => user.email)).toEqual(['ana@example.com']);
    const byEmail = (await page('?search=user1')).json();
    expect(byEmail.totalElements).toBe(3);
    const literal = (await page(`?search=${encodeURIComponent('_1%')}`)).json();
    expect(literal.data).toEqual([
      { email: 'pending_1%@example.com', name: '', role: 'user', confirmed: false, businesses: 0 },
    ]);
    expect((await page('?search=nobody-here')).json()).toEqual({ data: [], totalElements: 0, hasNext: false });
  });
});
