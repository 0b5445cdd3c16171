import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { provisionSimulator } from './provision.js';
import { createSimulator, type SimulatorLog } from './runner.js';

export interface StartSimulatorOptions {
  config: Pick<Config, 'host' | 'mqttPort' | 'mqttUrl'>;
  db: Database;
  /** The platform's URL as the simulator calls it (the server's own, on loopback). */
  baseUrl: string;
  log: SimulatorLog;
  /** The embedded broker's port when it differs from `config.mqttPort` (asked for port 0); null: no broker. */
  mqttPort?: number | null;
  periodMs?: number;
}

/** What a demo device without stored readings sends first: the day before, so its charts are not empty at first. */
const DEMO_HISTORY_MS = 24 * 60 * 60 * 1000;

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '']);

/** A URL of this machine for a server listening on `host`: a wildcard address is reached on loopback. */
export function loopbackUrl(scheme: 'http' | 'mqtt', host: string, port: number): string {
  const reachable = WILDCARD_HOSTS.has(host) ? '127.0.0.1' : host;
  return `${scheme}://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

/** The embedded broker's URL; none with an external broker, whose accounts the simulator has no password for. */
function brokerUrl(options: StartSimulatorOptions): string | undefined {
  if (options.config.mqttUrl || options.mqttPort === null) return undefined;
  const port = options.mqttPort ?? options.config.mqttPort;
  return port === 0 ? undefined : loopbackUrl('mqtt', options.config.host, port);
}

/** Provisions the demo devices' credentials and plays them until `stop()`. */
export async function startSimulator(options: StartSimulatorOptions): Promise<{ stop(): Promise<void> }> {
  const { db, baseUrl, log } = options;
  const mqttUrl = brokerUrl(options);
  const devices = await provisionSimulator(db, { mqtt: mqttUrl !== undefined });
  if (devices.length === 0) {
    log.info({}, 'device simulator: no demo devices to play (SEED_DEMO off, or the demo devices were removed)');
    return { stop: async () => {} };
  }
  const simulator = createSimulator({
    baseUrl,
    devices,
    mqttUrl,
    log,
    historyMs: DEMO_HISTORY_MS,
    ...(options.periodMs === undefined ? {} : { periodMs: options.periodMs }),
  });
  await simulator.connect();
  await simulator.sendHistory();
  simulator.start();
  return { stop: () => simulator.stop() };
}
