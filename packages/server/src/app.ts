import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { createMailer, type Mailer } from './adapters/mail/mailer.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { registerCsrfProtection } from './http/csrf.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerWebApp } from './http/web-app.js';
import { createAuthRepo } from './modules/auth/repo.js';
import { authRoutes } from './modules/auth/routes.js';
import { createAuthService } from './modules/auth/service.js';
import { infoRoutes } from './modules/info/routes.js';
import { createUsersRepo } from './modules/users/repo.js';
import { usersRoutes } from './modules/users/routes.js';
import { createUsersService } from './modules/users/service.js';
import { readVersions } from './version.js';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Defaults to the mailer `config` describes (SMTP, or the outbox folder). */
  mailer?: Mailer;
}

export type Services = Awaited<ReturnType<typeof buildApp>>['services'];

/** The whole HTTP application on an open, migrated database. Tests build it the same way `main.ts` does. */
export async function buildApp({ config, database, mailer: givenMailer }: AppDependencies) {
  const app: FastifyInstance = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.decorateRequest('session', null);

  await app.register(fastifyCookie);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // MUI (emotion) writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
      },
    },
  });
  registerCsrfProtection(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${config.productName} API`, version: readVersions(config.webDistDir).serverVersion },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const mailer =
    givenMailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: join(config.dataDir, 'outbox'),
      log: app.log,
    });
  const { db } = database;
  const usersRepo = createUsersRepo(db);
  const authRepo = createAuthRepo(db);
  const auth = createAuthService({ db, config, authRepo, usersRepo, mailer, log: app.log });
  const users = createUsersService({ usersRepo });
  const services = { auth, users, usersRepo, authRepo, mailer };

  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(infoRoutes, { info: readVersions(config.webDistDir), publicKeys: config.publicKeys });
      await api.register(authRoutes, { auth });
      await api.register(usersRoutes, { auth, users });
    },
    { prefix: '/api' },
  );
  await registerWebApp(app, config.webDistDir);
  app.addHook('onClose', async () => mailer.close());

  return { app, services };
}
