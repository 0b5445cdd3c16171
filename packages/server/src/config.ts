import { resolve } from 'node:path';
import { z } from 'zod';

const Flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const repositoryRoot = resolve(import.meta.dirname, '../../..');

/** Every environment variable the server reads; README.md documents each one. */
const Environment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default(resolve(repositoryRoot, 'data')),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL; leave it unset for SQLite in DATA_DIR')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('IoT Platform <no-reply@localhost>'),
  PRODUCT_NAME: z.string().min(1).default('Dots'),
  ADMIN_EMAIL: z.email().default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(8, 'must have at least 8 characters').optional(),
  SEED_DEMO: Flag.default(true),
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(30),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  TRUST_PROXY: Flag.default(false),
  WEB_DIST_DIR: z.string().min(1).default(resolve(repositoryRoot, 'packages/web/dist')),
  PUBLIC_KEYS: z
    .string()
    .default('{}')
    .transform((text, context) => {
      try {
        return z.record(z.string(), z.string()).parse(JSON.parse(text));
      } catch {
        context.addIssue({ code: 'custom', message: 'must be a JSON object of names to string values' });
        return z.NEVER;
      }
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  productName: string;
  adminEmail: string;
  adminPassword: string | undefined;
  seedDemo: boolean;
  sessionIdleMs: number;
  bodyLimitBytes: number;
  trustProxy: boolean;
  webDistDir: string;
  publicKeys: Record<string, string>;
  logLevel: z.infer<typeof Environment>['LOG_LEVEL'];
};

export class ConfigError extends Error {}

/** Reads the environment; a bad value fails at start with the list of every variable that is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Environment.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== '')),
    // Plain English for the operator, not the message codes that API validation uses.
    { error: z.locales.en().localeError },
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    productName: e.PRODUCT_NAME,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO,
    sessionIdleMs: e.SESSION_IDLE_DAYS * 24 * 60 * 60 * 1000,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY,
    webDistDir: resolve(e.WEB_DIST_DIR),
    publicKeys: e.PUBLIC_KEYS,
    logLevel: e.LOG_LEVEL,
  };
}
