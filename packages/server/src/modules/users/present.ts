import { CallReception, DEFAULT_CALL_RECEPTION, type User } from '@iot/shared';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema.js';

export type UserRow = Selectable<UsersTable>;

function parseCallReception(json: string) {
  const parsed = CallReception.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : DEFAULT_CALL_RECEPTION;
}

/** The user as the API shows it: never the password hash. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    profile: { firstName: row.firstName, lastName: row.lastName, language: row.language },
    timezone: row.timezone,
    phone: row.phone,
    periodOffWork: row.offWorkFrom && row.offWorkTo ? { from: row.offWorkFrom, to: row.offWorkTo } : null,
    callReception: parseCallReception(row.callReception),
    version: row.version,
  };
}
