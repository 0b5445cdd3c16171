import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsersRepo } from '../modules/users/repo.js';
import { joinedNames } from '../testing/row-finisher.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../testing/test-database.js';
import { queryPerShape, reusableQuery, runPrepared } from './reusable-query.js';

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

  it('never reads what a transaction open meanwhile wrote and then rolled back', async () => {
    const { db } = database.handle;
    const byEmail = reusableQuery<{ email: string }, { email: string }>((argument) =>
      db.selectFrom('users').select('email').where('email', '=', argument('email')),
    );
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => {
      written = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const rolledBack = db
      .transaction()
      .execute(async (trx) => {
        const inserted = await createUsersRepo(trx).insert({
          email: 'dora@example.com',
          passwordHash: null,
          language: 'en',
          emailConfirmed: true,
        });
        expect(inserted?.email).toBe('dora@example.com');
        written();
        await released;
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await wrote;
    // On SQLite the read waits for the transaction to end, on PostgreSQL it reads what was committed before it.
    const reading = byEmail(db, { email: 'dora@example.com' });
    release();
    await rolledBack;
    expect(await reading).toEqual([]);
    expect(await byEmail(db, { email: 'ana@example.com' })).toEqual([{ email: 'ana@example.com' }]);
  });

  it('refuses a query that selects * (its columns must not change under a prepared statement)', () => {
    const { db } = database.handle;
    expect(() =>
      reusableQuery<{ email: string }, unknown>((argument) =>
        db.selectFrom('users').selectAll('users').where('email', '=', argument('email')),
      ),
    ).toThrow(/names its columns/);
    expect(() =>
      reusableQuery<{ email: string }, unknown>((argument) =>
        db.selectFrom('users').selectAll().where('email', '=', argument('email')),
      ),
    ).toThrow(/names its columns/);
  });

  it('keeps answering with the columns it names after a column is added to the table under it', async () => {
    const { db } = database.handle;
    const byEmail = reusableQuery<{ email: string }, { id: string; email: string }>((argument) =>
      db.selectFrom('users').select(['id', 'email']).where('email', '=', argument('email')),
    );
    await db.transaction().execute(async (trx) => {
      expect(await byEmail(trx, { email: 'ana@example.com' })).toEqual([{ id: ids.ana, email: 'ana@example.com' }]);
      if (kind === 'postgres') {
        // Run on the transaction's connection: it holds the query prepared under its name.
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements
          where name like 'prepared_%' and statement like 'select "id", "email" from "users" where%'`.execute(trx);
        expect(rows[0]?.n).toBe(1);
      }
      await sql`alter table users add column added_later text`.execute(trx);
      expect(await byEmail(trx, { email: 'bea@example.com' })).toEqual([{ id: ids.bea, email: 'bea@example.com' }]);
      await sql`alter table users drop column added_later`.execute(trx);
    });
  });

  it('runs a query of a fixed text as a prepared statement, and refuses one that selects *', async () => {
    const { db } = database.handle;
    await db.transaction().execute(async (trx) => {
      const query = sql<{ email: string }>`select email from users where email = ${'carla@example.com'}`;
      expect((await runPrepared(trx, query.compile(trx))).rows).toEqual([{ email: 'carla@example.com' }]);
      if (kind === 'postgres') {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements
          where name like 'prepared_%' and statement like 'select email from users%'`.execute(trx);
        expect(rows[0]?.n).toBe(1);
      }
      expect(() => runPrepared(trx, trx.selectFrom('users').selectAll().compile())).toThrow(/names its columns/);
    });
  });

  it('builds a query per shape once, and runs each shape with the values of each run', async () => {
    const { db } = database.handle;
    const built: string[] = [];
    const byEmails = queryPerShape<
      { emails: string[]; order: 'asc' | 'desc'; language?: 'en' | 'pt'; staff: boolean },
      { email: string }
    >(
      ({ emails, order, language, staff }) => {
        let query = db.selectFrom('users').select('email').where('email', 'in', emails);
        if (language) query = query.where('language', '=', language);
        if (staff) query = query.where('role', '=', 'product');
        const compilable = query.orderBy('email', order);
        built.push(compilable.compile().sql);
        return compilable;
      },
      ['order'],
    );
    const run = (emails: string[], order: 'asc' | 'desc' = 'asc', language?: 'en' | 'pt') =>
      byEmails(db, { emails, order, language, staff: false });
    expect(await run(['ana@example.com', 'bea@example.com'])).toEqual([
      { email: 'ana@example.com' },
      { email: 'bea@example.com' },
    ]);
    expect(await run(['carla@example.com', 'ana@example.com'])).toEqual([
      { email: 'ana@example.com' },
      { email: 'carla@example.com' },
    ]);
    expect(built).toHaveLength(1);
    // Another length of list, another order, a filter set, or a boolean changed: each a shape of its own.
    expect(await run(['carla@example.com'])).toEqual([{ email: 'carla@example.com' }]);
    expect(await run(['carla@example.com', 'ana@example.com'], 'desc')).toEqual([
      { email: 'carla@example.com' },
      { email: 'ana@example.com' },
    ]);
    expect(await run(['carla@example.com', 'ana@example.com'], 'asc', 'pt')).toEqual([]);
    expect(await byEmails(db, { emails: ['bea@example.com'], order: 'asc', staff: true })).toEqual([]);
    expect(built).toHaveLength(5);
    expect(await run(['bea@example.com', 'carla@example.com'], 'asc', 'en')).toEqual([
      { email: 'bea@example.com' },
      { email: 'carla@example.com' },
    ]);
    expect(built).toHaveLength(5);
  });

  it('refuses a query per shape that computes on the values it is built with instead of binding them', async () => {
    const { db } = database.handle;
    const byDomain = queryPerShape<{ domain: string }, { email: string }>(({ domain }) =>
      db.selectFrom('users').select('email').where('email', 'like', `%@${domain}`),
    );
    await expect(byDomain(db, { domain: 'example.com' })).rejects.toThrow(/computed on its stand-ins/);
  });

  it('reads a query marked off thread on SQLite’s reader once it is up, as committed, with the same rows', async () => {
    const { db, sqlite } = database.handle;
    const emails = queryPerShape<{ domain: string }, { email: string; firstName: string }>(
      ({ domain }) =>
        db.selectFrom('users').select(['email', 'firstName']).where('email', 'like', domain).orderBy('email'),
      [],
      { offThread: true },
    );
    const all = ['ana@example.com', 'bea@example.com', 'carla@example.com'].map((email) => ({ email, firstName: '' }));
    expect(await emails(db, { domain: '%@example.com' })).toEqual(all);
    await database.handle.startReader();
    expect(await emails(db, { domain: '%@example.com' })).toEqual(all);
    if (!sqlite) return;
    // A change the main connection has not committed: the reader, on a connection of its own, does not see it.
    sqlite.exec("begin; update users set first_name = 'Ana' where email = 'ana@example.com'");
    try {
      expect(await emails(db, { domain: '%@example.com' })).toEqual(all);
    } finally {
      sqlite.exec('rollback');
    }
  });

  it('makes the rows into what a finisher makes of them, on the main thread or on SQLite’s reader alike', async () => {
    const { db } = database.handle;
    const names = queryPerShape<{ domain: string }, { displayName: string }>(({ domain }) =>
      db.selectFrom('users').select('email as displayName').where('email', 'like', domain).orderBy('email'),
    );
    const joined = 'ana@example.com, bea@example.com, carla@example.com';
    // Before the reader is up (and on PostgreSQL, which has none) the rows are finished where they were read: here.
    expect(await names.finished(db, { domain: '%@example.com' }, joinedNames, { separator: ', ' })).toBe(joined);
    await database.handle.startReader();
    expect(await names.finished(db, { domain: '%@example.com' }, joinedNames, { separator: ', ' })).toBe(joined);
    expect(await names.finished(db, { domain: 'bea@%' }, joinedNames, { separator: ', ' })).toBe('bea@example.com');
  });
});
