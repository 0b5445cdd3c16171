import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

const URL = '/api/customer-business';
const PASSWORD = 'a good password';

describe.each(databaseKinds())('locking a level on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let admin: string;
  let acme: string;
  let bravo: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    staff = await t.signIn('staff@example.com', PASSWORD);
    const create = async (description: string) =>
      (await t.request({ method: 'POST', url: URL, payload: { description }, token: staff })).json()._id as string;
    acme = await create('Acme');
    bravo = await create('Bravo');
    const user = await t.createUser('admin@example.com', PASSWORD);
    await t.services.businessesRepo.setEntry(acme, user.id, 'superAdmin', Date.now());
    admin = await t.signIn('admin@example.com', PASSWORD);
  });
  afterAll(async () => t?.close());

  const call = (id: string, action: 'lock' | 'unlock', token?: string) =>
    t.request({ method: 'POST', url: `${URL}/${id}/${action}`, token });

  it('should require authentication', async () => {
    for (const action of ['lock', 'unlock'] as const) expect((await call(acme, action)).statusCode).toBe(401);
  });

  it('is for provider staff only; another tenant stays 404', async () => {
    const refused = await call(acme, 'lock', admin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
    expect((await call(bravo, 'lock', admin)).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `${URL}/${acme}`, token: staff })).json().active).toEqual({
      cfg: true,
      merged: true,
    });
  });

  it('locks and unlocks cfg and merged together, logging who did it', async () => {
    const locked = await call(acme, 'lock', staff);
    expect(locked.statusCode).toBe(200);
    expect(locked.json()).toMatchObject({ active: { cfg: false, merged: false }, version: 2 });
    const unlocked = await call(acme, 'unlock', staff);
    expect(unlocked.json()).toMatchObject({ active: { cfg: true, merged: true }, version: 3 });
    const logs = (
      await t.request({ method: 'GET', url: `${URL}/${acme}/logs?reverseOrder=true`, token: staff })
    ).json();
    expect(logs.data.slice(0, 2).map((log: { action: string; user: string }) => [log.action, log.user])).toEqual([
      ['unlocked', 'staff@example.com'],
      ['locked', 'staff@example.com'],
    ]);
  });

  it('refuses while cfg and merged differ', async () => {
    await t.db.updateTable('businessNodes').set({ mergedLocked: 1 }).where('id', '=', bravo).execute();
    for (const action of ['lock', 'unlock'] as const) {
      const response = await call(bravo, action, staff);
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('business.lock_mismatch');
    }
    const row = await t.db
      .selectFrom('businesses')
      .select(['cfgLocked', 'mergedLocked'])
      .where('id', '=', bravo)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ cfgLocked: 0, mergedLocked: 1 });
  });
});
