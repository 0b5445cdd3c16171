import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadVapidKeys, VAPID_KEYS_FILE } from './vapid-keys.js';

describe('VAPID keys', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = join(await mkdtemp(join(tmpdir(), 'iot-vapid-')), 'data');
  });
  afterEach(async () => rm(join(dataDir, '..'), { recursive: true, force: true }));

  const fromFiles = { vapidPublicKey: undefined, vapidPrivateKey: undefined };

  it('generates a pair into DATA_DIR once and reuses it on later starts', async () => {
    const first = await loadVapidKeys({ ...fromFiles, dataDir });
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(JSON.parse(await readFile(join(dataDir, VAPID_KEYS_FILE), 'utf8'))).toEqual(first);
    expect((await stat(join(dataDir, VAPID_KEYS_FILE))).mode & 0o777).toBe(0o600);
    expect(await loadVapidKeys({ ...fromFiles, dataDir })).toEqual(first);
  });

  it('gives two starts at the same moment the same pair', async () => {
    const [a, b] = await Promise.all([
      loadVapidKeys({ ...fromFiles, dataDir }),
      loadVapidKeys({ ...fromFiles, dataDir }),
    ]);
    expect(a).toEqual(b);
  });

  it('prefers the keys of the environment and writes nothing', async () => {
    const keys = { vapidPublicKey: 'public', vapidPrivateKey: 'private' };
    expect(await loadVapidKeys({ ...keys, dataDir })).toEqual({ publicKey: 'public', privateKey: 'private' });
    await expect(stat(join(dataDir, VAPID_KEYS_FILE))).rejects.toThrow();
  });

  it('refuses a damaged key file rather than replacing keys browsers are subscribed with', async () => {
    await loadVapidKeys({ ...fromFiles, dataDir });
    await writeFile(join(dataDir, VAPID_KEYS_FILE), '{"publicKey":');
    await expect(loadVapidKeys({ ...fromFiles, dataDir })).rejects.toThrow(VAPID_KEYS_FILE);
  });
});
