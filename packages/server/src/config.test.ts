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
    });
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
