import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/database.js';
import { eventually } from '../../testing/eventually.js';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

describe.each(databaseKinds())('sessions kept in memory on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.createUser('ana@example.com', 'ana password');
    await t.createUser('bruno@example.com', 'bruno password');
  });
  afterAll(async () => t?.close());

  const status = (url: string, token: string) => async () =>
    (await t.request({ method: 'GET', url, token })).statusCode;

  it('follow a change to the user written straight in the database', async () => {
    const token = await t.signIn('ana@example.com', 'ana password');
    const bruno = status('/api/users/bruno@example.com', token);
    expect(await bruno()).toBe(404);
    await t.db.updateTable('users').set({ role: 'product' }).where('email', '=', 'ana@example.com').execute();
    expect(await eventually(bruno, 200)).toBe(200);
    await t.db.updateTable('users').set({ role: 'user' }).where('email', '=', 'ana@example.com').execute();
    expect(await eventually(bruno, 404)).toBe(404);
  });

  it('end with sessions deleted straight in the database', async () => {
    const token = await t.signIn('bruno@example.com', 'bruno password');
    const me = status('/api/users/bruno@example.com', token);
    expect(await me()).toBe(200);
    await t.db.deleteFrom('sessions').execute();
    expect(await eventually(me, 401)).toBe(401);
  });
});

describe.runIf(databaseKinds().includes('postgres'))('sessions kept by two server processes on postgres', () => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    t = await startTestApp('postgres');
    other = await buildApp({ config: t.config, database: openDatabase(t.config) });
    await t.createUser('carla@example.com', 'carla password');
  });
  afterAll(async () => {
    await other?.app.close();
    await t?.close();
  });

  it('end on one process when signed out on the other', async () => {
    const token = await t.signIn('carla@example.com', 'carla password');
    const onOther = async () =>
      (
        await other.app.inject({
          method: 'GET',
          url: '/api/users/carla@example.com',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode;
    expect(await onOther()).toBe(200);
    expect(await onOther()).toBe(200);
    expect((await t.request({ method: 'DELETE', url: '/api/auth/signin', token })).statusCode).toBe(200);
    expect(await eventually(onOther, 401)).toBe(401);
  });
});
