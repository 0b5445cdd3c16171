import { DEFAULT_LOST_AFTER_MS, type LocationState } from '@iot/shared';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, DatabaseSchema } from '../../db/schema.js';

type Executor = Database | Transaction<DatabaseSchema> | Kysely<DatabaseSchema>;

/** The states a device's silence can make lost: those of a device whose positions are known. */
const LOCATED_STATES: readonly LocationState[] = ['inTransit', 'atPoi', 'atForbiddenPoi', 'atUnknownLocation'];

/** The most rows of a device's location history one answer holds (the newest of the range). */
export const HISTORY_MAX = 1000;

export function createLocationsRepo(db: Database) {
  return {
    /**
     * A device's location states that overlap `[from, to)`, newest first. The states follow one another, so the
     * oldest wanted is the one open at `from`: the range is read by the primary key from its start.
     */
    async history(deviceId: string, from: number, to: number, trx: Executor = db) {
      const start = await trx
        .selectFrom('deviceLocationStates')
        .select((eb) => eb.fn.max('enteredAt').as('enteredAt'))
        .where('deviceId', '=', deviceId)
        .where('enteredAt', '<=', from)
        .executeTakeFirst();
      return trx
        .selectFrom('deviceLocationStates')
        .select(['enteredAt', 'leftAt', 'state', 'placeId', 'placeName', 'lat', 'lon'])
        .where('deviceId', '=', deviceId)
        .where('enteredAt', '>=', Number(start?.enteredAt ?? from))
        .where('enteredAt', '<', to)
        .orderBy('enteredAt', 'desc')
        .limit(HISTORY_MAX)
        .execute();
    },

    /**
     * Located devices (in transit, at a place or at an unknown location) whose last message is older than the lost
     * time of the group of the place they are at (`DEFAULT_LOST_AFTER_MS` elsewhere), oldest first. Walks
     * `devices_last_seen` up to `at` less the shortest lost time of any group. On PostgreSQL the rows are locked as an
     * ingest batch locks them, skipping those a batch holds: it is hearing from them.
     */
    async overdue(at: number, limit: number, postgres: boolean, trx: Executor) {
      const shortest = await trx
        .selectFrom('placeGroups')
        .select((eb) => eb.fn.min('lostAfterMs').as('lostAfterMs'))
        .executeTakeFirst();
      const soonest = Math.min(Number(shortest?.lostAfterMs ?? DEFAULT_LOST_AFTER_MS), DEFAULT_LOST_AFTER_MS);
      return trx
        .selectFrom('devices')
        .leftJoin('places', 'places.id', 'devices.locationPlaceId')
        .leftJoin('placeGroups', 'placeGroups.id', 'places.groupId')
        .select(['devices.id', 'devices.businessId', 'devices.businessPath'])
        .where('devices.lastSeenAt', '<', at - soonest)
        .where('devices.locationState', 'in', [...LOCATED_STATES])
        .where(
          sql<boolean>`${sql.ref('devices.lastSeenAt')} < ${at} - coalesce(${sql.ref('placeGroups.lostAfterMs')}, ${DEFAULT_LOST_AFTER_MS})`,
        )
        .orderBy('devices.lastSeenAt')
        .limit(limit)
        .$if(postgres, (query) => query.forNoKeyUpdate('devices').skipLocked())
        .execute();
    },

    /** The devices are lost from `at`: their open states end then, and a lost one begins. */
    async markLost(deviceIds: string[], at: number, trx: Executor) {
      if (deviceIds.length === 0) return;
      await trx
        .updateTable('devices')
        .set({ locationState: 'lost', locationPlaceId: null, locationSince: at })
        .where('id', 'in', deviceIds)
        .execute();
      await trx
        .updateTable('deviceLocationStates')
        .set({ leftAt: at })
        .where('deviceId', 'in', deviceIds)
        .where('leftAt', 'is', null)
        .execute();
      await trx
        .insertInto('deviceLocationStates')
        .values(
          deviceIds.map((deviceId) => ({
            deviceId,
            enteredAt: at,
            leftAt: null,
            state: 'lost' as const,
            placeId: null,
            placeName: null,
            lat: null,
            lon: null,
          })),
        )
        .execute();
    },
  };
}

export type LocationsRepo = ReturnType<typeof createLocationsRepo>;
