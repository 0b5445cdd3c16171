import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { Aedes, type AuthenticateError, type Client, type PublishPacket } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/schema.js';
import { uplinkOf } from '../device-message.js';
import type { IngestPipeline } from '../pipeline.js';
import { clientIdFits, mayUseTopic, verifyDevicePassword } from './device-credentials.js';
import { guardedConnection } from './packet-size-guard.js';

export interface EmbeddedBroker {
  /** The port it listens on (the one chosen when asked for port 0). */
  port: number;
  publish(topic: string, payload: Buffer): Promise<void>;
  close(): Promise<void>;
}

export interface EmbeddedBrokerOptions {
  host: string;
  port: number;
  db: Database;
  pipeline: Pick<IngestPipeline, 'ingest'>;
  log: FastifyBaseLogger;
  /** The largest packet a device may send, fixed header included; a larger one closes its connection. */
  maxPacketBytes: number;
  /** How long a new connection has to send its whole CONNECT. */
  connectTimeoutMs: number;
}

/** The largest CONNECT: credentials, client id and a will message fit in far less. */
const MAX_CONNECT_BYTES = 64 * 1024;

// Return codes of MQTT 3.1.1 CONNACK (aedes declares them as a const enum, which isolated modules cannot read).
const IDENTIFIER_REJECTED = 2;
const SERVER_UNAVAILABLE = 3;
const BAD_USERNAME_OR_PASSWORD = 4;

const refusal = (message: string, returnCode: number) =>
  Object.assign(new Error(message), { returnCode }) as AuthenticateError;

/**
 * An MQTT broker in the server process, for Wi-Fi and cellular devices: each device signs in with its uuid and its
 * own password, publishes on `devices/{uuid}/up` and subscribes to `devices/{uuid}/down`, nothing else.
 */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const { db, pipeline, log } = options;
  // The device each connection signed in as; the client id is the device's choice, the username is proven.
  const deviceOf = new WeakMap<Client, string>();

  const broker = await Aedes.createBroker({
    connectTimeout: options.connectTimeoutMs,
    authenticate(client, username, password, done) {
      if (!username || !password) return done(refusal('credentials required', BAD_USERNAME_OR_PASSWORD), false);
      if (!clientIdFits(client.id, username))
        return done(refusal('client id of another device', IDENTIFIER_REJECTED), false);
      verifyDevicePassword(db, username, password.toString('utf8')).then(
        (valid) => {
          if (!valid) return done(refusal('wrong credentials', BAD_USERNAME_OR_PASSWORD), false);
          deviceOf.set(client, username);
          done(null, true);
        },
        (error: unknown) => {
          log.error({ err: error }, 'MQTT sign-in could not be checked');
          done(refusal('credentials could not be checked', SERVER_UNAVAILABLE), false);
        },
      );
    },

    authorizePublish(client, packet, callback) {
      // A publish without a client comes from the server itself (downlinks).
      if (!client) return callback(null);
      const deviceId = deviceOf.get(client);
      if (!deviceId || !mayUseTopic(deviceId, 'publish', packet.topic)) {
        // MQTT 3.1.1 has no way to refuse one message: aedes closes the connection instead.
        return callback(new Error(`${client.id} may not publish on ${packet.topic}`));
      }
      ingest(deviceId, packet).then(
        () => callback(null),
        (error: unknown) => {
          // No PUBACK: the connection closes and the device sends the message again after reconnecting.
          log.error({ err: error, deviceId }, 'MQTT uplink not stored');
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    },

    authorizeSubscribe(client, subscription, callback) {
      const deviceId = deviceOf.get(client);
      // A refused subscription is answered with the failure code 0x80 in SUBACK; the connection stays.
      callback(null, deviceId && mayUseTopic(deviceId, 'subscribe', subscription.topic) ? subscription : null);
    },
  });

  /**
   * Resolves once the message is stored, so that aedes answers PUBACK only then. A message that is not JSON of the
   * documented shape is stored too, marked unreadable, and acknowledged: refusing it would make the device resend it
   * forever.
   */
  async function ingest(deviceId: string, packet: PublishPacket) {
    const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
    const outcome = await pipeline.ingest(uplinkOf(deviceId, payload));
    // The device was deleted while connected: nothing to store it under.
    if (outcome.status === 'unknown_device') log.warn({ deviceId }, 'MQTT message of a deleted device ignored');
    // Its network ids changed to LoRa or Sigfox while it was connected.
    if (outcome.status === 'other_network') log.warn({ deviceId }, 'MQTT message of a LoRa or Sigfox device ignored');
  }

  broker.on('clientError', (client, error) => log.debug({ clientId: client.id, err: error }, 'MQTT client error'));
  // Before a CONNECT is read: a refused packet size, a CONNECT too late.
  broker.on('connectionError', (_client, error) => log.debug({ err: error }, 'MQTT connection refused'));

  // Packets are checked against their declared size before aedes buffers them, before sign-in too.
  const limits = { connectBytes: MAX_CONNECT_BYTES, packetBytes: options.maxPacketBytes };
  const server = createServer((socket) => broker.handle(guardedConnection(socket, limits)));
  server.listen(options.port, options.host);
  try {
    await once(server, 'listening');
  } catch (error) {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    throw error;
  }

  return {
    port: (server.address() as AddressInfo).port,
    publish: (topic, payload) =>
      new Promise((resolve, reject) =>
        broker.publish({ cmd: 'publish', topic, payload, qos: 1, retain: false, dup: false }, (error) =>
          error ? reject(error) : resolve(),
        ),
      ),
    async close() {
      // The broker first: it closes its clients, without which the server would wait for them.
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
