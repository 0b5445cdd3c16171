/**
 * The load side of `bench/ingest.ts`, in a process of its own as real senders would be: for SECONDS it sends messages
 * of DEVICES devices (3 signals each, a fresh `seq` each time) as fast as the server answers, with CONCURRENCY
 * requests in flight, and prints `{ messages, seconds, p99Ms }` as JSON. Modes: `http` (one message per request),
 * `http-batch` (100 messages per request), `mqtt` (QoS 1 publishes, PUBACK counted; one connection per device; with
 * `rate`, at that steady rate rather than as fast as acknowledged, for the latency a publisher sees short of saturation).
 */
import mqtt from 'mqtt';

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
}

const BATCH = 100;

const options = JSON.parse(process.argv[2] ?? '{}') as Options;
let seq = options.firstSeq;
const message = () => ({
  seq: seq++,
  values: { battery: 50 + (seq % 50), speed: seq % 120, heading: seq % 360 },
});

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
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
        const device = options.devices[next++ % options.devices.length] as { uuid: string };
        return { device: device.uuid, ...message() };
      });
      const started = performance.now();
      const response = await fetch(`${options.url}/api/ingest/http`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-integration-token': options.token },
        body: JSON.stringify(batch ? body : body[0]),
      });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${response.status}: ${text}`);
      latencies.push(performance.now() - started);
      messages += size;
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { messages, seconds, p99Ms: percentile(latencies, 99) };
}

async function runMqtt() {
  const clients = await Promise.all(
    options.devices.map((device) =>
      mqtt.connectAsync(options.mqttUrl ?? '', {
        username: device.uuid,
        password: device.password ?? '',
        // The embedded broker takes a device's own uuid, or its uuid and a suffix, as client id.
        clientId: `${device.uuid}-bench`,
        reconnectPeriod: 0,
      }),
    ),
  );
  const latencies: number[] = [];
  let messages = 0;
  const end = performance.now() + options.seconds * 1000;
  // Each connection keeps CONCURRENCY / devices publishes in flight, at least one.
  const inFlight = Math.max(1, Math.round(options.concurrency / clients.length));
  // At a steady rate each device publishes on its own schedule, whether or not its last message was acknowledged.
  const period = options.rate ? (clients.length / options.rate) * 1000 : 0;
  async function paced(client: mqtt.MqttClient, uuid: string) {
    const pending: Promise<void>[] = [];
    let next = performance.now() + Math.random() * period;
    while (next < end) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
      next += period;
      const started = performance.now();
      pending.push(
        client.publishAsync(`devices/${uuid}/up`, JSON.stringify(message()), { qos: 1 }).then(() => {
          latencies.push(performance.now() - started);
          messages += 1;
        }),
      );
    }
    await Promise.all(pending);
  }
  async function worker(client: mqtt.MqttClient, uuid: string) {
    while (performance.now() < end) {
      const started = performance.now();
      await client.publishAsync(`devices/${uuid}/up`, JSON.stringify(message()), { qos: 1 });
      latencies.push(performance.now() - started);
      messages += 1;
    }
  }
  const started = performance.now();
  await Promise.all(
    clients.flatMap((client, index) => {
      const { uuid } = options.devices[index] as { uuid: string };
      return period > 0 ? [paced(client, uuid)] : Array.from({ length: inFlight }, () => worker(client, uuid));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(clients.map((client) => client.endAsync()));
  return { messages, seconds, p99Ms: percentile(latencies, 99) };
}

const result = options.mode === 'mqtt' ? await runMqtt() : await runHttp(options.mode === 'http-batch');
process.stdout.write(JSON.stringify(result));
