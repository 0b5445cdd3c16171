import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readingsOfDevice } from '../../../testing/readings.js';
import { databaseKinds } from '../../../testing/test-database.js';
import { connectDevice, type MqttTestApp, startMqttTestApp } from './test-harness.js';

const MB = 1024 * 1024;
const MAX_PACKET_BYTES = 128 * 1024;

/** A fixed header: the packet type's byte, then the remaining length in MQTT's variable-length encoding. */
function fixedHeader(firstByte: number, remainingLength: number): Buffer {
  const bytes = [firstByte];
  let left = remainingLength;
  do {
    const digit = left % 128;
    left = Math.floor(left / 128);
    bytes.push(left > 0 ? digit | 0x80 : digit);
  } while (left > 0);
  return Buffer.from(bytes);
}

const CONNECT = 0x10;

/** A raw connection to the broker, and when the broker closed it (errors are the broker hanging up). */
async function rawConnection(port: number) {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  await once(socket, 'connect');
  return { socket, closed };
}

/** Writes `bytes` bytes in chunks, as fast as the broker reads them, until done or the connection closes. */
async function stream(socket: Socket, bytes: number) {
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  for (let sent = 0; sent < bytes && !socket.destroyed; sent += chunk.length) {
    if (!socket.write(chunk)) {
      await new Promise((resolve) => {
        socket.once('drain', resolve);
        socket.once('close', resolve);
      });
    }
  }
}

const withinMs = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms))]);

describe.each(databaseKinds())('the embedded broker refuses oversized and slow packets on %s', (kind) => {
  let h: MqttTestApp;
  const clients: MqttClient[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    h = await startMqttTestApp(kind, {
      MQTT_MAX_PACKET_BYTES: String(MAX_PACKET_BYTES),
      MQTT_CONNECT_TIMEOUT_SECONDS: '3',
    });
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
  });
  afterAll(async () => h?.close());

  async function connectedDevice() {
    const device = await h.createDevice();
    const issued = await h.issueCredentials(device.uuid);
    const client = await connectDevice(h.port, device.uuid, issued.json().password);
    clients.push(client);
    return { device, client };
  }

  async function raw() {
    const connection = await rawConnection(h.port);
    sockets.push(connection.socket);
    return connection;
  }

  it('closes 20 connections declaring 100 MB CONNECTs at once, holding no memory, while a device publishes', async () => {
    const { device, client } = await connectedDevice();
    const uplink = (seq: number) =>
      client.publishAsync(`devices/${device.uuid}/up`, JSON.stringify({ seq, values: { speed: seq } }), { qos: 1 });
    // Once before measuring, so that what the first message loads is not counted.
    await uplink(1);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    try {
      const attackers = await Promise.all(Array.from({ length: 20 }, () => raw()));
      const declaredAt = Date.now();
      const streamed = attackers.map(({ socket }) => {
        socket.write(fixedHeader(CONNECT, 100 * MB));
        // Enough to be seen in the server's memory if it were buffered (20 × 8 MB), not 2 GB of it.
        return stream(socket, 8 * MB);
      });

      await uplink(2);
      expect(await readingsOfDevice(h.t.db, device.uuid).select(['value']).orderBy('value').execute()).toEqual([
        { value: '1' },
        { value: '2' },
      ]);

      // Well before the wait for a whole CONNECT ends.
      const closedAt = await Promise.all(attackers.map(({ closed }) => withinMs(closed, 3_000)));
      expect(closedAt.filter((at) => at === 'still open' || at - declaredAt > 1_500)).toEqual([]);
      await Promise.all(streamed);
      expect(client.connected).toBe(true);
    } finally {
      clearInterval(sampler);
    }
    expect(peak - before).toBeLessThan(50 * MB);
    expect(process.memoryUsage().rss - before).toBeLessThan(50 * MB);
  });

  it('closes a connection whose CONNECT declares more than 64 KiB, before reading it', async () => {
    const { socket, closed } = await raw();
    // Under a larger MQTT_MAX_PACKET_BYTES too: the limit of CONNECT is its own.
    socket.write(fixedHeader(CONNECT, 64 * 1024 + 1));
    expect(await withinMs(closed, 500)).not.toBe('still open');
  });

  it('closes a connection that has not sent its whole CONNECT in time', async () => {
    const { socket, closed } = await raw();
    const opened = Date.now();
    // The start of a CONNECT of 60 bytes, the rest never sent.
    socket.write(Buffer.concat([fixedHeader(CONNECT, 60), Buffer.from([0, 4, 0x4d, 0x51])]));
    const closedAt = await withinMs(closed, 6_000);
    expect(closedAt).not.toBe('still open');
    expect(closedAt as number).toBeGreaterThanOrEqual(opened + 2_900);
  });

  it('answers packets sent one after another without delay', async () => {
    const { device, client } = await connectedDevice();
    const started = Date.now();
    for (let attempt = 1; attempt <= 50; attempt++) {
      await client.subscribeAsync(`devices/${device.uuid}/down`, { qos: 1 });
    }
    // An answer sent in pieces would wait for the device's delayed TCP acknowledgement, 40 ms each.
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("closes a device's connection when it publishes a packet over MQTT_MAX_PACKET_BYTES, storing nothing of it", async () => {
    const { device, client } = await connectedDevice();
    const topic = `devices/${device.uuid}/up`;
    // Just under the limit: accepted and acknowledged (kept as a frame that could not be read).
    await client.publishAsync(topic, 'x'.repeat(MAX_PACKET_BYTES - 200), { qos: 1 });
    expect(client.connected).toBe(true);

    // The broker hangs up on it (ECONNRESET).
    client.on('error', () => {});
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(topic, JSON.stringify({ seq: 2, values: { speed: 9 }, note: 'x'.repeat(MAX_PACKET_BYTES) }), {
      qos: 1,
    });
    expect(await withinMs(closed, 2_000)).not.toBe('still open');
    expect(await readingsOfDevice(h.t.db, device.uuid).select(['signal']).execute()).toEqual([]);
  });
});
