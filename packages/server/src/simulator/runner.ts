import mqtt, { type MqttClient } from 'mqtt';
import { topicUp } from '../modules/ingest/mqtt/device-credentials.js';
import type { DeviceModel, LatestValues } from './device-model.js';
import { modelOf } from './device-models.js';
import { chirpstackUp, deviceMessage, sigfoxCallback } from './network-messages.js';
import { between, type Random } from './random.js';

/** How a simulated device reaches the platform: the paths and credentials a real one of its network would use. */
export type DeviceRoute =
  | { network: 'sigfox'; sigfoxId: string; token: string }
  | { network: 'lora'; loraEui: string; token: string }
  /** Wi-Fi and cellular: MQTT with the device's own password, else the HTTP ingest call with `httpToken`. */
  | { network: 'ip'; httpToken: string; mqttPassword: string | null };

export interface SimulatedDevice {
  id: string;
  description: string;
  deviceType: string;
  latest: LatestValues;
  /** Whether any reading of it is stored: one without has a history to send (`historyMs`). */
  hasReadings: boolean;
  route: DeviceRoute;
}

/** What the simulator logs through; a Fastify logger is one. */
export interface SimulatorLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface SimulatorOptions {
  /** The platform's URL, without a trailing slash. */
  baseUrl: string;
  devices: SimulatedDevice[];
  /** The broker Wi-Fi and cellular devices publish to; without it, or while it cannot be reached, they use HTTP. */
  mqttUrl?: string | undefined;
  /** Between a device's uplinks; each device adds up to a tenth more, so they do not all speak at once. */
  periodMs?: number;
  /** The first uplink of each device comes within this time of `start()`. */
  firstFrameWithinMs?: number;
  log: SimulatorLog;
  random?: Random;
  now?: () => number;
  /**
   * Devices without stored readings (a demo's first start) first send, with `sendHistory()`, the frames they would
   * have sent over this time before now, one every `HISTORY_STEP_MS` (or the model's own step): a fresh demo then opens on a day of readings
   * rather than on empty charts. 0 (the default): none.
   */
  historyMs?: number;
}

export interface Simulator {
  /** Signs the Wi-Fi and cellular devices in to the broker, waiting a few seconds at most. */
  connect(): Promise<void>;
  /** The history (`historyMs`) of the devices without readings, oldest frame first; resolves once it is stored. */
  sendHistory(): Promise<void>;
  /** One uplink of every device, now. */
  sendAll(): Promise<void>;
  /** Every device's uplinks, one per period, until `stop()`. */
  start(): void;
  stop(): Promise<void>;
}

export const DEFAULT_PERIOD_MS = 30_000;
/** Between two frames of a device's history: fine enough for a day's curve, few enough to send in a moment. */
export const HISTORY_STEP_MS = 15 * 60_000;
const FIRST_FRAME_WITHIN_MS = 5_000;
const CONNECT_WAIT_MS = 3_000;
const SEND_TIMEOUT_MS = 10_000;
const TOKEN_HEADER = 'x-integration-token';
/** MQTT CONNACK codes after which retrying with the same password is pointless. */
const REFUSED_CREDENTIALS = new Set([4, 5]);

interface Running {
  device: SimulatedDevice;
  model: DeviceModel;
  counter: number;
  client: MqttClient | null;
  failing: boolean;
  timer: NodeJS.Timeout | null;
  /** Where the device's history starts; null once sent, or when it has none to send. */
  historyFrom: number | null;
}

const withTimeout = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} timed out`)), ms).unref()),
  ]);

/**
 * Plays the given devices: each sends an uplink built by its type's model every period, over the path a real device
 * of its network takes (Sigfox callback, ChirpStack webhook, MQTT or the HTTP call), so the whole ingest runs.
 */
export function createSimulator(options: SimulatorOptions): Simulator {
  const { baseUrl, log } = options;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const periodMs = Math.max(1_000, options.periodMs ?? DEFAULT_PERIOD_MS);
  const firstWithinMs = options.firstFrameWithinMs ?? FIRST_FRAME_WITHIN_MS;
  // The server drops a counter it saw within the last hour, and a restarted simulator knows nothing of the counters
  // it sent. Counters start at the time in seconds and grow by one a frame, at most one a second (frames are at least
  // a second apart): a run that starts a second or more after the previous one's last frame starts above every
  // counter that one sent. History frames take the counters just below `firstCounter`, one a frame as a device
  // numbers them: stored at start, they count as seen for the next hour, so numbered otherwise (by their dates) they
  // could meet a live frame's counter once Sigfox keeps only 12 bits of it, and that frame would be dropped.
  const startedAt = now();
  const firstCounter = Math.floor(startedAt / 1000);
  const historyMs = options.historyMs ?? 0;
  const running: Running[] = options.devices.flatMap((device) => {
    const factory = modelOf(device.deviceType);
    if (!factory) return [];
    const historyFrom = historyMs > 0 && !device.hasReadings ? startedAt - historyMs : null;
    // A device with a history is played from its start, so its live frames go on from where the history ends.
    const model = factory({ deviceId: device.id, latest: device.latest, random, now: historyFrom ?? startedAt });
    return [{ device, model, counter: firstCounter, client: null, failing: false, timer: null, historyFrom }];
  });
  const inFlight = new Set<Promise<void>>();
  let stopped = false;

  async function post(path: string, token: string, body: object) {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  }

  async function deliver(entry: Running, at: number, counter: number) {
    const { device } = entry;
    const frame = entry.model.next(at, counter);
    const { route } = device;
    switch (route.network) {
      case 'sigfox': {
        const body = sigfoxCallback(
          { sigfoxId: route.sigfoxId, deviceType: device.deviceType },
          frame,
          counter,
          at,
          random,
        );
        return post('/api/ingest/sigfox', route.token, body);
      }
      case 'lora': {
        const body = chirpstackUp({ ...device, loraEui: route.loraEui }, frame, counter, at, random);
        return post('/api/ingest/lora/chirpstack?event=up', route.token, body);
      }
      case 'ip': {
        const message = deviceMessage(device.id, frame, counter, at, random);
        const { client } = entry;
        if (client?.connected) {
          try {
            await withTimeout(
              client.publishAsync(topicUp(device.id), JSON.stringify(message), { qos: 1 }),
              SEND_TIMEOUT_MS,
              'MQTT publish',
            );
            return;
          } catch {
            // Sent again over HTTP: should the broker have stored it after all, the same `seq` makes it a duplicate.
          }
        }
        return post('/api/ingest/http', route.httpToken, { device: device.id, ...message });
      }
    }
  }

  async function send(entry: Running) {
    try {
      await deliver(entry, now(), entry.counter++);
      if (entry.failing) log.info({ device: entry.device.id }, 'simulated device reaches the platform again');
      entry.failing = false;
    } catch (error) {
      // Once per outage, not every period: a server going down would otherwise fill the log.
      if (!entry.failing && !stopped) {
        log.warn({ device: entry.device.id, err: error }, 'simulated uplink not delivered');
      }
      entry.failing = true;
    }
  }

  function tracked(entry: Running) {
    const sending = send(entry);
    inFlight.add(sending);
    return sending.finally(() => inFlight.delete(sending));
  }

  function connectDevice(entry: Running, url: string, password: string): Promise<void> {
    const client = mqtt.connect(url, {
      clientId: `${entry.device.id}-simulator`,
      username: entry.device.id,
      password,
      clean: true,
      reconnectPeriod: 5_000,
      connectTimeout: CONNECT_WAIT_MS,
    });
    entry.client = client;
    let warned = false;
    client.on('error', (error) => {
      const code = 'code' in error ? error.code : undefined;
      if (typeof code === 'number' && REFUSED_CREDENTIALS.has(code)) {
        log.warn({ device: entry.device.id, code }, 'broker refused the simulated device: it posts over HTTP');
        entry.client = null;
        client.end(true);
      } else if (!warned) {
        warned = true;
        log.warn({ device: entry.device.id, err: error }, 'simulated device cannot reach the broker yet');
      }
    });
    return new Promise((resolve) => {
      client.once('connect', () => resolve());
      client.once('end', () => resolve());
      setTimeout(resolve, CONNECT_WAIT_MS).unref();
    });
  }

  async function sendHistoryOf(entry: Running, from: number) {
    entry.historyFrom = null;
    try {
      const step = entry.model.historyStepMs ?? HISTORY_STEP_MS;
      const frames = Math.ceil((startedAt - from) / step) - 1;
      for (let index = 1; index <= frames; index++) {
        await deliver(entry, from + index * step, firstCounter - 1 - frames + index);
      }
    } catch (error) {
      log.warn({ device: entry.device.id, err: error }, 'simulated history not delivered: the device goes on live');
    }
  }

  return {
    async connect() {
      const { mqttUrl } = options;
      if (!mqttUrl) return;
      await Promise.all(
        running.flatMap((entry) => {
          const { route } = entry.device;
          return route.network === 'ip' && route.mqttPassword && !entry.client
            ? [connectDevice(entry, mqttUrl, route.mqttPassword)]
            : [];
        }),
      );
    },

    async sendHistory() {
      await Promise.all(
        running.flatMap((entry) => (entry.historyFrom === null ? [] : [sendHistoryOf(entry, entry.historyFrom)])),
      );
    },

    async sendAll() {
      await Promise.all(running.map(tracked));
    },

    start() {
      const schedule = (entry: Running, delay: number) => {
        entry.timer = setTimeout(() => {
          void tracked(entry).then(() => {
            if (!stopped) schedule(entry, periodMs * between(random, 1, 1.1));
          });
        }, delay);
      };
      for (const entry of running) schedule(entry, between(random, Math.min(500, firstWithinMs), firstWithinMs));
      const count = (network: DeviceRoute['network']) =>
        running.filter((entry) => entry.device.route.network === network).length;
      log.info(
        {
          sigfox: count('sigfox'),
          lora: count('lora'),
          ip: count('ip'),
          ipOverMqtt: running.filter((entry) => entry.client?.connected).length,
          periodMs,
        },
        'device simulator running',
      );
    },

    async stop() {
      stopped = true;
      for (const entry of running) if (entry.timer) clearTimeout(entry.timer);
      await Promise.allSettled([...inFlight]);
      await Promise.all(running.map((entry) => entry.client?.endAsync(true)));
    },
  };
}
