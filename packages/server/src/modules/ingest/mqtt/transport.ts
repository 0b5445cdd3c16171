import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.js';
import type { Database } from '../../../db/schema.js';
import { downlinkMessage } from '../device-message.js';
import type { IngestPipeline } from '../pipeline.js';
import { topicDown } from './device-credentials.js';
import { startEmbeddedBroker } from './embedded-broker.js';
import { startExternalSubscriber } from './external-subscriber.js';

export interface MqttTransport {
  /** The embedded broker's port; null with an external broker. */
  port: number | null;
  close(): Promise<void>;
}

export interface MqttTransportOptions {
  config: Config;
  db: Database;
  pipeline: Pick<IngestPipeline, 'ingest' | 'setIpDownlinkSender'>;
  log: FastifyBaseLogger;
  /** The shared subscription's group on an external broker (instances of one installation share one). */
  group?: string;
}

/**
 * MQTT ingest for Wi-Fi and cellular devices: the broker embedded in this process, or, with `MQTT_URL`, a share of
 * the stream of an external broker. Parameters and output commands waiting for a device go out on its `down` topic
 * after its uplink.
 */
export async function startMqttTransport({
  config,
  db,
  pipeline,
  log,
  group,
}: MqttTransportOptions): Promise<MqttTransport> {
  const sendDownlinksThrough = (publish: (topic: string, payload: Buffer) => Promise<void>) =>
    pipeline.setIpDownlinkSender((deviceId, message) => publish(topicDown(deviceId), downlinkMessage(message)));
  if (config.mqttUrl) {
    const subscriber = await startExternalSubscriber({
      url: config.mqttUrl,
      pipeline,
      log,
      ...(group ? { group } : {}),
      // The same instance (machine and HTTP port) comes back under the same id, and so to its unacknowledged messages.
      clientId: `ingest-${hostname()}-${config.port}`,
    });
    sendDownlinksThrough(subscriber.publish);
    return { port: null, close: subscriber.close };
  }
  const broker = await startEmbeddedBroker({
    host: config.host,
    port: config.mqttPort,
    db,
    pipeline,
    log,
    maxPacketBytes: config.mqttMaxPacketBytes,
    connectTimeoutMs: config.mqttConnectTimeoutMs,
  });
  sendDownlinksThrough(broker.publish);
  log.info({ port: broker.port }, 'MQTT broker listening');
  return { port: broker.port, close: broker.close };
}
