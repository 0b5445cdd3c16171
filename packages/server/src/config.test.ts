import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('has safe defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      smtpUrl: undefined,
      adminEmail: 'admin@example.com',
      seedDemo: true,
      sessionIdleMs: 30 * 24 * 3600 * 1000,
      publicKeys: {},
      vapidPublicKey: undefined,
      vapidPrivateKey: undefined,
      vapidSubject: 'mailto:admin@example.com',
    });
  });

  it('reads the action settings: retries, messaging provider, Geotab and private callback addresses', () => {
    expect(loadConfig({})).toMatchObject({
      callbackAllowPrivateAddresses: false,
      messagingApiUrl: undefined,
      geotabApiUrl: 'https://{server}/apiv1',
      actionRetryBaseMs: 30_000,
      actionMaxAttempts: 8,
    });
    const config = loadConfig({
      CALLBACK_ALLOW_PRIVATE_ADDRESSES: 'true',
      MESSAGING_API_URL: 'https://sms.example.com/v1',
      MESSAGING_API_KEY: 'key',
      GEOTAB_API_URL: 'http://127.0.0.1:9000/apiv1',
      ACTION_RETRY_BASE_SECONDS: '0.05',
      ACTION_MAX_ATTEMPTS: '3',
    });
    expect(config).toMatchObject({
      callbackAllowPrivateAddresses: true,
      messagingApiUrl: 'https://sms.example.com/v1',
      messagingApiKey: 'key',
      geotabApiUrl: 'http://127.0.0.1:9000/apiv1',
      actionRetryBaseMs: 50,
      actionMaxAttempts: 3,
    });
    expect(() => loadConfig({ ACTION_MAX_ATTEMPTS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ GEOTAB_API_URL: 'ftp://geotab' })).toThrow(ConfigError);
  });

  it("bounds the embedded broker's packets (256 KiB) and its wait for a CONNECT (10 s) unless told otherwise", () => {
    expect(loadConfig({})).toMatchObject({ mqttMaxPacketBytes: 256 * 1024, mqttConnectTimeoutMs: 10_000 });
    expect(loadConfig({ MQTT_MAX_PACKET_BYTES: '65536', MQTT_CONNECT_TIMEOUT_SECONDS: '0.5' })).toMatchObject({
      mqttMaxPacketBytes: 65536,
      mqttConnectTimeoutMs: 500,
    });
    expect(() => loadConfig({ MQTT_MAX_PACKET_BYTES: '1e12' })).toThrow(ConfigError);
    expect(() => loadConfig({ MQTT_CONNECT_TIMEOUT_SECONDS: '0' })).toThrow(ConfigError);
  });

  it('reads the VAPID keys and subject, and refuses half a pair or a malformed key', () => {
    const publicKey = Buffer.alloc(65, 4).toString('base64url');
    const privateKey = Buffer.alloc(32, 7).toString('base64url');
    expect(
      loadConfig({
        VAPID_PUBLIC_KEY: publicKey,
        VAPID_PRIVATE_KEY: privateKey,
        VAPID_SUBJECT: 'https://iot.example.com',
      }),
    ).toMatchObject({
      vapidPublicKey: publicKey,
      vapidPrivateKey: privateKey,
      vapidSubject: 'https://iot.example.com',
    });
    expect(loadConfig({ ADMIN_EMAIL: 'Ops@Example.com' }).vapidSubject).toBe('mailto:ops@example.com');

    const messageOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    };
    expect(messageOf({ VAPID_PUBLIC_KEY: publicKey })).toContain('VAPID_PRIVATE_KEY: set both VAPID keys, or neither');
    expect(messageOf({ VAPID_PRIVATE_KEY: privateKey })).toContain('VAPID_PUBLIC_KEY: set both VAPID keys, or neither');
    expect(messageOf({ VAPID_PUBLIC_KEY: privateKey, VAPID_PRIVATE_KEY: privateKey })).toContain(
      'VAPID_PUBLIC_KEY: must decode to 65 bytes',
    );
    expect(messageOf({ VAPID_PUBLIC_KEY: `${publicKey}=`, VAPID_PRIVATE_KEY: privateKey })).toContain(
      'VAPID_PUBLIC_KEY: must be URL-safe base64',
    );
    expect(messageOf({ VAPID_SUBJECT: 'ops@example.com' })).toContain('VAPID_SUBJECT: must be a mailto: address');
  });

  it('names the product after the vendor of the served web app, unless PRODUCT_NAME says otherwise', () => {
    const webDistDir = mkdtempSync(join(tmpdir(), 'iot-web-dist-'));
    try {
      expect(loadConfig({ WEB_DIST_DIR: webDistDir }).productName).toBe('Dots');
      writeFileSync(
        join(webDistDir, 'version.json'),
        JSON.stringify({ version: '1', vendor: 'drops', product: 'Drops' }),
      );
      expect(loadConfig({ WEB_DIST_DIR: webDistDir }).productName).toBe('Drops');
      expect(loadConfig({ WEB_DIST_DIR: webDistDir, PRODUCT_NAME: 'Aquaflow' }).productName).toBe('Aquaflow');
    } finally {
      rmSync(webDistDir, { recursive: true, force: true });
    }
  });

  it('reads LEGACY_PLATFORM_URL, an http(s) address, unset by default', () => {
    expect(loadConfig({}).legacyPlatformUrl).toBeUndefined();
    expect(loadConfig({ LEGACY_PLATFORM_URL: 'https://old.example.com/app' }).legacyPlatformUrl).toBe(
      'https://old.example.com/app',
    );
    expect(() => loadConfig({ LEGACY_PLATFORM_URL: 'javascript:alert(1)' })).toThrow(/LEGACY_PLATFORM_URL/);
  });

  it('fails listing every variable that is wrong', () => {
    const load = () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SEED_DEMO: 'maybe',
        PUBLIC_KEYS: '[1]',
        ADMIN_PASSWORD: 'short',
      });
    expect(load).toThrow(ConfigError);
    const message = (() => {
      try {
        load();
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const variable of ['PORT', 'DATABASE_URL', 'SEED_DEMO', 'PUBLIC_KEYS', 'ADMIN_PASSWORD']) {
      expect(message).toContain(`${variable}:`);
    }
    expect(message).toContain('must be a postgres:// URL');
  });

  it('reads PostgreSQL, SMTP and the public URL', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgresql://u@db/iot',
      SMTP_URL: 'smtp://mail:25',
      PUBLIC_URL: 'https://iot.example.com/',
      SESSION_IDLE_DAYS: '1',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgresql://u@db/iot',
      smtpUrl: 'smtp://mail:25',
      publicUrl: 'https://iot.example.com',
      sessionIdleMs: 24 * 3600 * 1000,
    });
  });
});
