import type { BusinessRole } from '@iot/shared';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { DatabaseKind } from '../db/database.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { startSmtpInbox } from './smtp-inbox.js';
import { createTestDatabase } from './test-database.js';

/** The real app on a database of its own, mailing to a real SMTP server on loopback. */
export async function startTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  configure?: (config: Config) => void,
) {
  const database = await createTestDatabase(kind);
  const inbox = await startSmtpInbox();
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    SMTP_URL: inbox.url,
    PUBLIC_URL: 'http://app.test',
    LOG_LEVEL: 'silent',
    // Test apps run side by side: each embedded broker takes any free port.
    MQTT_PORT: '0',
    WEB_DIST_DIR: `${database.dataDir}/no-web-app`,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...env,
  });
  configure?.(config);
  const { app, services } = await buildApp({ config, database: database.handle });
  const db = database.handle.db;

  async function request(options: InjectOptions & { token?: string }) {
    const { token, ...rest } = options;
    return app.inject({
      ...rest,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...rest.headers },
    });
  }

  return {
    app,
    services,
    db,
    database: database.handle,
    inbox,
    config,
    request,

    /** A confirmed user with a password, created directly (the sign-up flow has its own tests). */
    async createUser(
      email: string,
      password: string,
      options: { role?: 'product' | 'user'; language?: 'en' | 'pt' } = {},
    ) {
      const user = await services.usersRepo.insert({
        email,
        passwordHash: await hashPassword(password),
        role: options.role ?? 'user',
        language: options.language ?? 'en',
        emailConfirmed: true,
      });
      if (!user) throw new Error(`${email} exists already`);
      return user;
    },

    async signIn(email: string, password: string): Promise<string> {
      const response = await request({ method: 'POST', url: '/api/auth/signin', payload: { email, password } });
      if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
      return response.json().access_token;
    },

    /**
     * Businesses made through the API by `token` (provider staff for top levels), parents first: `[name, parent?]`
     * pairs; answers each name's id.
     */
    async createTree(token: string, levels: readonly (readonly [string, string?])[]) {
      const ids: Record<string, string> = {};
      for (const [name, parent] of levels) {
        const url = parent ? `/api/customer-business/${ids[parent]}` : '/api/customer-business';
        const response = await request({ method: 'POST', url, token, payload: { description: name } });
        if (response.statusCode !== 201 && response.statusCode !== 200) {
          throw new Error(`${name} not created: ${response.body}`);
        }
        ids[name] = response.json()._id;
      }
      return ids;
    },

    /** A user `<name>@example.com` with `role` on the business `businessId`, signed in: answers the token. */
    async userWith(name: string, password: string, businessId: string, role: BusinessRole) {
      const user = await this.createUser(`${name}@example.com`, password);
      await services.businessesRepo.setEntry(businessId, user.id, role, Date.now());
      return this.signIn(`${name}@example.com`, password);
    },

    async close() {
      await app.close();
      await database.drop();
      await inbox.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;
