import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IClientOptions, type IPublishPacket, type MqttClient } from 'mqtt';
import { deviceOfUpTopic, uplinkOf } from '../device-message.js';
import type { IngestPipeline } from '../pipeline.js';

export interface ExternalSubscriber {
  publish(topic: string, payload: Buffer): Promise<void>;
  close(): Promise<void>;
}

export interface ExternalSubscriberOptions {
  /** `mqtt://user:password@host:port`. */
  url: string;
  pipeline: Pick<IngestPipeline, 'ingest'>;
  log: FastifyBaseLogger;
  /**
   * Stable across restarts of this instance: the broker keeps its session, with the messages it sent but saw no
   * PUBACK for, under this id, and sends them again when the same id connects.
   */
  clientId: string;
  /** Instances in the same group share the stream, each message going to one of them. */
  group?: string;
  /**
   * Connections of this instance in the group. mqtt.js handles one message of a connection at a time and each waits
   * for its transaction, so more connections keep more messages in the pipeline's batches.
   */
  connections?: number;
  /** For tests: how long to wait before reconnecting. */
  reconnectPeriodMs?: number;
}

/**
 * Ingests what devices publish on `devices/+/up` of an external broker (Mosquitto, EMQX), through a shared
 * subscription, acknowledging each message only once it is stored.
 */
export async function startExternalSubscriber(options: ExternalSubscriberOptions): Promise<ExternalSubscriber> {
  const count = Math.max(1, options.connections ?? 4);
  const clients: MqttClient[] = [];
  try {
    for (let index = 0; index < count; index += 1) {
      clients.push(await connectOne(options, `${options.clientId}-${index}`));
    }
  } catch (error) {
    await Promise.all(clients.map((client) => client.endAsync(true)));
    throw error;
  }
  const [first] = clients;
  if (!first) throw new Error('no MQTT connection');
  return {
    async publish(topic, payload) {
      await first.publishAsync(topic, payload, { qos: 1 });
    },
    async close() {
      // Not forced: a message being stored finishes, and its PUBACK goes out, before the connection closes.
      await Promise.all(clients.map((client) => client.endAsync()));
    },
  };
}

async function connectOne(options: ExternalSubscriberOptions, clientId: string): Promise<MqttClient> {
  const { log } = options;
  const clientOptions: IClientOptions = {
    clientId,
    clean: false,
    reconnectPeriod: options.reconnectPeriodMs ?? 1000,
    // Connected by hand below, once `handleMessage` is in place: with a kept session the broker resends at once after
    // CONNACK, before `connectAsync` would have handed the client over, and the default handler acknowledges unstored.
    manualConnect: true,
  };
  const client = mqtt.connect(options.url, clientOptions);
  client.handleMessage = (packet, callback) => {
    handle(options, packet).then(
      () => callback(),
      (error: unknown) => {
        log.error({ err: error, topic: packet.topic }, 'MQTT uplink not stored: reconnecting for it to be resent');
        callback(error instanceof Error ? error : new Error(String(error)));
        // mqtt.js only leaves the message unacknowledged; the broker resends it when the session reconnects.
        client.stream.destroy();
      },
    );
  };
  client.on('error', (error) => log.warn({ err: error, clientId }, 'MQTT connection error'));
  try {
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
      client.connect();
    });
    const group = options.group ?? 'ingest';
    await client.subscribeAsync(`$share/${group}/devices/+/up`, { qos: 1 });
  } catch (error) {
    await client.endAsync(true);
    throw error;
  }
  return client;
}

/**
 * Resolves once the message is stored (one that does not read as a device message is stored marked unreadable), or
 * known not to be storable: a message on another topic, or of no device, is acknowledged anyway (with a warning), or
 * the broker would resend it forever.
 */
async function handle(options: ExternalSubscriberOptions, packet: IPublishPacket) {
  const deviceId = deviceOfUpTopic(packet.topic);
  const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
  if (!deviceId) {
    options.log.warn({ topic: packet.topic, bytes: payload.length }, 'MQTT message ignored: not a device topic');
    return;
  }
  const outcome = await options.pipeline.ingest(uplinkOf(deviceId, payload));
  if (outcome.status === 'unknown_device') options.log.warn({ deviceId }, 'MQTT message of an unknown device ignored');
  if (outcome.status === 'other_network') {
    options.log.warn({ deviceId }, 'MQTT message of a LoRa or Sigfox device ignored');
  }
}
