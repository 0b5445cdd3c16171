import type { Language, UserRole } from '@iot/shared';
import type { Kysely } from 'kysely';

/** Table types as the code sees them (camelCase; the CamelCasePlugin maps them to snake_case columns). Times are epoch milliseconds. */
export interface UsersTable {
  id: string;
  email: string;
  username: string;
  passwordHash: string | null;
  role: UserRole;
  firstName: string;
  lastName: string;
  language: Language;
  timezone: number;
  phone: string;
  offWorkFrom: string | null;
  offWorkTo: string | null;
  /** JSON of `CallReception`. */
  callReception: string;
  emailConfirmedAt: number | null;
  createdAt: number;
  version: number;
}

export interface SessionsTable {
  tokenHash: string;
  userId: string;
  createdAt: number;
  lastUsedAt: number;
}

export type OneTimeTokenPurpose = 'email_confirmation' | 'password_reset' | 'sign_in';

export interface OneTimeTokensTable {
  tokenHash: string;
  userId: string;
  purpose: OneTimeTokenPurpose;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

export interface SignInFailuresTable {
  throttleKey: string;
  failedAt: number;
}

export interface DatabaseSchema {
  users: UsersTable;
  sessions: SessionsTable;
  oneTimeTokens: OneTimeTokensTable;
  signInFailures: SignInFailuresTable;
}

export type Database = Kysely<DatabaseSchema>;
