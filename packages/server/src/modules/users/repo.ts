import { randomUUID } from 'node:crypto';
import { DEFAULT_CALL_RECEPTION, type Language, type UserRole } from '@iot/shared';
import { sql, type Transaction, type Updateable } from 'kysely';
import type { Database, DatabaseSchema, UsersTable } from '../../db/schema.js';
import type { UserRow } from './present.js';

type Executor = Database | Transaction<DatabaseSchema>;

export interface NewUser {
  email: string;
  username?: string;
  passwordHash: string | null;
  role?: UserRole;
  language: Language;
  firstName?: string;
  lastName?: string;
  emailConfirmed: boolean;
}

export function createUsersRepo(db: Database) {
  return {
    async findByEmail(email: string, trx: Executor = db): Promise<UserRow | undefined> {
      return trx.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
    },

    async findById(id: string, trx: Executor = db): Promise<UserRow | undefined> {
      return trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The ids of the users with these (lower-case) e-mails; unknown ones are left out. */
    async idsByEmails(emails: string[], trx: Executor = db): Promise<string[]> {
      if (emails.length === 0) return [];
      const rows = await trx.selectFrom('users').select('id').where('email', 'in', emails).execute();
      return rows.map((row) => row.id);
    },

    /**
     * One page of all users, by e-mail (the unique index's order), with how many business entries each has (read
     * through the entries' user index). `search` matches a part of the e-mail or of the full name, ignoring case.
     */
    async page(options: { search?: string; limit: number; offset: number }, trx: Executor = db) {
      let query = trx.selectFrom('users');
      if (options.search) {
        const pattern = `%${options.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const name = sql`lower(${sql.ref('users.firstName')} || ' ' || ${sql.ref('users.lastName')})`;
        query = query.where(
          sql<boolean>`(${sql.ref('users.email')} like ${pattern} escape '\\' or ${name} like ${pattern} escape '\\')`,
        );
      }
      const [rows, total] = await Promise.all([
        query
          .select(['users.email', 'users.firstName', 'users.lastName', 'users.role', 'users.emailConfirmedAt'])
          .select((eb) =>
            eb
              .selectFrom('businessUsers')
              .select((inner) => inner.fn.countAll<number | string>().as('n'))
              .whereRef('businessUsers.userId', '=', 'users.id')
              .as('businesses'),
          )
          .orderBy('users.email')
          .limit(options.limit)
          .offset(options.offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    async count(trx: Executor = db): Promise<number> {
      const row = await trx
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Inserts a user; answers undefined when the e-mail is already taken. */
    async insert(user: NewUser, trx: Executor = db): Promise<UserRow | undefined> {
      const now = Date.now();
      return trx
        .insertInto('users')
        .values({
          id: randomUUID(),
          email: user.email.toLowerCase(),
          username: user.username ?? '',
          passwordHash: user.passwordHash,
          role: user.role ?? 'user',
          firstName: user.firstName ?? '',
          lastName: user.lastName ?? '',
          language: user.language,
          timezone: 0,
          phone: '',
          offWorkFrom: null,
          offWorkTo: null,
          callReception: JSON.stringify(DEFAULT_CALL_RECEPTION),
          emailConfirmedAt: user.emailConfirmed ? now : null,
          createdAt: now,
          version: 1,
        })
        .onConflict((conflict) => conflict.column('email').doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    /** Applies `changes` only if the row still has `expectedVersion`; answers the new row, or undefined on a stale version. */
    async updateIfVersion(
      id: string,
      expectedVersion: number,
      changes: Updateable<UsersTable>,
      trx: Executor = db,
    ): Promise<UserRow | undefined> {
      return trx
        .updateTable('users')
        .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', expectedVersion)
        .returningAll()
        .executeTakeFirst();
    },

    async setPassword(id: string, passwordHash: string, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('users')
        .set((eb) => ({ passwordHash, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },

    async confirmEmail(id: string, at: number, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('users')
        .set({ emailConfirmedAt: at })
        .where('id', '=', id)
        .where('emailConfirmedAt', 'is', null)
        .execute();
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
