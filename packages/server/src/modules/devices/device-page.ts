/**
 * A page of devices as listings read and answer it. Loaded by SQLite's reader thread too (`devicePageAnswer`), so it
 * holds what a page needs and nothing that opens or reads anything.
 */
import type { DeviceSort, DeviceUsageLicense, Language, Role } from '@iot/shared';
import { type Expression, type Selectable, sql } from 'kysely';
import { packedColumns } from '../../db/packed-columns.js';
import type { RowsFinisher } from '../../db/reusable-query.js';
import type { DevicesTable } from '../../db/schema.js';
import { presentDevice } from './present.js';

/**
 * The columns a device is presented with: listings read these alone. A page of 50 reads in two thirds of the time
 * (the database's time is mostly making the values of each row), and secrets such as the MQTT password hash stay in
 * the database.
 */
const PRESENTED_COLUMNS = [
  'id',
  'description',
  'serialNumber',
  'deviceType',
  'fwVersion',
  'loraEui',
  'mac',
  'sigfoxId',
  'imei',
  'communication',
  'usageLicenseId',
  'businessId',
  'signalValues',
  'parameters',
  'parametersStatus',
  'routeDestination',
  'lastSeenAt',
  'locationState',
  'locationPlaceId',
  'locationSince',
  'createdAt',
  'version',
] as const satisfies readonly (keyof Selectable<DevicesTable>)[];
/**
 * The asset a device is linked to, as a listing reads it with the device (null when none): `assetOwned` is 1 when the
 * caller reaches the asset's business (a device may sit below its asset's level, where the caller may reach it alone).
 */
export interface ListedAsset {
  assetId: string | null;
  assetDescription: string | null;
  assetOwned: number | null;
}
/** A device as a listing holds it: what it is presented with, the caller's role on its business, its asset. */
export type ListedDeviceRow = Pick<Selectable<DevicesTable>, (typeof PRESENTED_COLUMNS)[number]> & {
  role: Role;
  businessDescription: string;
} & Partial<ListedAsset> & {
    /** The name of the place the device is at (`locationPlaceId`), when the listing reads it. */
    placeName?: string | null;
  };
export const presentedColumns = PRESENTED_COLUMNS.map((column) => `devices.${column}` as const);
/** A listed device as a page reads it: its presented columns as one JSON array (`db/packed-columns.ts`). */
export type PackedListedRow = Pick<ListedDeviceRow, 'role' | 'businessDescription'> &
  ListedAsset & { placeName: string | null; packed: string };
/** A page's devices are read each as one value. */
export const packedListing = packedColumns<
  Selectable<DevicesTable>,
  (typeof PRESENTED_COLUMNS)[number],
  'role' | 'businessDescription' | keyof ListedAsset | 'placeName'
>('devices', PRESENTED_COLUMNS, [
  'role',
  'businessDescription',
  'assetId',
  'assetDescription',
  'assetOwned',
  'placeName',
]);

/** Where a page starts: the sort value and id of the last device of the previous page. */
export type Cursor = [string | number, string];

/** The sort key of each sort field as SQL, with the value it takes on a row (for the next page's cursor). */
export const SORT_KEYS: Record<
  DeviceSort['by'],
  { sql: Expression<string | number>; of: (row: ListedDeviceRow) => string | number }
> = {
  description: {
    sql: sql<string>`lower(${sql.ref('devices.description')})`,
    of: (row) => row.description.toLowerCase(),
  },
  serialNumber: {
    sql: sql<string>`coalesce(${sql.ref('devices.serialNumber')}, '')`,
    of: (row) => row.serialNumber ?? '',
  },
  lastSeen: { sql: sql<number>`coalesce(${sql.ref('devices.lastSeenAt')}, 0)`, of: (row) => row.lastSeenAt ?? 0 },
  createdAt: { sql: sql<number>`${sql.ref('devices.createdAt')}`, of: (row) => row.createdAt },
  locationState: { sql: sql<string>`${sql.ref('devices.locationState')}`, of: (row) => row.locationState },
};

/**
 * A page as answered where it was read: its devices presented, each as JSON text, and where the next page starts. The
 * usage licenses the devices name are read afterwards, for the page's distinct ones at once (the page's query stays
 * as it is), and added by `pageItemsText`: a device naming one is written without its `usageLicense`.
 */
export interface DevicePageAnswer {
  items: string[];
  /** The usage license each device names (null: none). */
  licenseIds: (string | null)[];
  next: Cursor | null;
}

/** The JSON text of a page's devices, each naming a usage license given the license as `licenses` has it. */
export function pageItemsText(answer: DevicePageAnswer, licenses: ReadonlyMap<string, DeviceUsageLicense>): string {
  const items = answer.items.map((json, index) => {
    const licenseId = answer.licenseIds[index];
    if (licenseId === null || licenseId === undefined) return json;
    return `${json.slice(0, -1)},"usageLicense":${JSON.stringify(licenses.get(licenseId) ?? null)}}`;
  });
  return `[${items.join(',')}]`;
}

/**
 * A page's rows (`limit + 1`, the last telling whether another page follows) made into its answer where they are read:
 * on SQLite's reader thread, which took the main thread's work of unpacking, presenting and writing the JSON of a page
 * (measured at 1,000 pages a second: a third of the main thread's time).
 */
export const devicePageAnswer: RowsFinisher<
  PackedListedRow,
  { sortBy: DeviceSort['by']; limit: number; language: Language },
  DevicePageAnswer
> = {
  module: import.meta.url,
  name: 'devicePageAnswer',
  finish(found, { sortBy, limit, language }) {
    const rows = found.map(packedListing.unpack);
    const last = rows.length > limit ? rows[limit - 1] : undefined;
    const page = rows.slice(0, limit);
    return {
      items: page.map((row) => {
        const device = presentDevice({ ...row, usageLicense: null }, language);
        if (row.usageLicenseId === null) return JSON.stringify(device);
        const { usageLicense: _, ...naming } = device;
        return JSON.stringify(naming);
      }),
      licenseIds: page.map((row) => row.usageLicenseId),
      next: last ? [SORT_KEYS[sortBy].of(last), last.id] : null,
    };
  },
};
