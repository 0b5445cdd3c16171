import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repositoryRoot = resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * The product as `npm start` runs it (the built web app, SQLite in a fresh data folder), on a free port, mailing to
 * `smtpUrl`. The admin password is fixed so tests can sign in as provider staff. `webDistDir` serves another build
 * (the drops variant is built into `packages/web/dist-drops`).
 */
export const ADMIN = { email: 'admin@example.com', password: 'e2e admin password' };

export async function startServer(options: {
  smtpUrl: string;
  webDistDir?: string;
  seedDemo?: boolean;
  /** More environment for the server, e.g. `LEGACY_PLATFORM_URL`. */
  env?: Record<string, string>;
}) {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'iot-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: repositoryRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SMTP_URL: options.smtpUrl,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: options.seedDemo ? 'true' : 'false',
      LOG_LEVEL: 'warn',
      // Browser tests run side by side: each server's broker takes any free port.
      MQTT_PORT: '0',
      ...(options.webDistDir ? { WEB_DIST_DIR: resolve(repositoryRoot, options.webDistDir) } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start in time:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(' is running at ')) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => fail(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    url,
    /** The server's data folder (its SQLite file is `app.db`), for tests that set up what no call can yet. */
    dataDir,
    output: () => output,
    /** The demo users' password, printed at the first start when `seedDemo` is set. */
    demoPassword: () => output.match(/share the password (\S+)/)?.[1] ?? '',
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
