import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { isOnInternet } from '@iot/shared';
import type { Database } from '../../../db/schema.js';

/** Devices publish on their own `up` topic and receive parameters on their own `down` topic. */
export const topicUp = (deviceId: string) => `devices/${deviceId}/up`;
export const topicDown = (deviceId: string) => `devices/${deviceId}/down`;

/** All a device may do on a broker: publish on its own `up` topic, subscribe to its own `down` topic. */
export const mayUseTopic = (deviceId: string, action: 'publish' | 'subscribe', topic: string) =>
  topic === (action === 'publish' ? topicUp(deviceId) : topicDown(deviceId));

/**
 * A persistent session (and the downlinks queued in it) belongs to its client id, so a device may only use its own
 * uuid, or its uuid and a suffix (several connections of one device): another device's id would take its session.
 */
export const clientIdFits = (clientId: string, deviceId: string) =>
  clientId === deviceId || clientId.startsWith(`${deviceId}-`);

// A random 32-byte secret has nothing to guess, so a fast hash is enough (no salt, no argon2 per connect).
const hashOf = (password: string) => createHash('sha256').update(password, 'utf8').digest('hex');

/** A new password for the device; it replaces the previous one, which stops working at once. */
export async function issueDevicePassword(db: Database, deviceId: string): Promise<string> {
  const password = randomBytes(32).toString('base64url');
  await db
    .updateTable('devices')
    .set({ mqttPasswordHash: hashOf(password) })
    .where('id', '=', deviceId)
    .execute();
  return password;
}

/**
 * Whether `password` is the device's current MQTT password (a device without one never matches); undefined when no
 * device has that id.
 */
export async function verifyDevicePassword(
  db: Database,
  deviceId: string,
  password: string,
): Promise<boolean | undefined> {
  const row = await db
    .selectFrom('devices')
    .select(['mqttPasswordHash', 'communication'])
    .where('id', '=', deviceId)
    .executeTakeFirst();
  if (!row) return undefined;
  // A device whose network ids became LoRa or Sigfox keeps no MQTT access (its former password stops working).
  if (!row.mqttPasswordHash || !isOnInternet(row.communication)) return false;
  const expected = Buffer.from(row.mqttPasswordHash, 'hex');
  const given = Buffer.from(hashOf(password), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
