/**
 * `npm run bench:assets`: assets with a large fleet (issue 33), on SQLite and on PostgreSQL, each figure beside the
 * device call it stands for, measured the same way in the same run, with the load from a process of its own:
 *  - a filtered page of 50 orphan assets (`GET /api/customer-business/{tenant}/assets?orphan=true`) by a non-staff
 *    admin of the tenant, requests arriving evenly at PAGE_RATE a second (`paced-load.ts`), its p99 beside the device
 *    page's (`POST /api/devices/filter`, one device type by description, as `devices.ts` measures it) at the same rate
 *    (target: at most 1.5 times the device page's p99);
 *  - moving MOVED assets with their linked devices (`POST /api/customer-business/{site}/asset/move`) beside moving
 *    MOVED free devices (`POST /api/devices/bulk-business-set`), one call each, between two sites (target: at most 3
 *    times the devices' move).
 * Each page is first timed alone (20 in a row, the median printed): an asset page more than 3 times slower alone than
 * the device page is reported as such, not loaded (its queue would take minutes). Each page route is first
 * loaded for 3 s unmeasured; each pair is measured ROUNDS times, alternating (the moves each
 * time with assets and devices not moved before), and the medians are reported. Default: 100,000 devices and 100,000
 * assets in one tenant, half of the assets linked to a device of their site.
 */
import { buildApp } from '@iot/server';
import type { Database } from '@iot/server/database';
import { hashPassword } from '@iot/server/passwords';
import { type Insertable, type Kysely, sql } from 'kysely';
import { pacedLoad } from './paced-load-runner.js';
import { databaseKinds, generateFleet, openProduct } from './product.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PAGE_RATE = Number(process.env.BENCH_ASSETS_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_ASSETS_SECONDS ?? 5);
const FLEET = Number(process.env.BENCH_ASSETS ?? 100_000);
const MOVED = Number(process.env.BENCH_ASSETS_MOVED ?? 1000);
const WARM_UP_SECONDS = 3;
const PASSWORD = 'bench password';

type Schema = Database extends Kysely<infer Tables> ? Tables : never;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

interface Figures {
  /** One page at a time: the median of 20. */
  assetAloneMs: number;
  deviceAloneMs: number;
  /** NaN when the asset page was too slow alone to be loaded at PAGE_RATE. */
  assetPageP99: number;
  assetPageRate: number;
  devicePageP99: number;
  devicePageRate: number;
  assetMoveMs: number;
  deviceMoveMs: number;
}

/**
 * FLEET assets in the tenant written straight into the tables: asset n in the site of device n (`generateFleet`),
 * half of them linked to that device since a day ago. Answers, per site, its linked assets and its free devices.
 */
async function generateAssets(db: Database, batchSize: number) {
  const now = Date.now();
  await db
    .insertInto('assetTypes')
    .values({
      id: 'bench-type',
      name: 'Meter point',
      description: '',
      fields: '[]',
      createdAt: now,
      updatedAt: now,
      version: 1,
    })
    .execute();
  const devices = await db.selectFrom('devices').select(['id', 'serialNumber', 'businessId', 'businessPath']).execute();
  const bySerial = new Map(devices.map((device) => [Number(device.serialNumber?.slice(2)), device]));
  const linkedAssets = new Map<string, string[]>();
  const freeDevices = new Map<string, string[]>();
  const listIn = (lists: Map<string, string[]>, site: string) => {
    const list = lists.get(site) ?? [];
    lists.set(site, list);
    return list;
  };
  for (let start = 0; start < FLEET; start += batchSize) {
    const assets: Insertable<Schema['assets']>[] = [];
    const links: Insertable<Schema['assetLinks']>[] = [];
    for (let n = start; n < Math.min(FLEET, start + batchSize); n++) {
      const device = bySerial.get(n);
      if (!device) throw new Error(`device ${n} missing`);
      const id = `asset-${String(n).padStart(7, '0')}`;
      // Device n is in site n % 10: every other round of the sites is linked, so each site has half of each.
      const linked = Math.floor(n / 10) % 2 === 0;
      assets.push({
        id,
        businessId: device.businessId,
        businessPath: device.businessPath,
        description: `Asset ${(n * 7919) % 1_000_003}`,
        assetTypeId: 'bench-type',
        deviceId: linked ? device.id : null,
        linkedAt: linked ? now - 86_400_000 : null,
        createdAt: now,
        updatedAt: now,
        version: 1,
      });
      if (linked) {
        links.push({
          assetId: id,
          deviceId: device.id,
          linkedAt: now - 86_400_000,
          unlinkedAt: null,
          linkedBy: null,
          unlinkedBy: null,
        });
        listIn(linkedAssets, device.businessId).push(id);
      } else listIn(freeDevices, device.businessId).push(device.id);
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('assets').values(assets).execute();
      if (links.length > 0) await trx.insertInto('assetLinks').values(links).execute();
    });
  }
  return { linkedAssets, freeDevices };
}

async function measure(kind: 'sqlite' | 'postgres'): Promise<Figures> {
  const product = await openProduct(kind, 'iot-bench-assets-');
  let app: Awaited<ReturnType<typeof buildApp>>['app'] | undefined;
  try {
    const started = performance.now();
    const tenant = await generateFleet(product.database, 1, FLEET);
    const { linkedAssets, freeDevices } = await generateAssets(
      product.database.db,
      product.database.kind === 'sqlite' ? 500 : 1000,
    );
    if (kind === 'sqlite') await product.database.refreshStatistics();
    else await sql`analyze`.execute(product.database.db);
    console.log(
      `${kind}: generated ${FLEET} devices and ${FLEET} assets in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const built = await buildApp({ config: product.config, database: product.database });
    app = built.app;
    await built.services.plansRepo.insert(
      { businessId: tenant.id, name: 'Assets', features: { assetSupport: true } },
      Date.now(),
    );
    const admin = await built.services.usersRepo.insert({
      email: 'admin@example.com',
      passwordHash: await hashPassword(PASSWORD),
      language: 'en',
      emailConfirmed: true,
    });
    if (!admin) throw new Error('user not created');
    await built.services.businessesRepo.setEntry(tenant.id, admin.id, 'admin', Date.now());
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const signIn = await fetch(`${url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: PASSWORD }),
    });
    const token = ((await signIn.json()) as { access_token: string }).access_token;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const getHeaders = { authorization: `Bearer ${token}` };

    const assetPageUrl = `${url}/api/customer-business/${tenant.id}/assets?orphan=true&limit=50`;
    const assetPage = (await (await fetch(assetPageUrl, { headers: getHeaders })).json()) as { items?: unknown[] };
    if (assetPage.items?.length !== 50) throw new Error(`the asset page answered ${JSON.stringify(assetPage)}`);
    const filter = JSON.stringify({
      deviceTypes: ['th-sensor-sigfox'],
      sort: { by: 'description', order: 'asc' },
      limit: 50,
    });
    const assetLoad = { rate: PAGE_RATE, method: 'GET', headers: getHeaders, url: assetPageUrl } as const;
    const deviceLoad = {
      rate: PAGE_RATE,
      method: 'POST',
      body: filter,
      headers,
      url: `${url}/api/devices/filter`,
    } as const;
    // One page at a time first: an asset page more than 3 times slower alone than the device page cannot keep the
    // device page's pace, and the paced load would queue for minutes; it is reported instead. (A page's time alone is
    // not its cost under load, where requests overlap: it is compared with the device page's, not with the rate.)
    const alone = async (load: typeof assetLoad | typeof deviceLoad) => {
      const times: number[] = [];
      for (let n = 0; n < 20; n++) {
        const t0 = performance.now();
        const response = await fetch(load.url, {
          method: load.method,
          headers: load.headers,
          ...('body' in load ? { body: load.body } : {}),
        });
        await response.arrayBuffer();
        times.push(performance.now() - t0);
      }
      return median(times);
    };
    const assetAloneMs = await alone(assetLoad);
    const deviceAloneMs = await alone(deviceLoad);
    const paced = assetAloneMs <= 3 * deviceAloneMs;
    await pacedLoad({ ...deviceLoad, seconds: WARM_UP_SECONDS });
    if (paced) await pacedLoad({ ...assetLoad, seconds: WARM_UP_SECONDS });

    const sites = [...linkedAssets.keys()].slice(0, 2);
    const [from, to] = sites;
    if (!from || !to) throw new Error('two sites are needed');
    /** One call, timed from the request to the answer; it must succeed whole. */
    const timed = async (path: string, body: object, check: (answer: Record<string, unknown>) => boolean) => {
      const t0 = performance.now();
      const response = await fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      const answer = (await response.json()) as Record<string, unknown>;
      const ms = performance.now() - t0;
      if (response.status !== 200 || !check(answer))
        throw new Error(`${path}: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
      return ms;
    };

    const rounds: Figures[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const devicePage = await pacedLoad({ ...deviceLoad, seconds: SECONDS });
      const assetPageFigure = paced
        ? await pacedLoad({ ...assetLoad, seconds: SECONDS })
        : { p99: Number.NaN, perSecond: Number.NaN };
      const slice = (list: string[] | undefined) => (list ?? []).slice(round * MOVED, (round + 1) * MOVED);
      const devices = slice(freeDevices.get(from));
      const assets = slice(linkedAssets.get(from));
      if (devices.length < MOVED || assets.length < MOVED) throw new Error('not enough to move in a site');
      const deviceMoveMs = await timed(
        '/api/devices/bulk-business-set',
        { devices, businessId: to },
        (answer) => answer.succeeded === MOVED,
      );
      const assetMoveMs = await timed(
        `/api/customer-business/${to}/asset/move`,
        { assets },
        (answer) => answer.assets === MOVED && answer.devices === MOVED,
      );
      rounds.push({
        assetPageP99: assetPageFigure.p99,
        assetPageRate: assetPageFigure.perSecond,
        devicePageP99: devicePage.p99,
        devicePageRate: devicePage.perSecond,
        assetMoveMs,
        deviceMoveMs,
        assetAloneMs,
        deviceAloneMs,
      });
    }
    const pick = (key: keyof Figures) => median(rounds.map((round) => round[key]));
    return {
      assetPageP99: pick('assetPageP99'),
      assetPageRate: pick('assetPageRate'),
      devicePageP99: pick('devicePageP99'),
      devicePageRate: pick('devicePageRate'),
      assetMoveMs: pick('assetMoveMs'),
      deviceMoveMs: pick('deviceMoveMs'),
      assetAloneMs: pick('assetAloneMs'),
      deviceAloneMs: pick('deviceAloneMs'),
    };
  } finally {
    await app?.close();
    await product.drop();
  }
}

function report(label: string, f: Figures) {
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const pageRatio = f.assetPageP99 / f.devicePageP99;
  const moveRatio = f.assetMoveMs / f.deviceMoveMs;
  console.log(
    `\n${label}: ${FLEET} devices, ${FLEET} assets, half linked (median of ${ROUNDS} rounds of ${SECONDS} s)`,
  );
  console.log(
    `  one page at a time (median of 20): orphan assets ${f.assetAloneMs.toFixed(1)} ms | device page ` +
      `${f.deviceAloneMs.toFixed(1)} ms | ratio ${(f.assetAloneMs / f.deviceAloneMs).toFixed(2)}x`,
  );
  if (Number.isNaN(f.assetPageP99))
    console.log(
      `  orphan assets, page of 50: not loaded at ${PAGE_RATE} req/s (one page alone takes over 3 times ` +
        `the device page's) | device page: p99 ` +
        `${f.devicePageP99.toFixed(1)} ms at ${f.devicePageRate.toFixed(0)} req/s (target at most 1.5x: NOT met)`,
    );
  else
    console.log(
      `  orphan assets, page of 50: p99 ${f.assetPageP99.toFixed(1)} ms at ${f.assetPageRate.toFixed(0)} req/s | ` +
        `device page: p99 ${f.devicePageP99.toFixed(1)} ms at ${f.devicePageRate.toFixed(0)} req/s | ratio ` +
        `${pageRatio.toFixed(2)}x (target at most 1.5x at ${PAGE_RATE} req/s: ` +
        `${verdict(pageRatio <= 1.5 && f.assetPageRate >= PAGE_RATE * 0.95)})`,
    );
  console.log(
    `  moving ${MOVED} assets with their devices: ${f.assetMoveMs.toFixed(0)} ms | ${MOVED} free devices: ` +
      `${f.deviceMoveMs.toFixed(0)} ms | ratio ${moveRatio.toFixed(2)}x (target at most 3x: ${verdict(moveRatio <= 3)})`,
  );
}

for (const kind of await databaseKinds()) report(`${kind}, one tenant`, await measure(kind));
