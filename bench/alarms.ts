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
 *
 * Then `GET /api/alarms` without a business (every business the caller sees), as a tenant's administrator reads it:
 * with LISTING_TENANTS tenants' alarms in the table, beside the same tenant alone in a table of its own (the
 * baseline), in the same run. Reported: the median time of the first page and of a page 20 pages deep (by the `next`
 * cursor). With the tenant index of migration 0035 both read only the tenant's alarms, so the figures should match.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '@iot/server';
import { hashPassword } from '@iot/server/passwords';
import { client, type Figure, rate, startFleet } from './fleet.js';
import { type DatabaseKind, databaseKinds, generateFleet, openProduct } from './product.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DEVICES = Number(process.env.BENCH_ALARMS_DEVICES ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_INGEST_CONCURRENCY ?? 64);

const LISTING_TENANTS = Number(process.env.BENCH_ALARMS_TENANTS ?? 100);
/** Each tenant's devices, and the alarms of each device (raised a minute apart, the tenants interleaved in time). */
const LISTING_DEVICES = 20;
const LISTING_ALARMS_PER_DEVICE = 50;
const LISTING_REPEATS = Number(process.env.BENCH_ALARMS_REPEATS ?? 30);

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

/**
 * The median times of `GET /api/alarms` (first page, and 20 pages deep) for the administrator of the first of
 * `tenants` tenants, each with the same devices and alarms.
 */
async function measureListing(kind: DatabaseKind, tenants: number) {
  const product = await openProduct(kind, 'iot-bench-alarm-list-');
  const { db } = product.database;
  const { app, services } = await buildApp({ config: product.config, database: product.database });
  try {
    const first = await generateFleet(product.database, tenants, LISTING_DEVICES);
    const devices = await db.selectFrom('devices').select(['id', 'tenantPath']).execute();
    const now = Date.now();
    const tenantIndex = new Map<string, number>();
    for (const device of devices)
      if (!tenantIndex.has(device.tenantPath)) tenantIndex.set(device.tenantPath, tenantIndex.size);
    const rows = devices.flatMap((device, deviceIndex) =>
      Array.from({ length: LISTING_ALARMS_PER_DEVICE }, (_, index) => ({
        id: `${device.id}-${index}`,
        deviceId: device.id,
        sequenceId: index + 1,
        number: deviceIndex * LISTING_ALARMS_PER_DEVICE + index + 1,
        conditionKey: `door-${index}`,
        signal: 'door',
        source: 'signal' as const,
        status: 'acknowledged' as const,
        conditionActive: 0,
        snoozedUntil: null,
        value: 'true',
        lastEventId: `edge-${device.id}-${index}`,
        raisedAt: now - index * 60_000 - (tenantIndex.get(device.tenantPath) ?? 0) * 100 - (deviceIndex % 100),
        updatedAt: now,
        version: 1,
      })),
    );
    for (let start = 0; start < rows.length; start += 500)
      await db
        .insertInto('alarms')
        .values(rows.slice(start, start + 500))
        .execute();
    const admin = await services.usersRepo.insert({
      email: 'tenant-admin@example.com',
      passwordHash: await hashPassword('a bench password'),
      role: 'user',
      language: 'en',
      emailConfirmed: true,
    });
    if (!admin) throw new Error('user not created');
    await services.businessesRepo.setEntry(first.id, admin.id, 'admin', now);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'tenant-admin@example.com', password: 'a bench password' },
    });
    const headers = { authorization: `Bearer ${signIn.json().access_token}` };
    const list = async (after?: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/alarms?pageSize=25${after ? `&after=${after}` : ''}`,
        headers,
      });
      if (response.statusCode !== 200) throw new Error(`GET /api/alarms: ${response.statusCode} ${response.body}`);
      return response.json() as { data: unknown[]; next: string | null };
    };
    let deep: string | undefined;
    for (let page = 0; page < 20; page++) deep = (await list(deep)).next ?? undefined;
    const timed = async (after?: string) => {
      const times: number[] = [];
      for (let repeat = 0; repeat < LISTING_REPEATS; repeat++) {
        const started = performance.now();
        await list(after);
        times.push(performance.now() - started);
      }
      return median(times);
    };
    return { alarms: rows.length, firstMs: await timed(), deepMs: await timed(deep) };
  } finally {
    await app.close();
    await product.drop();
  }
}

async function reportListing(kind: DatabaseKind) {
  const alone = await measureListing(kind, 1);
  const shared = await measureListing(kind, LISTING_TENANTS);
  console.log(
    `\n${kind}: GET /api/alarms without a business, as a tenant's administrator (median of ${LISTING_REPEATS})`,
  );
  console.log(
    `  the tenant alone (baseline, ${alone.alarms} alarms): first page ${alone.firstMs.toFixed(1)} ms, ` +
      `20 pages deep ${alone.deepMs.toFixed(1)} ms`,
  );
  console.log(
    `  among ${LISTING_TENANTS} tenants (${shared.alarms} alarms): first page ${shared.firstMs.toFixed(1)} ms, ` +
      `20 pages deep ${shared.deepMs.toFixed(1)} ms`,
  );
}

for (const kind of await databaseKinds()) {
  report(kind, await measure(kind));
  await reportListing(kind);
}
