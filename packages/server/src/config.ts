import { resolve } from 'node:path';
import { z } from 'zod';
import { builtProductName } from './version.js';

const Flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A URL-safe base64 key (no padding) of `bytes` bytes, as web push's VAPID keys are written. */
const Base64UrlKey = (bytes: number, what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, `must be URL-safe base64 without padding (${what})`)
    .refine((text) => Buffer.from(text, 'base64url').length === bytes, `must decode to ${bytes} bytes (${what})`);

const repositoryRoot = resolve(import.meta.dirname, '../../..');

/** Every environment variable the server reads; README.md documents each one. */
const Environment = z
  .object({
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
    PRODUCT_NAME: z.string().min(1).optional(),
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
    VAPID_PUBLIC_KEY: Base64UrlKey(65, 'an uncompressed P-256 public key').optional(),
    VAPID_PRIVATE_KEY: Base64UrlKey(32, 'a P-256 private key').optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
      .optional(),
    PUSH_ALLOW_PRIVATE_ENDPOINTS: Flag.default(false),
    CALLBACK_ALLOW_PRIVATE_ADDRESSES: Flag.default(false),
    MESSAGING_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    MESSAGING_API_KEY: z.string().min(1).optional(),
    GEOTAB_API_URL: z
      .string()
      .regex(/^https?:\/\//, 'must be an http:// or https:// URL ({server} stands for the server a user names)')
      .default('https://{server}/apiv1'),
    ACTION_RETRY_BASE_SECONDS: z.coerce.number().positive().default(30),
    ACTION_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
    MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1884),
    MQTT_MAX_PACKET_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(256 * 1024 * 1024)
      .default(256 * 1024),
    MQTT_CONNECT_TIMEOUT_SECONDS: z.coerce.number().positive().default(10),
    MQTT_URL: z
      .string()
      .regex(/^mqtts?:\/\//, 'must be an mqtt:// or mqtts:// URL; leave it unset for the embedded broker')
      .optional(),
    MQTT_HOOKS_TOKEN: z
      .string()
      .regex(/^\S{24,}$/, 'must be at least 24 characters without spaces: it is a secret')
      .optional(),
    SIMULATE: Flag.default(false),
    LEGACY_PLATFORM_URL: z.url({ protocol: /^https?$/ }).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((environment, context) => {
    if (Boolean(environment.VAPID_PUBLIC_KEY) !== Boolean(environment.VAPID_PRIVATE_KEY)) {
      const missing = environment.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
      context.addIssue({ code: 'custom', path: [missing], message: 'set both VAPID keys, or neither' });
    }
  });

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** `PRODUCT_NAME`, else the title of the vendor the served web app was built for, else Dots. */
  productName: string;
  adminEmail: string;
  adminPassword: string | undefined;
  seedDemo: boolean;
  sessionIdleMs: number;
  bodyLimitBytes: number;
  trustProxy: boolean;
  webDistDir: string;
  publicKeys: Record<string, string>;
  /** Both or neither; without them the keys are generated once into `DATA_DIR/vapid.json`. */
  vapidPublicKey: string | undefined;
  vapidPrivateKey: string | undefined;
  vapidSubject: string;
  /** Lets browsers register push endpoints on this machine or private networks (tests, closed installations). */
  pushAllowPrivateEndpoints: boolean;
  /** Lets action callbacks and Geotab servers be on this machine or private networks (tests, closed installations). */
  callbackAllowPrivateAddresses: boolean;
  /** The SMS/WhatsApp/voice provider's HTTP API; without it those actions fail with a clear error. */
  messagingApiUrl: string | undefined;
  messagingApiKey: string | undefined;
  /** Geotab's JSON-RPC endpoint, `{server}` standing for the server a user names. */
  geotabApiUrl: string;
  /** The first retry of a failed action waits this long, each next one twice as long. */
  actionRetryBaseMs: number;
  /** Executions of an action job before it is given up. */
  actionMaxAttempts: number;
  /** The embedded broker's port (0: any free port); unused with `mqttUrl`. */
  mqttPort: number;
  /** The largest MQTT packet the embedded broker accepts, fixed header included (a CONNECT: 64 KiB at most). */
  mqttMaxPacketBytes: number;
  /** How long a connection to the embedded broker has to send its whole CONNECT. */
  mqttConnectTimeoutMs: number;
  /** An external broker to subscribe to instead of embedding one (credentials in the URL). */
  mqttUrl: string | undefined;
  /**
   * The bearer token an external broker calls `/api/mqtt/authenticate` and `/api/mqtt/authorize` with; unset, those
   * calls do not exist.
   */
  mqttHooksToken: string | undefined;
  /** Runs the device simulator in the server process: the demo devices publish frames as real ones would. */
  simulate: boolean;
  /** Where "Switch to the older version" sends provider staff; unset, the switch is not offered. */
  legacyPlatformUrl: string | undefined;
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
    productName: e.PRODUCT_NAME ?? builtProductName(resolve(e.WEB_DIST_DIR)) ?? 'Dots',
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO,
    sessionIdleMs: e.SESSION_IDLE_DAYS * 24 * 60 * 60 * 1000,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY,
    webDistDir: resolve(e.WEB_DIST_DIR),
    publicKeys: e.PUBLIC_KEYS,
    vapidPublicKey: e.VAPID_PUBLIC_KEY,
    vapidPrivateKey: e.VAPID_PRIVATE_KEY,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${e.ADMIN_EMAIL.toLowerCase()}`,
    pushAllowPrivateEndpoints: e.PUSH_ALLOW_PRIVATE_ENDPOINTS,
    callbackAllowPrivateAddresses: e.CALLBACK_ALLOW_PRIVATE_ADDRESSES,
    messagingApiUrl: e.MESSAGING_API_URL,
    messagingApiKey: e.MESSAGING_API_KEY,
    geotabApiUrl: e.GEOTAB_API_URL,
    actionRetryBaseMs: e.ACTION_RETRY_BASE_SECONDS * 1000,
    actionMaxAttempts: e.ACTION_MAX_ATTEMPTS,
    mqttPort: e.MQTT_PORT,
    mqttMaxPacketBytes: e.MQTT_MAX_PACKET_BYTES,
    mqttConnectTimeoutMs: e.MQTT_CONNECT_TIMEOUT_SECONDS * 1000,
    mqttUrl: e.MQTT_URL,
    mqttHooksToken: e.MQTT_HOOKS_TOKEN,
    simulate: e.SIMULATE,
    legacyPlatformUrl: e.LEGACY_PLATFORM_URL,
    logLevel: e.LOG_LEVEL,
  };
}
