import { randomBytes, randomUUID } from 'node:crypto';
import type { IntegrationNetwork, SignalValue } from '@iot/shared';
import type { Database } from '../db/schema.js';
import { issueDevicePassword } from '../modules/ingest/mqtt/device-credentials.js';
import { createIntegrationsRepo, hashToken } from '../modules/integrations/repo.js';
import type { LatestValues } from './device-model.js';
import { modelOf } from './device-models.js';
import type { DeviceRoute, SimulatedDevice } from './runner.js';

/** The integrations the simulator sends through, one per network, in each top-level business it plays devices of. */
export const SIMULATOR_INTEGRATIONS = {
  sigfox: 'Simulator (sigfox)',
  chirpstack: 'Simulator (chirpstack)',
  http: 'Simulator (http)',
} as const satisfies Partial<Record<IntegrationNetwork, string>>;
type SimulatorNetwork = keyof typeof SIMULATOR_INTEGRATIONS;

/** seed-devices.ts numbers the demo devices' serials so; devices people add are never played. */
const DEMO_SERIAL_PATTERN = 'DEMO-%';

export interface ProvisionOptions {
  /** Issue MQTT passwords to the Wi-Fi and cellular devices (replacing theirs), for a broker to check. */
  mqtt: boolean;
}

function latestValuesOf(json: string): LatestValues {
  const parsed: unknown = JSON.parse(json);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  return Object.fromEntries(
    Object.entries(parsed as Record<string, { value?: SignalValue; date?: number | null }>).flatMap(([key, entry]) =>
      entry?.value === undefined ? [] : [[key, { value: entry.value, date: entry.date ?? null }]],
    ),
  );
}

/**
 * The demo devices to play, with fresh credentials. Tokens are shown only when an integration is created, so each
 * start replaces the simulator's integrations (found by name) with new ones. Demo devices never seen stay silent,
 * as the demo shows one that never reported.
 */
export async function provisionSimulator(db: Database, options: ProvisionOptions): Promise<SimulatedDevice[]> {
  const rows = await db
    .selectFrom('devices')
    .select(['id', 'description', 'deviceType', 'businessPath', 'communication', 'sigfoxId', 'loraEui', 'signalValues'])
    .select((eb) =>
      eb
        .exists(
          eb.selectFrom('readings').select('readings.deviceKey').whereRef('readings.deviceKey', '=', 'devices.key'),
        )
        .as('hasReadings'),
    )
    .where('serialNumber', 'like', DEMO_SERIAL_PATTERN)
    .where('lastSeenAt', 'is not', null)
    .orderBy('serialNumber')
    .execute();
  const playable = rows.filter((row) => modelOf(row.deviceType) !== undefined);
  if (playable.length === 0) return [];

  const networkOf = (row: (typeof rows)[number]): SimulatorNetwork | null => {
    if (row.communication === 'sigfox') return row.sigfoxId ? 'sigfox' : null;
    if (row.communication === 'lora') return row.loraEui ? 'chirpstack' : null;
    return 'http';
  };
  const roots = await db.selectFrom('businesses').select(['id', 'path']).where('parentId', 'is', null).execute();
  const rootOf = (path: string) => roots.find((root) => path.startsWith(root.path));

  const tokens = await db.transaction().execute(async (trx) => {
    const integrations = createIntegrationsRepo(trx);
    const issued = new Map<string, string>();
    for (const root of roots) {
      const networks = new Set(
        playable.filter((row) => rootOf(row.businessPath) === root).flatMap((row) => networkOf(row) ?? []),
      );
      const names: string[] = Object.values(SIMULATOR_INTEGRATIONS);
      await trx.deleteFrom('integrations').where('businessId', '=', root.id).where('name', 'in', names).execute();
      for (const network of networks) {
        // As the integrations service makes them; it needs a signed-in administrator, which the server is not.
        const token = `itg_${randomBytes(32).toString('base64url')}`;
        await integrations.insert({
          id: randomUUID(),
          businessId: root.id,
          network,
          name: SIMULATOR_INTEGRATIONS[network],
          tokenHash: hashToken(token),
          tokenHint: token.slice(0, 10),
          serverUrl: null,
          serverKey: null,
          application: null,
          webhookId: null,
          createdAt: Date.now(),
          version: 1,
        });
        issued.set(`${root.id}/${network}`, token);
      }
    }
    return issued;
  });

  const devices: SimulatedDevice[] = [];
  for (const row of playable) {
    const network = networkOf(row);
    const root = rootOf(row.businessPath);
    const token = root && network ? tokens.get(`${root.id}/${network}`) : undefined;
    if (!network || !token) continue;
    let route: DeviceRoute;
    if (network === 'sigfox') route = { network: 'sigfox', sigfoxId: row.sigfoxId ?? '', token };
    else if (network === 'chirpstack') route = { network: 'lora', loraEui: row.loraEui ?? '', token };
    else {
      const mqttPassword = options.mqtt ? await issueDevicePassword(db, row.id) : null;
      route = { network: 'ip', httpToken: token, mqttPassword };
    }
    devices.push({
      id: row.id,
      description: row.description,
      deviceType: row.deviceType,
      latest: latestValuesOf(row.signalValues),
      hasReadings: Boolean(row.hasReadings),
      route,
    });
  }
  return devices;
}
