import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema.js';
import type { LoraRoute } from './batch.js';

/** How many devices' routes this process remembers having saved; past it, it forgets them all and saves anew. */
const KNOWN_MAX = 100_000;

/**
 * The way back to each LoRa device, as its uplinks last came: the integration and, on The Things Stack, the device's
 * application and device ids. Kept so that parameters can be queued on the network server as soon as they are set,
 * before the device's next uplink, and so that a TTN message naming a device only by its ids finds it. Each uplink
 * only compares its route with the one this process last saved: the database is written when a route changes (and
 * once per device after a start), not per uplink.
 */
export function createLoraRoutes(db: Database, log: FastifyBaseLogger) {
  const known = new Map<string, string>();
  return {
    remember(deviceId: string, route: LoraRoute) {
      const ttnApplicationId = route.ttn?.applicationId ?? null;
      const ttnDeviceId = route.ttn?.deviceId ?? null;
      const key = `${route.integrationId} ${ttnApplicationId} ${ttnDeviceId}`;
      if (known.get(deviceId) === key) return;
      if (known.size >= KNOWN_MAX) known.clear();
      known.set(deviceId, key);
      const row = { integrationId: route.integrationId, ttnApplicationId, ttnDeviceId };
      db.insertInto('loraDeviceRoutes')
        .values({ deviceId, ...row })
        .onConflict((conflict) => conflict.column('deviceId').doUpdateSet(row))
        .execute()
        .catch((error: unknown) => {
          known.delete(deviceId);
          log.warn({ err: error, deviceId }, 'LoRa route of the device not saved');
        });
    },

    /**
     * The route to the device, when its integration has a network server to queue downlinks on and the device is still
     * in the integration's business subtree (it may have moved to another tenant since it was last heard).
     */
    async routeOf(deviceId: string): Promise<LoraRoute | undefined> {
      const row = await db
        .selectFrom('loraDeviceRoutes')
        .innerJoin('integrations', 'integrations.id', 'loraDeviceRoutes.integrationId')
        .innerJoin('businesses', 'businesses.id', 'integrations.businessId')
        .innerJoin('devices', 'devices.id', 'loraDeviceRoutes.deviceId')
        .select([
          'loraDeviceRoutes.integrationId',
          'ttnApplicationId',
          'ttnDeviceId',
          'integrations.serverUrl',
          'businesses.path as scopePath',
          'devices.businessPath',
        ])
        .where('deviceId', '=', deviceId)
        .executeTakeFirst();
      if (!row?.serverUrl || !row.businessPath.startsWith(row.scopePath)) return undefined;
      const { integrationId, ttnApplicationId, ttnDeviceId } = row;
      return {
        integrationId,
        ...(ttnApplicationId && ttnDeviceId ? { ttn: { applicationId: ttnApplicationId, deviceId: ttnDeviceId } } : {}),
      };
    },

    /** The device The Things Stack knows by these ids, as heard through this integration. */
    async deviceOfTtnIds(integrationId: string, applicationId: string, ttnDeviceId: string) {
      const row = await db
        .selectFrom('loraDeviceRoutes')
        .select('deviceId')
        .where('integrationId', '=', integrationId)
        .where('ttnDeviceId', '=', ttnDeviceId)
        .where('ttnApplicationId', '=', applicationId)
        .executeTakeFirst();
      return row?.deviceId;
    },
  };
}

export type LoraRoutes = ReturnType<typeof createLoraRoutes>;
