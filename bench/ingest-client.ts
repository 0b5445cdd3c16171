/**
 * The load side of `bench/ingest.ts`, in a process of its own as real senders would be: for SECONDS it sends messages
 * of DEVICES devices (3 signals each, a fresh `seq` each time) as fast as the server answers, with CONCURRENCY
 * requests in flight, and prints `{ messages, seconds, p99Ms }` as JSON. Modes: `http` (one message per request),
 * `http-batch` (100 messages per request), `mqtt` (QoS 1 publishes, PUBACK counted; one connection per device; with
 * `rate`, at that steady rate rather than as fast as acknowledged, for the latency a publisher sees short of saturation).
 * With `positions`, each message carries the device's position too, each device driving its own way across the region
 * of `bench-places.ts` (the ingest pipeline's location states).
 */
import http from 'node:http';
import net from 'node:net';
import mqttPacket from 'mqtt-packet';
import { positionOf } from './bench-places.js';

interface Options {
  mode: 'http' | 'http-batch' | 'mqtt';
  url: string;
  token: string;
  devices: { uuid: string; password?: string }[];
  seconds: number;
  concurrency: number;
  mqttUrl?: string;
  /** The first message counter: each run takes its own range, so no message of one run repeats one of another. */
  firstSeq: number;
  /** MQTT at a steady rate (messages per second, over all devices) instead of as fast as acknowledged. */
  rate?: number;
  /** Each message with the device's position. */
  positions?: boolean;
}

const BATCH = 100;

const options = JSON.parse(process.argv[2] ?? '{}') as Options;
let seq = options.firstSeq;
/** How many messages each device sent: where it is along its way. */
const steps = new Array<number>(options.devices.length).fill(0);
const message = (device: number) => {
  seq += 1;
  const values = { battery: 50 + (seq % 50), speed: seq % 120, heading: seq % 360 };
  if (!options.positions) return { seq, values };
  steps[device] = (steps[device] ?? 0) + 1;
  return { seq, values: { ...values, position: positionOf(device, steps[device] ?? 0) } };
};

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

/**
 * Node's http client on kept-alive connections, one per request in flight. Not `fetch`: on this 2-core machine the load
 * side runs beside the server, and with `fetch` it took more CPU than the server (measured with one message per
 * request: the load process 112% of a core, the server's two threads 78%).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
const ingestUrl = new URL('/api/ingest/http', options.url);
function post(body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      ingestUrl,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-integration-token': options.token,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function runHttp(batch: boolean) {
  const latencies: number[] = [];
  let messages = 0;
  let next = 0;
  const end = performance.now() + options.seconds * 1000;
  async function worker() {
    while (performance.now() < end) {
      const size = batch ? BATCH : 1;
      const body = Array.from({ length: size }, () => {
        const index = next++ % options.devices.length;
        const device = options.devices[index] as { uuid: string };
        return { device: device.uuid, ...message(index) };
      });
      const started = performance.now();
      const { status, text } = await post(JSON.stringify(batch ? body : body[0]));
      if (status !== 200) throw new Error(`${status}: ${text}`);
      latencies.push(performance.now() - started);
      messages += size;
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { messages, seconds, p99Ms: percentile(latencies, 99) };
}

/**
 * One device's MQTT session over a bare socket: CONNECT, then QoS 1 PUBLISHes answered by PUBACKs. The packets are
 * mqtt-packet's (the codec the mqtt client and the embedded broker use); the protocol machinery of a full client
 * (stores, reconnection, timers per message) is left out, because on this 2-core machine the load side runs beside the
 * server: with the mqtt client it took about 70% of a core at 6,000 messages/s, CPU the server under test then lacked.
 */
async function connectDevice(url: URL, device: { uuid: string; password?: string }) {
  const socket = net.connect({ host: url.hostname, port: Number(url.port), noDelay: true });
  const parser = mqttPacket.parser({ protocolVersion: 4 });
  /** Publishes awaiting their PUBACK; a connection that fails or closes fails them all, so a run never waits on it. */
  const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  let connecting: { resolve: () => void; reject: (error: Error) => void } | undefined;
  const fail = (error: Error) => {
    connecting?.reject(error);
    for (const publish of waiting.values()) publish.reject(error);
    waiting.clear();
  };
  parser.on('packet', (packet) => {
    if (packet.cmd === 'connack') {
      if (packet.returnCode === 0) connecting?.resolve();
      else fail(new Error(`${device.uuid}: CONNACK ${packet.returnCode}`));
    } else if (packet.cmd === 'puback' && packet.messageId !== undefined) {
      waiting.get(packet.messageId)?.resolve();
      waiting.delete(packet.messageId);
    }
  });
  parser.on('error', fail);
  socket.on('data', (chunk) => parser.parse(chunk));
  socket.on('error', fail);
  socket.on('close', () => fail(new Error(`${device.uuid}: connection closed`)));
  await new Promise<void>((resolve, reject) => {
    connecting = { resolve, reject };
    socket.write(
      mqttPacket.generate({
        cmd: 'connect',
        protocolId: 'MQTT',
        protocolVersion: 4,
        clean: true,
        keepalive: 0,
        // The embedded broker takes a device's own uuid, or its uuid and a suffix, as client id.
        clientId: `${device.uuid}-bench`,
        username: device.uuid,
        password: Buffer.from(device.password ?? ''),
      }),
    );
  });
  connecting = undefined;
  const topic = `devices/${device.uuid}/up`;
  let nextId = 0;
  return {
    /** Resolves when the server acknowledges (PUBACK: stored). */
    publish(payload: string) {
      nextId = (nextId % 65535) + 1;
      const messageId = nextId;
      return new Promise<void>((resolve, reject) => {
        waiting.set(messageId, { resolve, reject });
        socket.write(
          mqttPacket.generate({ cmd: 'publish', topic, payload, qos: 1, messageId, dup: false, retain: false }),
        );
      });
    },
    end: () => new Promise<void>((resolve) => socket.end(mqttPacket.generate({ cmd: 'disconnect' }), resolve)),
  };
}

type Client = Awaited<ReturnType<typeof connectDevice>>;

async function runMqtt() {
  const url = new URL(options.mqttUrl ?? '');
  const clients = await Promise.all(options.devices.map((device) => connectDevice(url, device)));
  const latencies: number[] = [];
  let messages = 0;
  const end = performance.now() + options.seconds * 1000;
  // Each connection keeps CONCURRENCY / devices publishes in flight, at least one.
  const inFlight = Math.max(1, Math.round(options.concurrency / clients.length));
  /**
   * At a steady rate: one timer publishes what is due since its last tick, the devices in turn, whether or not their
   * last messages were acknowledged. With a timer per device the load process took 49% of a core at 9,000 messages/s,
   * on the 2 cores it shares with the server; with one, 38%.
   */
  async function paced(rate: number) {
    const pending: Promise<void>[] = [];
    let sent = 0;
    const first = performance.now();
    await new Promise<void>((resolve) => {
      const ticker = setInterval(() => {
        const now = performance.now();
        if (now >= end) {
          clearInterval(ticker);
          resolve();
          return;
        }
        for (const due = Math.floor(((now - first) / 1000) * rate); sent < due; sent++) {
          const started = performance.now();
          const index = sent % clients.length;
          const client = clients[index] as Client;
          pending.push(
            client.publish(JSON.stringify(message(index))).then(() => {
              latencies.push(performance.now() - started);
              messages += 1;
            }),
          );
        }
      }, 1);
    });
    await Promise.all(pending);
  }
  async function worker(client: Client, index: number) {
    while (performance.now() < end) {
      const started = performance.now();
      await client.publish(JSON.stringify(message(index)));
      latencies.push(performance.now() - started);
      messages += 1;
    }
  }
  const started = performance.now();
  await (options.rate
    ? paced(options.rate)
    : Promise.all(clients.flatMap((client, index) => Array.from({ length: inFlight }, () => worker(client, index)))));
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(clients.map((client) => client.end()));
  return { messages, seconds, p99Ms: percentile(latencies, 99) };
}

const result = options.mode === 'mqtt' ? await runMqtt() : await runHttp(options.mode === 'http-batch');
process.stdout.write(JSON.stringify(result));
