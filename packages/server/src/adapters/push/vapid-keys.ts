import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import type { Config } from '../../config.js';

const StoredKeys = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) });
export type VapidKeys = z.infer<typeof StoredKeys>;

export const VAPID_KEYS_FILE = 'vapid.json';

async function readStored(file: string): Promise<VapidKeys | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = StoredKeys.safeParse(json);
  if (!parsed.success) throw new Error(`${file} is not a JSON object with publicKey and privateKey`);
  return parsed.data;
}

/**
 * The VAPID key pair: from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set; otherwise the pair generated once into
 * `DATA_DIR/vapid.json` and reused on every later start, since browsers' subscriptions are bound to the public key.
 */
export async function loadVapidKeys(
  config: Pick<Config, 'vapidPublicKey' | 'vapidPrivateKey' | 'dataDir'>,
): Promise<VapidKeys> {
  if (config.vapidPublicKey && config.vapidPrivateKey) {
    return { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey };
  }
  const file = join(config.dataDir, VAPID_KEYS_FILE);
  const stored = await readStored(file);
  if (stored) return stored;
  const generated = webpush.generateVAPIDKeys();
  await mkdir(config.dataDir, { recursive: true });
  // Written whole under a name of its own, then linked into place: a process starting at the same moment either
  // finds no file or a complete one, and when it linked first its keys win.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, `${JSON.stringify(generated, null, 2)}\n`, { mode: 0o600 });
  try {
    await link(draft, file);
    return generated;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readStored(file)) ?? generated;
  } finally {
    await unlink(draft);
  }
}
