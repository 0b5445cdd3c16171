import { randomBytes } from 'node:crypto';
import type { Language } from '@iot/shared';
import type { Config } from './config.js';
import type { Database } from './db/schema.js';
import { hashPassword } from './modules/auth/passwords.js';
import { createUsersRepo } from './modules/users/repo.js';

export interface SeedResult {
  admin: { email: string; password: string; generated: boolean };
  demoUsers: { email: string; password: string }[];
}

/** Demo accounts that later demo data (businesses, devices) is attached to. */
const DEMO_USERS: { email: string; firstName: string; lastName: string; language: Language }[] = [
  { email: 'operator@example.com', firstName: 'Olivia', lastName: 'Operator', language: 'en' },
  { email: 'tecnico@example.com', firstName: 'Tiago', lastName: 'Técnico', language: 'pt' },
];

const generatePassword = () => randomBytes(12).toString('base64url');

/**
 * On the first start (no users at all) creates the provider-staff account and, unless disabled, the demo accounts.
 * Answers what it created, passwords included, so they can be shown once; undefined when the database had users.
 */
export async function seedOnFirstStart(
  db: Database,
  config: Pick<Config, 'adminEmail' | 'adminPassword' | 'seedDemo'>,
): Promise<SeedResult | undefined> {
  const users = createUsersRepo(db);
  if ((await users.count()) > 0) return undefined;
  const adminPassword = config.adminPassword ?? generatePassword();
  const demoPassword = generatePassword();
  const [adminHash, demoHash] = await Promise.all([hashPassword(adminPassword), hashPassword(demoPassword)]);
  return db.transaction().execute(async (trx) => {
    await users.insert(
      {
        email: config.adminEmail,
        passwordHash: adminHash,
        role: 'product',
        language: 'en',
        firstName: 'Admin',
        emailConfirmed: true,
      },
      trx,
    );
    const demoUsers = config.seedDemo ? DEMO_USERS : [];
    for (const demo of demoUsers) {
      await users.insert({ ...demo, passwordHash: demoHash, emailConfirmed: true }, trx);
    }
    return {
      admin: { email: config.adminEmail, password: adminPassword, generated: !config.adminPassword },
      demoUsers: demoUsers.map(({ email }) => ({ email, password: demoPassword })),
    };
  });
}
