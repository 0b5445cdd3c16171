/**
 * `npm run bench:places`: "devices at place X now" with a large fleet (issue 34), on SQLite and on PostgreSQL, beside
 * the device page measured the same way in the same run, with the load from a process of its own:
 *  - a page of 50 of the devices at one place (`GET /api/places/{id}/devices`), AT_PLACE of the fleet's devices being
 *    at it and the rest spread over OTHER_PLACES places or outside every place, by a non-staff admin of the tenant,
 *    requests arriving evenly at PAGE_RATE a second (`paced-load.ts`), its p99 beside the device page's
 *    (`POST /api/devices/filter`, one device type by description, as `devices.ts` measures it) at the same rate
 *    (target: no more than the device page's p99).
 * Each page is first timed alone (20 in a row, the median printed), each route then loaded for 3 s unmeasured; the
 * pair is measured ROUNDS times, alternating, and the medians are reported. Default: 100,000 devices in one tenant.
 */
import { buildApp } from '@iot/server';
import type { Database } from '@iot/server/database';
import { hashPassword } from '@iot/server/passwords';
import { areaBounds, type LocationState, type PlaceArea } from '@iot/shared';
import { sql } from 'kysely';
import { pacedLoad } from './paced-load-runner.js';
import { databaseKinds, generateFleet, openProduct } from './product.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PAGE_RATE = Number(process.env.BENCH_PLACES_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_PLACES_SECONDS ?? 5);
const FLEET = Number(process.env.BENCH_PLACES_DEVICES ?? 100_000);
/** The share of the fleet at the measured place, and how many other places hold the devices of another share. */
const AT_PLACE = Number(process.env.BENCH_PLACES_AT_PLACE ?? 0.2);
const OTHER_PLACES = 50;
const WARM_UP_SECONDS = 3;
const PASSWORD = 'bench password';
const PLACE_ID = 'bench-place';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

interface Figures {
  /** One page at a time: the median of 20. */
  placeAloneMs: number;
  deviceAloneMs: number;
  placePageP99: number;
  placePageRate: number;
  devicePageP99: number;
  devicePageRate: number;
}

/**
 * The places of the tenant and where every device is now, written straight into the tables as the ingest pipeline
 * keeps them: AT_PLACE of the devices at the measured place, as many again over OTHER_PLACES places, the rest in
 * transit, stopped outside every place, lost or never located.
 */
async function generateLocations(db: Database, tenant: { id: string; path: string }, batchSize: number) {
  const now = Date.now();
  const placeIds = [PLACE_ID, ...Array.from({ length: OTHER_PLACES }, (_, n) => `bench-place-${n}`)];
  for (const [n, id] of placeIds.entries()) {
    const area: PlaceArea = { kind: 'circle', center: { lat: 38.7 + n / 100, lon: -9.1 }, radius: 300 };
    await db
      .insertInto('places')
      .values({
        id,
        businessId: tenant.id,
        businessPath: tenant.path,
        name: n === 0 ? 'Main depot' : `Place ${n}`,
        groupId: null,
        area: JSON.stringify(area),
        ...areaBounds(area),
        createdAt: now,
        updatedAt: now,
        version: 1,
      })
      .execute();
  }
  const devices = await db.selectFrom('devices').select('id').orderBy('id').execute();
  const atPlace = Math.round(devices.length * AT_PLACE);
  const outside: LocationState[] = ['inTransit', 'atUnknownLocation', 'lost', 'unavailable'];
  const groups = new Map<string, string[]>();
  for (const [n, device] of devices.entries()) {
    const key =
      n < atPlace
        ? PLACE_ID
        : n < 2 * atPlace
          ? (placeIds[1 + (n % OTHER_PLACES)] ?? PLACE_ID)
          : `state:${outside[n % outside.length]}`;
    const list = groups.get(key) ?? [];
    list.push(device.id);
    groups.set(key, list);
  }
  for (const [key, ids] of groups) {
    const state: LocationState = key.startsWith('state:') ? (key.slice(6) as LocationState) : 'atPoi';
    const placeId = key.startsWith('state:') ? null : key;
    for (let start = 0; start < ids.length; start += batchSize) {
      await db
        .updateTable('devices')
        .set({
          locationState: state,
          locationPlaceId: placeId,
          locationSince: state === 'unavailable' ? null : now - 3_600_000,
        })
        .where('id', 'in', ids.slice(start, start + batchSize))
        .execute();
    }
  }
  return atPlace;
}

async function measure(kind: 'sqlite' | 'postgres'): Promise<Figures & { atPlace: number }> {
  const product = await openProduct(kind, 'iot-bench-places-');
  let app: Awaited<ReturnType<typeof buildApp>>['app'] | undefined;
  try {
    const started = performance.now();
    const tenant = await generateFleet(product.database, 1, FLEET);
    const atPlace = await generateLocations(
      product.database.db,
      tenant,
      product.database.kind === 'sqlite' ? 500 : 1000,
    );
    if (kind === 'sqlite') await product.database.refreshStatistics();
    else await sql`analyze`.execute(product.database.db);
    console.log(
      `${kind}: generated ${FLEET} devices, ${atPlace} of them at the measured place, in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const built = await buildApp({ config: product.config, database: product.database });
    app = built.app;
    await built.services.plansRepo.insert(
      { businessId: tenant.id, name: 'Places', features: { poiSupport: true } },
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

    const placePageUrl = `${url}/api/places/${PLACE_ID}/devices?limit=50`;
    const placePage = (await (await fetch(placePageUrl, { headers: getHeaders })).json()) as {
      items?: unknown[];
      nextCursor?: string;
    };
    if (placePage.items?.length !== 50 || !placePage.nextCursor)
      throw new Error(`the place's page answered ${JSON.stringify(placePage).slice(0, 300)}`);
    const filter = JSON.stringify({
      deviceTypes: ['th-sensor-sigfox'],
      sort: { by: 'description', order: 'asc' },
      limit: 50,
    });
    const placeLoad = { rate: PAGE_RATE, method: 'GET', headers: getHeaders, url: placePageUrl } as const;
    const deviceLoad = {
      rate: PAGE_RATE,
      method: 'POST',
      body: filter,
      headers,
      url: `${url}/api/devices/filter`,
    } as const;
    // Each page is asked for a few times first: the first reads start SQLite's reader thread and load its modules.
    const alone = async (load: typeof placeLoad | typeof deviceLoad) => {
      const times: number[] = [];
      for (let n = -5; n < 20; n++) {
        const t0 = performance.now();
        const response = await fetch(load.url, {
          method: load.method,
          headers: load.headers,
          ...('body' in load ? { body: load.body } : {}),
        });
        await response.arrayBuffer();
        if (n >= 0) times.push(performance.now() - t0);
      }
      return median(times);
    };
    const placeAloneMs = await alone(placeLoad);
    const deviceAloneMs = await alone(deviceLoad);
    await pacedLoad({ ...deviceLoad, seconds: WARM_UP_SECONDS });
    await pacedLoad({ ...placeLoad, seconds: WARM_UP_SECONDS });

    const rounds: Figures[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const devicePage = await pacedLoad({ ...deviceLoad, seconds: SECONDS });
      const placePageFigure = await pacedLoad({ ...placeLoad, seconds: SECONDS });
      rounds.push({
        placePageP99: placePageFigure.p99,
        placePageRate: placePageFigure.perSecond,
        devicePageP99: devicePage.p99,
        devicePageRate: devicePage.perSecond,
        placeAloneMs,
        deviceAloneMs,
      });
    }
    const pick = (key: keyof Figures) => median(rounds.map((round) => round[key]));
    return {
      atPlace,
      placePageP99: pick('placePageP99'),
      placePageRate: pick('placePageRate'),
      devicePageP99: pick('devicePageP99'),
      devicePageRate: pick('devicePageRate'),
      placeAloneMs: pick('placeAloneMs'),
      deviceAloneMs: pick('deviceAloneMs'),
    };
  } finally {
    await app?.close();
    await product.drop();
  }
}

function report(label: string, f: Figures & { atPlace: number }) {
  const ratio = f.placePageP99 / f.devicePageP99;
  const met = ratio <= 1 && f.placePageRate >= PAGE_RATE * 0.95;
  console.log(`\n${label}: ${FLEET} devices, ${f.atPlace} at the place (median of ${ROUNDS} rounds of ${SECONDS} s)`);
  console.log(
    `  one page at a time (median of 20): devices at the place ${f.placeAloneMs.toFixed(1)} ms | device page ` +
      `${f.deviceAloneMs.toFixed(1)} ms | ratio ${(f.placeAloneMs / f.deviceAloneMs).toFixed(2)}x`,
  );
  console.log(
    `  devices at the place, page of 50: p99 ${f.placePageP99.toFixed(1)} ms at ${f.placePageRate.toFixed(0)} req/s | ` +
      `device page: p99 ${f.devicePageP99.toFixed(1)} ms at ${f.devicePageRate.toFixed(0)} req/s | ratio ` +
      `${ratio.toFixed(2)}x (target at most 1x at ${PAGE_RATE} req/s: ${met ? 'met' : 'NOT met'})`,
  );
}

for (const kind of await databaseKinds()) report(`${kind}, one tenant`, await measure(kind));
