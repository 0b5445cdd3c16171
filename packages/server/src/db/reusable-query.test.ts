import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsersRepo } from '../modules/users/repo.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../testing/test-database.js';
import { reusableQuery } from './reusable-query.js';

describe.each(databaseKinds())('a reusable query on %s', (kind) => {
  let database: TestDatabase;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const users = createUsersRepo(database.handle.db);
    for (const name of ['ana', 'bea', 'carla']) {
      const user = await users.insert({
        email: `${name}@example.com`,
        passwordHash: null,
        language: 'en',
        emailConfirmed: true,
      });
      if (user) ids[name] = user.id;
    }
  });
  afterAll(() => database.drop());

  it('runs with each run’s arguments, keeps the values it was built with, and answers camel-cased rows', async () => {
    const { db } = database.handle;
    const byEmail = reusableQuery<{ email: string; role: 'user' | 'product' }, { id: string; firstName: string }>(
      (argument) =>
        db
          .selectFrom('users')
          .select(['id', 'firstName'])
          .where('email', '=', argument('email'))
          .where('role', '=', argument('role'))
          .where('language', '=', 'en'),
    );
    expect(await byEmail(db, { email: 'bea@example.com', role: 'user' })).toEqual([{ id: ids.bea, firstName: '' }]);
    expect(await byEmail(db, { email: 'carla@example.com', role: 'user' })).toEqual([{ id: ids.carla, firstName: '' }]);
    expect(await byEmail(db, { email: 'carla@example.com', role: 'product' })).toEqual([]);
  });

  it('fills an argument used twice, in raw SQL too, and runs in a transaction', async () => {
    const { db } = database.handle;
    const either = reusableQuery<{ name: string; id: string }, { email: string }>((argument) =>
      db
        .selectFrom('users')
        .select('email')
        .where(sql<boolean>`email = ${argument('name')} || '@example.com' or id = ${argument('id')}`)
        .where(sql<boolean>`email <> ${argument('name')}`)
        .orderBy('email'),
    );
    await db.transaction().execute(async (trx) => {
      expect(await either(trx, { name: 'ana', id: ids.carla ?? '' })).toEqual([
        { email: 'ana@example.com' },
        { email: 'carla@example.com' },
      ]);
    });
  });
});
