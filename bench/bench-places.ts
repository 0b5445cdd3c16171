/**
 * The places of `npm run bench:ingest`'s location runs: 10,000 of them (circles and hexagons of 80-250 m, some in a
 * group entered at once, a few forbidden) spread over a region of about 55 × 50 km, and the way each device drives
 * across it, 20 m per message, so that it crosses places (states and their history rows change) as a fleet would.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '@iot/server/database';
import { areaBounds, type PlaceArea } from '@iot/shared';
import { sql } from 'kysely';

const REGION = { minLat: 41.0, maxLat: 41.5, minLon: -8.7, maxLon: -8.1 };
const METRES_PER_DEGREE = 111_195;
const STEP_M = 20;

const fraction = (value: number) => value - Math.floor(value);
/** `value` folded back into `[min, max]`, as a ball bounces between two walls. */
function bounce(value: number, min: number, max: number) {
  const span = max - min;
  const folded = (((value - min) % (2 * span)) + 2 * span) % (2 * span);
  return min + (folded <= span ? folded : 2 * span - folded);
}

/** Where device `device` is after `step` messages: a straight way of its own, bouncing off the region's edges. */
export function positionOf(device: number, step: number) {
  const angle = device * 2.399963;
  const lat0 = REGION.minLat + fraction(device * 0.618034) * (REGION.maxLat - REGION.minLat);
  const lon0 = REGION.minLon + fraction(device * 0.414214) * (REGION.maxLon - REGION.minLon);
  const metres = step * STEP_M;
  const lat = lat0 + (metres * Math.cos(angle)) / METRES_PER_DEGREE;
  const lon = lon0 + (metres * Math.sin(angle)) / (METRES_PER_DEGREE * Math.cos((lat0 * Math.PI) / 180));
  return {
    lat: Number(bounce(lat, REGION.minLat, REGION.maxLat).toFixed(6)),
    lon: Number(bounce(lon, REGION.minLon, REGION.maxLon).toFixed(6)),
  };
}

/** A repeatable pseudo-random sequence (the same places every run). */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function areaOf(random: () => number): PlaceArea {
  const center = {
    lat: REGION.minLat + random() * (REGION.maxLat - REGION.minLat),
    lon: REGION.minLon + random() * (REGION.maxLon - REGION.minLon),
  };
  const radius = 80 + random() * 170;
  if (random() < 0.8) return { kind: 'circle', center, radius };
  const dLat = radius / METRES_PER_DEGREE;
  const dLon = radius / (METRES_PER_DEGREE * Math.cos((center.lat * Math.PI) / 180));
  return {
    kind: 'polygon',
    points: Array.from({ length: 6 }, (_, index) => ({
      lat: center.lat + dLat * Math.cos((index * Math.PI) / 3),
      lon: center.lon + dLon * Math.sin((index * Math.PI) / 3),
    })),
  };
}

/**
 * `count` places in the business (a tenant): half in a group entered at once, 2% in a forbidden one (their alarm
 * edges go through the outbox), the rest with the default timings; the place revision bumped, as the places module does.
 */
export async function insertPlaces(db: Database, businessId: string, count: number) {
  const { path } = await db
    .selectFrom('businesses')
    .select('path')
    .where('id', '=', businessId)
    .executeTakeFirstOrThrow();
  const group = async (name: string, forbidden: number, enterAfterMs: number) => {
    const id = randomUUID();
    await db
      .insertInto('placeGroups')
      .values({
        id,
        businessId,
        businessPath: path,
        name,
        forbidden,
        enterAfterMs,
        lostAfterMs: 24 * 60 * 60_000,
        createdAt: Date.now(),
        updatedAt: Date.now(),
        version: 1,
      })
      .execute();
    return id;
  };
  const checkpoints = await group('Checkpoints', 0, 0);
  const forbidden = await group('Forbidden', 1, 0);
  const random = sequence(34);
  const rows = Array.from({ length: count }, (_, index) => {
    const area = areaOf(random);
    const draw = random();
    return {
      id: randomUUID(),
      businessId,
      businessPath: path,
      name: `Place ${index + 1}`,
      groupId: draw < 0.02 ? forbidden : draw < 0.5 ? checkpoints : null,
      area: JSON.stringify(area),
      ...areaBounds(area),
      createdAt: Date.now(),
      updatedAt: Date.now(),
      version: 1,
    };
  });
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('places')
      .values(rows.slice(start, start + 500))
      .execute();
  }
  await sql`update place_revision set revision = revision + 1 where id = 1`.execute(db);
}

/** Every place and group gone again (the devices' states stay as they are), the revision bumped. */
export async function deletePlaces(db: Database) {
  await db.deleteFrom('places').execute();
  await db.deleteFrom('placeGroups').execute();
  await sql`update place_revision set revision = revision + 1 where id = 1`.execute(db);
}
