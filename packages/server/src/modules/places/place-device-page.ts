/**
 * A page of the devices at a place as `GET /places/{id}/devices` answers it. Loaded by SQLite's reader thread too
 * (`placeDevicePageAnswer`), so it holds what a page needs and nothing that opens or reads anything.
 */
import type { Selectable } from 'kysely';
import { packedColumns } from '../../db/packed-columns.js';
import type { RowsFinisher } from '../../db/reusable-query.js';
import type { DevicesTable } from '../../db/schema.js';
import { presentPlaceDevice } from './present.js';

/** Where a page starts: the sort key and id of the last row of the previous page. */
export type PageCursor = [string, string];

/** The columns of a device that a row of the page shows. */
const PAGE_COLUMNS = [
  'id',
  'description',
  'deviceType',
  'businessId',
  'locationState',
  'locationPlaceId',
  'locationSince',
  'lastSeenAt',
] as const satisfies readonly (keyof Selectable<DevicesTable>)[];
/** What the page reads besides the device's columns (`placePath`: the level of the place). */
const EXTRAS = ['placeName', 'placePath', 'businessDescription', 'sortKey'] as const;

/** A page's devices are read each as one value, as the device page's are (`db/packed-columns.ts`). */
export const packedPlaceDevices = packedColumns<
  Selectable<DevicesTable>,
  (typeof PAGE_COLUMNS)[number],
  (typeof EXTRAS)[number]
>('devices', PAGE_COLUMNS, EXTRAS);

/** A device at a place, as the page reads it. */
export type PlaceDeviceRow = Pick<Selectable<DevicesTable>, (typeof PAGE_COLUMNS)[number]> & {
  placeName: string;
  placePath: string;
  businessDescription: string;
  /** `lower(description)`: the page's sort key. */
  sortKey: string;
};
export type PackedPlaceDeviceRow = Omit<PlaceDeviceRow, (typeof PAGE_COLUMNS)[number]> & { packed: string };

/**
 * A page as answered: its devices presented, as the JSON text of their array, where the next page starts, and the
 * level of the place when the page has a device.
 */
export interface PlaceDevicePageAnswer {
  items: string;
  next: PageCursor | null;
  placePath: string | null;
}

/**
 * A page's rows (`limit + 1`, the last telling whether another page follows) made into its answer where they are read:
 * on SQLite's reader thread, as the device page is (`devicePageAnswer`), so that the main thread neither presents nor
 * writes the page.
 */
export const placeDevicePageAnswer: RowsFinisher<PackedPlaceDeviceRow, { limit: number }, PlaceDevicePageAnswer> = {
  module: import.meta.url,
  name: 'placeDevicePageAnswer',
  finish(found, { limit }) {
    const rows: PlaceDeviceRow[] = found.map(packedPlaceDevices.unpack);
    const last = rows.length > limit ? rows[limit - 1] : undefined;
    return {
      items: JSON.stringify(rows.slice(0, limit).map(presentPlaceDevice)),
      next: last ? [last.sortKey, last.id] : null,
      placePath: rows[0]?.placePath ?? null,
    };
  },
};
