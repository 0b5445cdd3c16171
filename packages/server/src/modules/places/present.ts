import type { Place, PlaceArea, PlaceDevice, PlaceGroup } from '@iot/shared';
import type { PlaceDeviceRow } from './place-device-page.js';
import type { ListedGroupRow, ListedPlaceRow } from './repo.js';

const iso = (time: number) => new Date(time).toISOString();

/** A stored area: only ever written from a checked `PlaceArea`. */
export const areaOf = (json: string) => JSON.parse(json) as PlaceArea;

export function presentPlace(row: ListedPlaceRow, devicesNow: number): Place {
  return {
    _id: row.id,
    businessId: row.businessId,
    business: { id: row.businessId, description: row.businessDescription },
    name: row.name,
    area: areaOf(row.area),
    group:
      row.groupId && row.groupName !== null
        ? { id: row.groupId, name: row.groupName, forbidden: Boolean(row.groupForbidden) }
        : null,
    devicesNow,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    version: row.version,
  };
}

export function presentPlaceGroup(row: ListedGroupRow, places: number): PlaceGroup {
  return {
    _id: row.id,
    businessId: row.businessId,
    business: { id: row.businessId, description: row.businessDescription },
    name: row.name,
    forbidden: Boolean(row.forbidden),
    enterAfterMs: Number(row.enterAfterMs),
    lostAfterMs: Number(row.lostAfterMs),
    places,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    version: row.version,
  };
}

/** A device at the place now, with the place's name. */
export function presentPlaceDevice(row: PlaceDeviceRow): PlaceDevice {
  return {
    uuid: row.id,
    description: row.description,
    deviceType: row.deviceType,
    businessId: row.businessId,
    business: { id: row.businessId, description: row.businessDescription },
    location: {
      state: row.locationState,
      place: row.locationPlaceId ? { id: row.locationPlaceId, name: row.placeName } : null,
      since: row.locationSince === null ? null : iso(row.locationSince),
    },
    lastSeenAt: row.lastSeenAt === null ? null : iso(row.lastSeenAt),
  };
}
