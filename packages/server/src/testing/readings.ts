import type { Database } from '../db/schema.js';

/** The readings of the device with this uuid (readings name their device by its `key`). */
export const readingsOfDevice = (db: Database, deviceId: string) =>
  db
    .selectFrom('readings')
    .innerJoin('devices', 'devices.key', 'readings.deviceKey')
    .where('devices.id', '=', deviceId);
