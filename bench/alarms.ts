/**
 * `npm run bench:alarms` (and part of `npm run bench`): ingest throughput of 1,000 devices each under two threshold
 * rules, their business with an HTTP callback action, against 1,000 devices of another business without rules, in the
 * same product and the same run. Messages go 100 per request to `POST /api/ingest/http` (3 signals each, as in the
 * ingest benchmark); the two fleets are loaded in turn (plain, ruled, ruled, plain), ROUNDS times, and the median ratio
 * is reported so a busy moment on the machine hits both alike. Target: with rules and the action, at least 80% of the
 * throughput without.
 *
 * The rules fire on about 1 message in 20 (speed above 118 of 0-119, battery below 51 of 50-99), far more often than a
 * real fleet's alarms, so the alarms, the callback jobs and their deliveries (to a receiver on loopback) all run while
 * the load does. Once the load stops, the time until every job is done is reported too.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { client, type Figure, rate, startFleet } from './fleet.js';
import { type DatabaseKind, databaseKinds } from './product.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DEVICES = Number(process.env.BENCH_ALARMS_DEVICES ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_INGEST_CONCURRENCY ?? 64);

const RULES = [
  { signal: 'speed', condition: 'above', threshold: 118, hysteresis: 10 },
  { signal: 'battery', condition: 'below', threshold: 51, hysteresis: 2 },
];

/** A callback receiver on loopback that answers 200 and counts what it is sent. */
async function startReceiver() {
  let received = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/alarm`,
    received: () => received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const combined = (a: Figure, b: Figure): Figure => ({
  messages: a.messages + b.messages,
  seconds: a.seconds + b.seconds,
  p99Ms: Math.max(a.p99Ms, b.p99Ms),
});
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function measure(kind: DatabaseKind) {
  const receiver = await startReceiver();
  const fleet = await startFleet(kind, 'iot-bench-alarms-', DEVICES, { CALLBACK_ALLOW_PRIVATE_ADDRESSES: 'true' });
  try {
    const watched = await fleet.addBusiness('Watched', DEVICES);
    for (const uuid of watched.devices) {
      const { version } = await fleet.call('GET', `/api/devices/${uuid}/alarms`);
      await fleet.call('PATCH', `/api/devices/${uuid}/alarms`, { version, rules: RULES });
    }
    const { version } = await fleet.call('GET', `/api/customer-business/${watched.businessId}/actions`);
    await fleet.call('PUT', `/api/customer-business/${watched.businessId}/actions`, {
      version,
      actions: [
        { type: 'alarm', signalTypes: ['alarm', 'value'] },
        {
          type: 'callback',
          signalTypes: ['alarm', 'value'],
          callback: { url: receiver.url, auth: { type: 'none' } },
        },
      ],
    });
    const load = (business: { token: string; devices: string[] }) =>
      client({
        url: fleet.url,
        token: business.token,
        seconds: SECONDS,
        concurrency: CONCURRENCY,
        mode: 'http-batch',
        devices: business.devices.map((uuid) => ({ uuid })),
      });
    // Each round loads the fleets in the order plain, ruled, ruled, plain, so a drift of the machine or of the
    // database's size over the round weighs on both alike.
    const plain: Figure[] = [];
    const ruled: Figure[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const first = await load(fleet);
      const ruledFirst = await load(watched);
      const ruledSecond = await load(watched);
      const second = await load(fleet);
      plain.push(combined(first, second));
      ruled.push(combined(ruledFirst, ruledSecond));
    }
    const { db } = fleet.product.database;
    const count = async (query: Promise<{ count: string | number | bigint }>) => Number((await query).count);
    const edges = await count(
      db
        .selectFrom('conditionEvents')
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow(),
    );
    const pendingJobs = () =>
      count(
        db
          .selectFrom('actionJobs')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('status', '=', 'pending')
          .executeTakeFirstOrThrow(),
      );
    const drainStarted = performance.now();
    while ((await pendingJobs()) > 0 && performance.now() - drainStarted < 120_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    const alarms = await count(
      db
        .selectFrom('alarms')
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow(),
    );
    return {
      plain,
      ruled,
      edges,
      alarms,
      callbacks: receiver.received(),
      pending: await pendingJobs(),
      drainSeconds,
    };
  } finally {
    await fleet.close();
    await receiver.close();
  }
}

function report(kind: DatabaseKind, figures: Awaited<ReturnType<typeof measure>>) {
  const { plain, ruled, edges, alarms, callbacks, pending, drainSeconds } = figures;
  const ratios = plain.map((figure, index) => rate(ruled[index] as Figure) / rate(figure));
  const ratio = median(ratios);
  const messages = ruled.reduce((sum, figure) => sum + figure.messages, 0);
  console.log(
    `\n${kind}: ${DEVICES} devices per fleet, 100 messages per request, ${ROUNDS} rounds of 2 × ${SECONDS} s per fleet`,
  );
  console.log(`  without rules (baseline): ${plain.map((figure) => rate(figure).toFixed(0)).join(', ')} messages/s`);
  console.log(
    `  with 2 threshold rules per device and an HTTP callback action: ` +
      `${ruled.map((figure) => rate(figure).toFixed(0)).join(', ')} messages/s`,
  );
  console.log(
    `  median ratio: ${(100 * ratio).toFixed(1)}% of the throughput without rules ` +
      `(target at least 80%: ${ratio >= 0.8 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  ${edges} condition edges from ${messages} messages (${((100 * edges) / messages).toFixed(1)}%), ` +
      `${alarms} alarms, ${callbacks} callbacks received; ${pending} jobs pending ` +
      `${drainSeconds.toFixed(1)} s after the load stopped`,
  );
}

for (const kind of await databaseKinds()) report(kind, await measure(kind));
