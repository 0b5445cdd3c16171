import { randomUUID } from 'node:crypto';
import { z } from '@iot/shared';
import { guardedPost } from '../../adapters/outbound-http/guarded-post.js';
import type { IntegrationHealthRecorder } from '../integrations/health.js';
import type { IntegrationRow, IntegrationsRepo } from '../integrations/repo.js';
import type { Downlink, LoraRoute } from './pipeline.js';
import type { IngestDeviceRow } from './repo.js';

/** A network server that does not answer within this time has not queued the downlink. */
const TIMEOUT_MS = 10_000;

/** LoRaWAN's default application port, for a codec that names none. */
const DEFAULT_PORT = 1;

/** What a correlation id the platform gives The Things Stack starts with; the rest is the downlink's own. */
export const TTN_CORRELATION_PREFIX = 'platform:downlink:';

/** ChirpStack's answer to a queued downlink: the queue item's id, which its `ack` and `txack` events name. */
const ChirpstackQueued = z.object({ id: z.string().min(1).max(64) });

/**
 * Queues a downlink on the LoRa network server the device is heard through, with the integration's base URL and API
 * key: ChirpStack v4's REST API (`POST /api/devices/{devEui}/queue`) or The Things Stack's webhook push
 * (`POST /api/v3/as/applications/{app}/webhooks/{webhook}/devices/{device}/down/push`). The URL is a tenant's: unless
 * allowed, no private address is reached. Answers the network server's reference of the downlink, which its later word
 * on it names (null when it gave none); throws when it was not queued, telling the integration's health why.
 */
export function createLoraDownlinkSender({
  integrationsRepo,
  health,
  allowPrivateAddresses,
}: {
  integrationsRepo: IntegrationsRepo;
  health: IntegrationHealthRecorder;
  allowPrivateAddresses: boolean;
}) {
  return async (route: LoraRoute, device: IngestDeviceRow, downlink: Downlink): Promise<string | null> => {
    const integration = await integrationsRepo.findById(route.integrationId);
    if (!integration?.serverUrl) throw new Error('the integration names no network server');
    try {
      return await queue(integration, route, device, downlink);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      health.error(integration.id, `Downlink for ${device.loraEui ?? device.id} not queued: ${reason}`);
      throw error;
    }
  };

  async function queue(
    integration: IntegrationRow,
    route: LoraRoute,
    device: IngestDeviceRow,
    downlink: Downlink,
  ): Promise<string | null> {
    const data = Buffer.from(downlink.hex, 'hex').toString('base64');
    const port = downlink.port ?? DEFAULT_PORT;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (integration.serverKey) headers.authorization = `Bearer ${integration.serverKey}`;
    let path: string;
    let body: unknown;
    let ref: string | null = null;
    if (integration.network === 'chirpstack') {
      if (!device.loraEui) throw new Error('the device has no DevEUI');
      path = `/api/devices/${device.loraEui.toLowerCase()}/queue`;
      // ChirpStack's gRPC gateway reads the key from this header; its newer REST API from Authorization.
      if (integration.serverKey) headers['grpc-metadata-authorization'] = `Bearer ${integration.serverKey}`;
      body = { queueItem: { confirmed: true, data, fPort: port } };
    } else if (integration.network === 'ttn') {
      // Integrations kept from before the two settings may lack the application id: the uplinks' then stands.
      const applicationId = integration.application ?? route.ttn?.applicationId;
      const deviceId = route.ttn?.deviceId ?? (device.loraEui ? `eui-${device.loraEui.toLowerCase()}` : undefined);
      if (!integration.webhookId || !applicationId || !deviceId) {
        throw new Error('The Things Stack needs the application id and the webhook id');
      }
      path = `/api/v3/as/applications/${encodeURIComponent(applicationId)}/webhooks/${encodeURIComponent(integration.webhookId)}/devices/${encodeURIComponent(deviceId)}/down/push`;
      // The Things Stack answers the push with nothing; the correlation id given comes back with its ack or nack.
      ref = `${TTN_CORRELATION_PREFIX}${randomUUID()}`;
      body = {
        downlinks: [{ frm_payload: data, f_port: port, priority: 'NORMAL', confirmed: true, correlation_ids: [ref] }],
      };
    } else {
      throw new Error(`a ${integration.network} integration takes no LoRa downlinks`);
    }
    const answer = await guardedPost(new URL(`${integration.serverUrl}${path}`), {
      headers,
      body: JSON.stringify(body),
      timeoutMs: TIMEOUT_MS,
      allowPrivateAddresses,
    });
    if (answer.status < 200 || answer.status > 299) {
      throw new Error(`the network server answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    }
    if (integration.network === 'ttn') return ref;
    const queued = ChirpstackQueued.safeParse(parseJson(answer.body));
    return queued.success ? queued.data.id : null;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
