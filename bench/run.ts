/**
 * `npm run bench:foundation` (first of `npm run bench`): the speed of the foundation, each figure a ratio against a
 * baseline measured in the same run.
 *  - sign-ins per second against raw argon2id hashes per second (target: at least 80%);
 *  - GET /api/info requests per second against a bare Fastify route (target: at least 60%).
 * The load comes from autocannon in a process of its own, as a real client would; each pair is measured ROUNDS times,
 * alternating, and the median ratio is reported, so a busy moment on the machine hits both sides alike.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildApp } from '@iot/server';
import { loadConfig } from '@iot/server/config';
import { migrateToLatest, openDatabase } from '@iot/server/database';
import { hashPassword } from '@iot/server/passwords';
import Fastify from 'fastify';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// Enough sign-ins in flight to keep libuv's 4 hashing threads busy while others are parsed, looked up and stored.
const SIGN_IN_CONCURRENCY = Number(process.env.BENCH_SIGN_IN_CONCURRENCY ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const GET_CONNECTIONS = 20;

interface Figure {
  perSecond: number;
  p99Ms: number;
}

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** Runs autocannon in its own process against `url`. */
async function load(url: string, args: string[]): Promise<Figure> {
  const { stdout } = await promisify(execFile)(process.execPath, [autocannonBin, '--json', ...args, url], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const result = JSON.parse(stdout) as {
    requests: { total: number };
    duration: number;
    latency: { p99: number };
    non2xx: number;
    errors: number;
  };
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { perSecond: result.requests.total / result.duration, p99Ms: result.latency.p99 };
}

/** Hashes at the same concurrency, for the same time, as the sign-in load. */
async function rawHashes(): Promise<Figure> {
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: SIGN_IN_CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        await hashPassword(`bench password ${latencies.length}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: latencies.length / seconds, p99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0 };
}

async function startProduct() {
  const dataDir = await mkdtemp(join(tmpdir(), 'iot-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    MQTT_PORT: '0',
    WEB_DIST_DIR: join(dataDir, 'no-web-app'),
  });
  const database = openDatabase(config);
  await migrateToLatest(database.db);
  const { app, services } = await buildApp({ config, database });
  await services.usersRepo.insert({
    email: 'bench@example.com',
    passwordHash: await hashPassword('bench password'),
    language: 'en',
    emailConfirmed: true,
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    async stop() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function startBareFastify() {
  const bare = Fastify();
  bare.get('/api/info', async () => ({ version: '0.1.0', serverVersion: '0.1.0' }));
  return { url: await bare.listen({ port: 0, host: '127.0.0.1' }), stop: () => bare.close() };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function report(name: string, baselineName: string, pairs: { measured: Figure; baseline: Figure }[], target: number) {
  const ratios = pairs.map(({ measured, baseline }) => measured.perSecond / baseline.perSecond);
  const ratio = median(ratios);
  const pick = (side: 'measured' | 'baseline', key: keyof Figure) => median(pairs.map((pair) => pair[side][key]));
  console.log(
    `${name}: ${pick('measured', 'perSecond').toFixed(1)}/s, p99 ${pick('measured', 'p99Ms').toFixed(1)} ms | ` +
      `${baselineName}: ${pick('baseline', 'perSecond').toFixed(1)}/s, p99 ${pick('baseline', 'p99Ms').toFixed(1)} ms | ` +
      `ratio ${(ratio * 100).toFixed(1)}% (rounds: ${ratios.map((r) => `${(r * 100).toFixed(0)}%`).join(' ')}; ` +
      `target ${target * 100}%: ${ratio >= target ? 'met' : 'NOT met'})`,
  );
}

const product = await startProduct();
const bare = await startBareFastify();
const signInArgs = [
  '-c',
  String(SIGN_IN_CONCURRENCY),
  '-d',
  String(SECONDS),
  '-m',
  'POST',
  '-H',
  'content-type=application/json',
  '-b',
  JSON.stringify({ email: 'bench@example.com', password: 'bench password' }),
];
const getArgs = ['-c', String(GET_CONNECTIONS), '-d', String(SECONDS)];
const signIns: { measured: Figure; baseline: Figure }[] = [];
const info: { measured: Figure; baseline: Figure }[] = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    const baseline = await rawHashes();
    signIns.push({ baseline, measured: await load(`${product.url}/api/auth/signin`, signInArgs) });
    const bareFigure = await load(`${bare.url}/api/info`, getArgs);
    info.push({ baseline: bareFigure, measured: await load(`${product.url}/api/info`, getArgs) });
  }
} finally {
  await product.stop();
  await bare.stop();
}
console.log(
  `\nBenchmark: median of ${ROUNDS} rounds; ${SECONDS} s of sign-ins at concurrency ${SIGN_IN_CONCURRENCY} and of GET at ${GET_CONNECTIONS} connections`,
);
report('sign-ins', 'raw argon2id hashes', signIns, 0.8);
report('GET /api/info', 'bare Fastify route', info, 0.6);
