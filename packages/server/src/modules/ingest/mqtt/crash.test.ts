import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, type DatabaseKind, openDatabase } from '../../../db/database.js';
import { readingsOfDevice } from '../../../testing/readings.js';
import { databaseKinds } from '../../../testing/test-database.js';
import { issueDevicePassword } from './device-credentials.js';

/**
 * The server is killed (SIGKILL) while a device publishes: every message it acknowledged is stored, exactly once, and
 * the device's resends after each restart are never stored twice.
 */
const REPOSITORY = resolve(import.meta.dirname, '../../../../../..');
const SERVER_ENTRY = 'packages/server/src/main.ts';
const MESSAGES = 10_000;
const KILLS = 3;
/** Unacknowledged messages the device has out at once, as a real device's buffer would hold. */
const WINDOW = 500;
const ADMIN = { email: 'admin@example.com', password: 'crash test password' };

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

async function withPg<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database for the server process: a data folder, and for PostgreSQL a database of its own. */
async function freshDatabase(kind: DatabaseKind) {
  const dataDir = await mkdtemp(join(tmpdir(), 'iot-crash-'));
  const serverUrl = inject('postgresUrl');
  if (kind === 'sqlite' || !serverUrl) {
    return { dataDir, databaseUrl: undefined, drop: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const name = `iot_crash_${randomBytes(6).toString('hex')}`;
  await withPg(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    async drop() {
      await withPg(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function eventually<T>(
  attempt: () => Promise<T | undefined>,
  timeoutMs: number,
  state: () => string,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out: ${state()}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

describe.each(databaseKinds())('MQTT ingest when the server is killed, on %s', (kind) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let handle: DatabaseHandle | undefined;
  let server: ChildProcess | undefined;
  let client: MqttClient | undefined;
  let httpPort: number;
  let mqttPort: number;
  const output: string[] = [];
  const acked = new Set<number>();
  let clientState = () => '';
  const state = () => `${acked.size} acknowledged; ${clientState()}; the server wrote: ${output.join('').slice(-3000)}`;

  function startServer() {
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
      cwd: REPOSITORY,
      env: {
        ...process.env,
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.databaseUrl ?? '',
        PORT: String(httpPort),
        MQTT_PORT: String(mqttPort),
        MQTT_URL: '',
        SEED_DEMO: 'false',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: join(database.dataDir, 'no-web-app'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    server = child;
    return eventually(
      async () => ((await fetch(`http://127.0.0.1:${httpPort}/api/info`)).ok ? true : undefined),
      30_000,
      state,
    );
  }

  async function killServer() {
    const child = server;
    if (!child || child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }

  async function api<T>(method: string, path: string, token: string | undefined, body?: object): Promise<T> {
    const response = await fetch(`http://127.0.0.1:${httpPort}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : null,
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  /** A device with MQTT credentials, made through the API and the database the server runs on. */
  async function createDevice() {
    const { access_token: token } = await api<{ access_token: string }>('POST', '/auth/signin', undefined, ADMIN);
    const business = await api<{ _id: string }>('POST', '/customer-business', token, { description: 'Crash' });
    const device = await api<{ uuid: string }>('POST', '/devices', token, {
      businessId: business._id,
      deviceType: 'gps-tracker',
    });
    handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    const password = await issueDevicePassword(handle.db, device.uuid);
    return { id: device.uuid, password };
  }

  beforeAll(async () => {
    database = await freshDatabase(kind);
    [httpPort, mqttPort] = [await freePort(), await freePort()];
  });
  afterAll(async () => {
    await client?.endAsync(true);
    await killServer();
    await handle?.close();
    await database?.drop();
  });

  it(`stores each of ${MESSAGES} acknowledged messages exactly once across ${KILLS} kills`, async () => {
    await startServer();
    const device = await createDevice();
    const base = Date.UTC(2026, 0, 1);
    client = mqtt.connect(`mqtt://127.0.0.1:${mqttPort}`, {
      clientId: device.id,
      username: device.id,
      password: device.password,
      // A session of its own on each connect: the killed broker kept none; mqtt.js resends what is unacknowledged.
      clean: true,
      reconnectPeriod: 100,
      connectTimeout: 5000,
    });
    client.on('error', () => undefined);
    let sent = 0;
    client.on('packetsend', (packet) => {
      if (packet.cmd === 'publish') sent += 1;
    });
    const publisher = client;
    clientState = () =>
      `client connected ${publisher.connected}, sent ${sent}, in flight ${Object.keys(publisher.outgoing).length}, ` +
      `published again after failing ${republished}`;

    let next = 0;
    let republished = 0;
    const publish = (seq: number) => {
      const message = { seq, ts: base + seq, values: { speed: seq, battery: seq % 101, heading: seq % 360 } };
      publisher.publish(`devices/${device.id}/up`, JSON.stringify(message), { qos: 1 }, (error) => {
        // mqtt.js fails ("Connection closed") the publishes it queued while resending its unacknowledged ones after
        // a reconnect, when the connection closes again: the device sends those again, as it does any unacknowledged.
        if (error) {
          // Not once the test ends the client (it fails whatever is still out).
          if (publisher.disconnecting) return;
          republished += 1;
          // After a moment, as a device's retry would. mqtt.js fails those publishes in a loop over the very queue
          // a publish made meanwhile joins (`_flushStoreProcessingQueue`): a publish made again from here was failed
          // again in the same loop, without end, until the test process ran out of memory (2 runs of 4 beside other
          // test files; 2 of 2 on the build before this change).
          setTimeout(() => publish(seq), 50);
          return;
        }
        acked.add(seq);
        publishMore();
      });
    };
    const publishMore = () => {
      while (next < MESSAGES && next - acked.size < WINDOW) {
        publish(next);
        next += 1;
      }
    };
    publishMore();

    for (let kill = 1; kill <= KILLS; kill += 1) {
      const target = (MESSAGES * kill) / (KILLS + 1);
      await eventually(async () => (acked.size >= target ? true : undefined), 60_000, state);
      await killServer();
      await startServer();
    }
    await eventually(async () => (acked.size === MESSAGES ? true : undefined), 60_000, state).catch(async (error) => {
      const stored = await readingsOfDevice((handle as DatabaseHandle).db, device.id)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      throw new Error(`${(error as Error).message}\nreadings stored: ${stored?.n}`);
    });

    const rows = await readingsOfDevice((handle as DatabaseHandle).db, device.id)
      .select(['date', 'signal'])
      .execute();
    const perSeq = new Map<number, string[]>();
    for (const row of rows) {
      const seq = row.date - base;
      perSeq.set(seq, [...(perSeq.get(seq) ?? []), row.signal]);
    }
    const duplicated = [...perSeq].filter(([, signals]) => signals.length !== 3);
    expect(duplicated.slice(0, 5), 'readings of a message stored more than once').toEqual([]);
    const missing = [...acked].filter((seq) => !perSeq.has(seq));
    expect(missing.slice(0, 5), 'acknowledged but not stored').toEqual([]);
    expect(acked.size).toBe(MESSAGES);
    // Otherwise no kill caught a message in flight, and the test proved nothing about resends.
    expect(sent).toBeGreaterThan(MESSAGES);
    expect(rows.length).toBe(MESSAGES * 3);
  }, 120_000);
});
