import type { BusinessesTable, DevicesTable, UsersTable } from './schema.js';

/**
 * Every column of a table, as a list the compiler checks against the table's type: a column added to the table and
 * not listed here fails the type check. For queries that must name their columns rather than select `*` (prepared
 * statements, whose result columns PostgreSQL fixes when it first plans them).
 */
function everyColumn<Table>() {
  return <const Columns extends readonly (keyof Table & string)[]>(
    columns: Columns &
      ([Exclude<keyof Table, Columns[number]>] extends [never]
        ? unknown
        : { missingColumns: Exclude<keyof Table, Columns[number]> }),
  ) => columns;
}

export const USER_COLUMNS = everyColumn<UsersTable>()([
  'id',
  'email',
  'username',
  'passwordHash',
  'role',
  'firstName',
  'lastName',
  'language',
  'timezone',
  'phone',
  'offWorkFrom',
  'offWorkTo',
  'callReception',
  'emailConfirmedAt',
  'createdAt',
  'version',
]);

export const BUSINESS_COLUMNS = everyColumn<BusinessesTable>()([
  'id',
  'slug',
  'description',
  'parentId',
  'path',
  'depth',
  'status',
  'logo',
  'theme',
  'cfgLocked',
  'mergedLocked',
  'viewPermissions',
  'deviceCount',
  'createdAt',
  'version',
]);

export const DEVICE_COLUMNS = everyColumn<DevicesTable>()([
  'id',
  'key',
  'businessId',
  'businessPath',
  'tenantPath',
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
  'signalValues',
  'parameters',
  'parametersStatus',
  'routeDestination',
  'lastSeenAt',
  'outputs',
  'alarmsConfig',
  'userData',
  'calibration',
  'downlinkData',
  'downlinkPort',
  'downlinkRef',
  'sigfoxPac',
  'mqttPasswordHash',
  'parametersStatusAt',
  'linkQuality',
  'alarmConditions',
  'locationState',
  'locationPlaceId',
  'locationSince',
  'locationTrack',
  'journeyId',
  'createdAt',
  'version',
]);
