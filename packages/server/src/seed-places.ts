import { randomUUID } from 'node:crypto';
import { areaBounds, DEFAULT_LOST_AFTER_MS, type PlaceArea } from '@iot/shared';
import { sql } from 'kysely';
import type { Database } from './db/schema.js';
import type { BusinessesRepo } from './modules/businesses/repo.js';

interface DemoPlaceGroup {
  name: string;
  forbidden: boolean;
  enterAfterMs: number;
  lostAfterMs: number;
}

interface DemoPlace {
  name: string;
  /** The group's name, or none. */
  group: string | null;
  area: PlaceArea;
}

/** A place of the demo as created: what later demo data (the journeys of the vans) names it by. */
export interface CreatedDemoPlace {
  id: string;
  name: string;
  businessId: string;
  groupName: string | null;
  area: PlaceArea;
}

/** The level the demo's groups belong to (so every level of the tenant may use them), and the places' level. */
const GROUPS_LEVEL = 'Acme Water';
const PLACES_LEVEL = 'Lisbon plant';

export const DEMO_PLACE_GROUPS: DemoPlaceGroup[] = [
  { name: 'Depots', forbidden: false, enterAfterMs: 2 * 60_000, lostAfterMs: DEFAULT_LOST_AFTER_MS },
  { name: 'Restricted areas', forbidden: true, enterAfterMs: 0, lostAfterMs: DEFAULT_LOST_AFTER_MS },
];

const circle = (lat: number, lon: number, radius: number): PlaceArea => ({
  kind: 'circle',
  center: { lat, lon },
  radius,
});

/**
 * Places on the loop the simulated vans drive through Lisbon (`LISBON_LOOP` in the simulator's GPS tracker): the
 * depots sit on its corners, where the vans pass and now and then stop for minutes, so they enter and leave them as
 * a new user watches; the avenue from Rato to Saldanha is a polygon long enough (1.7 km, about three minutes of
 * driving) that every pass counts as being at it. The restricted zone lies a few hundred metres off the route: near
 * it, never on it, so the demo raises no forbidden-place alarm by itself.
 */
export const DEMO_PLACES: DemoPlace[] = [
  { name: 'Praça do Comércio depot', group: 'Depots', area: circle(38.7076, -9.1365, 250) },
  { name: 'Cais do Sodré depot', group: 'Depots', area: circle(38.7061, -9.1446, 200) },
  { name: 'Areeiro depot', group: 'Depots', area: circle(38.7422, -9.134, 250) },
  { name: 'Alameda loading bay', group: null, area: circle(38.737, -9.1335, 150) },
  {
    name: 'Avenida da Liberdade corridor',
    group: null,
    area: {
      kind: 'polygon',
      points: [
        { lat: 38.71914, lon: -9.15371 },
        { lat: 38.72501, lon: -9.14929 },
        { lat: 38.73421, lon: -9.14383 },
        { lat: 38.73474, lon: -9.14529 },
        { lat: 38.72559, lon: -9.15071 },
        { lat: 38.71978, lon: -9.1551 },
      ],
    },
  },
  { name: 'Martim Moniz customer', group: null, area: circle(38.716, -9.136, 120) },
  { name: 'Port restricted zone', group: 'Restricted areas', area: circle(38.7105, -9.16, 150) },
];

/**
 * The demo's place groups (on the tenant's top level) and places (on the Lisbon plant, whose vans drive past them),
 * each with its activity log entry by the provider-staff user; the place revision is bumped, as every change of
 * places bumps it. Answers the places created, for the demo data that names them.
 */
export async function insertDemoPlaces(
  businessesRepo: BusinessesRepo,
  businesses: { id: string; path: string; description: string }[],
  context: { adminId: string; now: number; trx: Database },
): Promise<CreatedDemoPlace[]> {
  const { adminId, now, trx } = context;
  const groupsLevel = businesses.find((business) => business.description === GROUPS_LEVEL);
  const placesLevel = businesses.find((business) => business.description === PLACES_LEVEL);
  if (!groupsLevel || !placesLevel) return [];
  const groupIds = new Map<string, string>();
  for (const group of DEMO_PLACE_GROUPS) {
    const id = randomUUID();
    groupIds.set(group.name, id);
    await trx
      .insertInto('placeGroups')
      .values({
        id,
        businessId: groupsLevel.id,
        businessPath: groupsLevel.path,
        name: group.name,
        forbidden: group.forbidden ? 1 : 0,
        enterAfterMs: group.enterAfterMs,
        lostAfterMs: group.lostAfterMs,
        createdAt: now,
        updatedAt: now,
        version: 1,
      })
      .execute();
    await businessesRepo.insertLog(
      {
        businessId: groupsLevel.id,
        userId: adminId,
        action: 'place_group_created',
        details: { groupId: id, name: group.name },
      },
      now,
      trx,
    );
  }
  const created: CreatedDemoPlace[] = [];
  for (const place of DEMO_PLACES) {
    const id = randomUUID();
    await trx
      .insertInto('places')
      .values({
        id,
        businessId: placesLevel.id,
        businessPath: placesLevel.path,
        name: place.name,
        groupId: place.group ? (groupIds.get(place.group) ?? null) : null,
        area: JSON.stringify(place.area),
        ...areaBounds(place.area),
        createdAt: now,
        updatedAt: now,
        version: 1,
      })
      .execute();
    await businessesRepo.insertLog(
      {
        businessId: placesLevel.id,
        userId: adminId,
        action: 'place_created',
        details: { placeId: id, name: place.name },
      },
      now,
      trx,
    );
    created.push({ id, name: place.name, businessId: placesLevel.id, groupName: place.group, area: place.area });
  }
  await sql`update place_revision set revision = revision + 1 where id = 1`.execute(trx);
  return created;
}

/** The demo's places as stored, by name: for demo data made after the seed (or by another step of it). */
export async function demoPlaces(db: Database): Promise<CreatedDemoPlace[]> {
  const names = DEMO_PLACES.map((place) => place.name);
  const rows = await db
    .selectFrom('places')
    .leftJoin('placeGroups', 'placeGroups.id', 'places.groupId')
    .select(['places.id', 'places.name', 'places.businessId', 'places.area', 'placeGroups.name as groupName'])
    .where('places.name', 'in', names)
    .execute();
  return rows
    .map((row) => ({ ...row, area: JSON.parse(row.area) as PlaceArea }))
    .sort((a, b) => names.indexOf(a.name) - names.indexOf(b.name));
}
