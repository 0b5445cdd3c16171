import type { LocationStateHistory, LocationStatesQuery } from '@iot/shared';
import { AppError } from '../../http/app-error.js';
import type { DevicesRepo } from '../devices/repo.js';
import type { UserRow } from '../users/present.js';
import type { LocationsRepo } from './repo.js';

const iso = (time: number) => new Date(time).toISOString();

/** Where devices were (SPEC section 4): read by whoever sees the device, on any plan. */
export function createLocationsService({
  devicesRepo,
  locationsRepo,
  now = Date.now,
}: {
  devicesRepo: DevicesRepo;
  locationsRepo: LocationsRepo;
  now?: () => number;
}) {
  return {
    /** The location states a reachable device was in over `[from, to)`, newest first, each with its dwell. */
    async history(user: UserRow, uuid: string, query: LocationStatesQuery): Promise<LocationStateHistory> {
      const from = Date.parse(query.from);
      const to = Date.parse(query.to);
      if (to <= from) throw new AppError('validation.failed', {}, { to: 'validation.invalid' });
      const device = await devicesRepo.findReachable(user, uuid);
      if (!device) throw new AppError('not_found');
      const rows = await locationsRepo.history(device.id, from, to);
      const at = now();
      return {
        items: rows.map((row) => ({
          state: row.state,
          place: row.placeName === null ? null : { id: row.placeId, name: row.placeName },
          enteredAt: iso(row.enteredAt),
          leftAt: row.leftAt === null ? null : iso(row.leftAt),
          dwellMs: Math.max(0, (row.leftAt ?? at) - row.enteredAt),
          position: row.lat === null || row.lon === null ? null : { lat: row.lat, lon: row.lon },
        })),
      };
    },
  };
}

export type LocationsService = ReturnType<typeof createLocationsService>;
