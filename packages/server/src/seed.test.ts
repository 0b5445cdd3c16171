import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { seedOnFirstStart } from './seed.js';
import { startTestApp, type TestApp } from './testing/test-app.js';
import { databaseKinds } from './testing/test-database.js';

describe.each(databaseKinds())('first start on %s', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => t?.close());

  it('creates the provider-staff user with a generated password and the demo users, once', async () => {
    t = await startTestApp(kind);
    const seeded = await seedOnFirstStart(t.db, loadConfig({}));
    expect(seeded?.admin).toMatchObject({ email: 'admin@example.com', generated: true });
    expect(seeded?.admin.password.length).toBeGreaterThanOrEqual(12);
    expect(seeded?.demoUsers.map((user) => user.email)).toEqual(['operator@example.com', 'tecnico@example.com']);

    const admin = await t.request({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'admin@example.com', password: seeded?.admin.password },
    });
    expect(admin.json().user.role).toBe('product');
    const demo = await t.signIn('tecnico@example.com', seeded?.demoUsers[0]?.password ?? '');
    const profile = await t.request({ method: 'GET', url: '/api/users/tecnico@example.com', token: demo });
    expect(profile.json().profile).toEqual({ firstName: 'Tiago', lastName: 'Técnico', language: 'pt' });

    expect(await seedOnFirstStart(t.db, loadConfig({}))).toBeUndefined();
  });

  it('uses ADMIN_EMAIL and ADMIN_PASSWORD, and no demo users with SEED_DEMO=false', async () => {
    t = await startTestApp(kind);
    const config = loadConfig({
      ADMIN_EMAIL: 'Boss@Example.org',
      ADMIN_PASSWORD: 'chosen password',
      SEED_DEMO: 'false',
    });
    const seeded = await seedOnFirstStart(t.db, config);
    expect(seeded).toEqual({
      admin: { email: 'boss@example.org', password: 'chosen password', generated: false },
      demoUsers: [],
    });
    expect(await t.signIn('boss@example.org', 'chosen password')).toBeTruthy();
    expect(await t.services.usersRepo.count()).toBe(1);
  });
});
