import { COMMUNICATION_TYPES, type CommunicationType } from '../codecs/communication-type.js';
import { findDeviceType } from '../codecs/registry.js';
import type { MessageCode } from '../messages.js';
import { z } from '../validation.js';
import { Version } from './common.js';
import { DeviceLocation, LocationStateSchema } from './places.js';
import { DeviceUsageLicense } from './usage-licenses.js';

/** SPEC section 4: where a device's parameters stand between the server and the device. */
export const PARAMETERIZATION_STATUSES = ['WAITING', 'SENT', 'CONFIRMED'] as const;
export const ParameterizationStatus = z.enum(PARAMETERIZATION_STATUSES);
export type ParameterizationStatus = z.infer<typeof ParameterizationStatus>;

/** The colours every device list item shows its parameterization status in (SPEC section 4). */
export const PARAMETERIZATION_COLOURS: Record<ParameterizationStatus, string> = {
  WAITING: '#ff9800',
  SENT: '#9ccc65',
  CONFIRMED: '#2e7d32',
};

export const DEVICE_PAGE_SIZES = [25, 50, 100, 200, 500] as const;
export const DEFAULT_DEVICE_PAGE_SIZE = 50;
export const MAX_DEVICE_PAGE_SIZE = 500;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'validation.too_long' })
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * A network id as stored: trimmed, upper case, separators (`:`, `-`, spaces) removed, then checked against its
 * network's format; empty means absent.
 */
const networkId = (pattern: RegExp, error: MessageCode) =>
  z
    .string()
    .max(64, { error: 'validation.too_long' })
    .nullish()
    .transform((value) => (value ? value.replace(/[\s:-]/g, '').toUpperCase() : null))
    .refine((value) => value === null || pattern.test(value), { error });

/** A LoRaWAN DevEUI: 8 bytes, 16 hex characters. */
export const LoraEui = networkId(/^[0-9A-F]{16}$/, 'validation.lora_eui');
/** A Wi-Fi MAC address: 6 bytes, 12 hex characters. */
export const MacAddress = networkId(/^[0-9A-F]{12}$/, 'validation.mac');
/** A Sigfox device id: up to 8 hex characters. */
export const SigfoxId = networkId(/^[0-9A-F]{1,8}$/, 'validation.sigfox_id');

/** The Luhn check digit rule every IMEI follows (the 15th digit). */
export function isValidImei(imei: string): boolean {
  if (!/^\d{15}$/.test(imei)) return false;
  let sum = 0;
  for (let index = 0; index < 15; index++) {
    let digit = Number(imei[index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
export const Imei = z
  .string()
  .max(64, { error: 'validation.too_long' })
  .nullish()
  .transform((value) => (value ? value.replace(/[\s-]/g, '') : null))
  .refine((value) => value === null || isValidImei(value), { error: 'validation.imei' });

export const CommunicationTypeSchema = z.enum(COMMUNICATION_TYPES);

/** The network id of each network, as devices are created from theirs (a device type's first network). */
export const NETWORK_ID_SCHEMAS: Record<CommunicationType, typeof LoraEui> = {
  lora: LoraEui,
  wifi: MacAddress,
  sigfox: SigfoxId,
  cellular: Imei,
};

const NETWORK_ID_FIELDS = { loraEUI: LoraEui, mac: MacAddress, sigfoxID: SigfoxId, IMEI: Imei };
export const NETWORK_ID_KEYS = ['loraEUI', 'mac', 'sigfoxID', 'IMEI'] as const;
export type NetworkIdKey = (typeof NETWORK_ID_KEYS)[number];

const SignalReading = z.object({ value: z.unknown(), date: z.string() });

/** A device as SPEC section 3 shows it. */
export const Device = z
  .object({
    uuid: z.string(),
    description: z.string(),
    serialNumber: z.string().nullable(),
    deviceType: z.string(),
    fwVersion: z.string().nullable(),
    loraEUI: z.string().nullable(),
    mac: z.string().nullable(),
    sigfoxID: z.string().nullable(),
    IMEI: z.string().nullable(),
    communicationType: CommunicationTypeSchema,
    usageLicenseId: z.string().nullable(),
    /** The usage license it names, with whether it has expired (the list flags it). */
    usageLicense: DeviceUsageLicense.nullable(),
    businessId: z.string(),
    business: z.object({ id: z.string(), description: z.string() }),
    /** The asset the device is linked to; `ownedByUser`: the caller can open it. */
    asset: z.object({ UUID: z.string(), description: z.string(), ownedByUser: z.boolean() }).nullable(),
    /** Where the device is now in terms of places (SPEC section 4). */
    location: DeviceLocation,
    signalValues: z.record(z.string(), SignalReading),
    parameters: z.object({
      values: z.record(z.string(), z.union([z.number(), z.boolean(), z.string()])),
      status: ParameterizationStatus.nullable(),
    }),
    /** The parameterization status in the caller's language, with its colour; null when nothing was ever set. */
    parameterization: z.object({ status: ParameterizationStatus, label: z.string(), colour: z.string() }).nullable(),
    routeDestination: z.string().nullable(),
    lastSeenAt: z.string().nullable(),
    createdAt: z.string(),
    version: Version,
  })
  .meta({ id: 'Device' });
export type Device = z.infer<typeof Device>;

/** `POST /devices`: a device in a business the caller administers. */
export const CreateDeviceRequest = z.object({
  businessId: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(64),
  deviceType: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(64),
  description: optionalText(200).transform((value) => value ?? ''),
  serialNumber: optionalText(100),
  fwVersion: optionalText(50),
  usageLicenseId: optionalText(100),
  ...NETWORK_ID_FIELDS,
});
export type CreateDeviceRequest = z.infer<typeof CreateDeviceRequest>;

/**
 * `PUT /devices`: the fields an operator edits, over the `version` read. Absent fields stay as they are; a network id
 * sent empty is removed. The business changes through `bulk-business-set`, the type through the advanced call.
 */
export const UpdateDeviceRequest = z.object({
  uuid: z.string().min(1).max(64),
  version: Version,
  description: optionalText(200)
    .transform((value) => value ?? '')
    .optional(),
  serialNumber: optionalText(100).optional(),
  fwVersion: optionalText(50).optional(),
  usageLicenseId: optionalText(100).optional(),
  loraEUI: LoraEui.optional(),
  mac: MacAddress.optional(),
  sigfoxID: SigfoxId.optional(),
  IMEI: Imei.optional(),
});
export type UpdateDeviceRequest = z.infer<typeof UpdateDeviceRequest>;

export const DeviceParams = z.object({ uuid: z.string().min(1).max(64) });

export const DEVICE_SORT_FIELDS = ['description', 'lastSeen', 'createdAt', 'serialNumber', 'locationState'] as const;
export const DeviceSort = z.object({
  by: z.enum(DEVICE_SORT_FIELDS).default('description'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type DeviceSort = z.infer<typeof DeviceSort>;

export const SIGNAL_VALUE_OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte'] as const;

/** The longest text a signal-value condition compares. */
export const SIGNAL_CONDITION_TEXT_MAX = 200;

/** A condition on a device's latest value of one signal (by its key, as the device type names it). */
export const SignalValueCondition = z
  .object({
    signal: z
      .string()
      .min(1, { error: 'validation.required' })
      .max(64)
      .regex(/^[A-Za-z0-9_]+$/, { error: 'validation.invalid' }),
    op: z.enum(SIGNAL_VALUE_OPERATORS),
    value: z.union([z.number().finite(), z.boolean(), z.string().max(SIGNAL_CONDITION_TEXT_MAX)]),
  })
  .refine((condition) => typeof condition.value === 'number' || condition.op === 'eq' || condition.op === 'neq', {
    error: 'validation.invalid',
    path: ['op'],
  });
export type SignalValueCondition = z.infer<typeof SignalValueCondition>;

/** The longest last-seen window a device filter takes, in hours (a year, a leap one included). */
const LAST_SEEN_HOURS_MAX = 24 * 366;
const lastSeenHours = z.number().int().min(1).max(LAST_SEEN_HOURS_MAX);

/**
 * `POST /devices/filter` and `/filter-count`. Filters combine (and); a list filter matches any of its values.
 *
 * Last seen: `seenWithinHours` keeps devices heard from within that many hours; `notSeenForHours` the silent ones,
 * not heard from for more than that many hours, devices never heard from included (an operator hunting silent
 * devices wants those too); `neverSeen` only those never heard from. Together, `seenWithinHours` and
 * `notSeenForHours` keep the devices last heard from between the two (gone silent of late), so the first must be
 * the longer; `neverSeen` with `notSeenForHours` is the never-seen devices alone. Combinations that could match no
 * device (`seenWithinHours` with `neverSeen`, or not longer than `notSeenForHours`) are refused.
 */
export const DeviceFilter = z
  .object({
    businessId: z.string().min(1).max(64).optional(),
    deviceTypes: z.array(z.string().max(64)).max(100).optional(),
    communicationTypes: z.array(CommunicationTypeSchema).max(4).optional(),
    parameterizationStatuses: z.array(ParameterizationStatus).max(3).optional(),
    /** Devices in any of these location states (SPEC section 4). */
    locationStates: z.array(LocationStateSchema).max(6).optional(),
    search: z.string().trim().max(100).optional(),
    seenWithinHours: lastSeenHours.optional(),
    notSeenForHours: lastSeenHours.optional(),
    neverSeen: z.boolean().optional(),
    /** Conditions on the devices' latest values; numbers compare, booleans and texts only with `eq` and `neq`. */
    signalValues: z.array(SignalValueCondition).max(10).optional(),
    sort: DeviceSort.default({ by: 'description', order: 'asc' }),
    limit: z.number().int().min(1).max(MAX_DEVICE_PAGE_SIZE).default(DEFAULT_DEVICE_PAGE_SIZE),
    /** The `nextCursor` of the previous page, for the same filter and sort. */
    cursor: z.string().max(1000).optional(),
  })
  .refine((filter) => filter.seenWithinHours === undefined || !filter.neverSeen, {
    error: 'validation.invalid',
    path: ['neverSeen'],
  })
  .refine(
    (filter) =>
      filter.seenWithinHours === undefined ||
      filter.notSeenForHours === undefined ||
      filter.seenWithinHours > filter.notSeenForHours,
    { error: 'validation.invalid', path: ['notSeenForHours'] },
  );
export type DeviceFilter = z.infer<typeof DeviceFilter>;

/** `GET /devices?businessId` and `/devices/all`: a page in description order, or `mode=count`. */
export const DeviceListQuery = z.object({
  businessId: z.string().min(1).max(64).optional(),
  mode: z.enum(['count']).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_DEVICE_PAGE_SIZE).default(DEFAULT_DEVICE_PAGE_SIZE),
  cursor: z.string().max(1000).optional(),
});

export const DevicePage = z.object({ items: z.array(Device), nextCursor: z.string().nullable() });
export type DevicePage = z.infer<typeof DevicePage>;

export const DeviceCount = z.object({ count: z.number().int() });

/** What happened to one device of a bulk call; the UI lists those not done. */
export const BulkDeviceResult = z.object({
  /** The device's uuid, or for a creation the network id or position given. */
  device: z.string(),
  ok: z.boolean(),
  uuid: z.string().optional(),
  code: z.string().optional(),
  message: z.string().optional(),
});
export const BulkDeviceResponse = z.object({
  results: z.array(BulkDeviceResult),
  succeeded: z.number().int(),
  failed: z.number().int(),
});
export type BulkDeviceResponse = z.infer<typeof BulkDeviceResponse>;

/** `POST /devices/bulk-business-set`: move devices to a business; with `dryRun`, answer what it would do, moving none. */
export const BulkBusinessSetRequest = z.object({
  devices: z.array(z.string().min(1).max(64)).min(1, { error: 'validation.required' }).max(10_000),
  businessId: z.string().min(1).max(64),
  dryRun: z.boolean().optional(),
});

/**
 * The devices of a list whose network id is not one of `network`'s: their position in the list and the message code
 * saying what such ids look like. Ids missing or not text are left to the list's own schema.
 */
export function malformedNetworkIds(
  devices: readonly { networkId?: unknown }[],
  network: CommunicationType,
): { index: number; message: string }[] {
  return devices.flatMap((device, index) => {
    if (typeof device?.networkId !== 'string' || !device.networkId) return [];
    const issue = NETWORK_ID_SCHEMAS[network].safeParse(device.networkId).error?.issues[0];
    return issue ? [{ index, message: issue.message }] : [];
  });
}

/** A bulk creation: up to 10,000 devices of one type into one business, each described by `device`. */
const deviceListRequest = <Device extends z.ZodType>(device: Device) =>
  z.object({
    businessId: z.string().min(1).max(64),
    deviceType: z.string().trim().min(1, { error: 'validation.required' }).max(64),
    devices: z.array(device).min(1, { error: 'validation.required' }).max(10_000),
  });

/** `POST /devices/from-scratch`: create devices of one type from network ids (the creation page and CSV import). */
export const FromScratchRequest = deviceListRequest(
  z.object({
    networkId: z.string().trim().min(1, { error: 'validation.required' }).max(64),
    description: optionalText(200),
    serialNumber: optionalText(100),
  }),
)
  // Network ids malformed for the type's network are named with the request's other errors, at their lines, so that
  // a pasted list is corrected in one go. (An unknown type is the service's to refuse.)
  .superRefine((request, context) => {
    const network = findDeviceType(request.deviceType ?? '')?.communicationTypes[0];
    if (!network || !Array.isArray(request.devices)) return;
    for (const { index, message } of malformedNetworkIds(request.devices, network)) {
      context.addIssue({ code: 'custom', path: ['devices', index, 'networkId'], message });
    }
  });
export type FromScratchRequest = z.infer<typeof FromScratchRequest>;

/**
 * `POST /devices/import-csv`: `create` makes devices of `deviceType` in `businessId` from "Device ID, Network ID,
 * optional Description" lines; `rename` gives the devices of "Device ID, Description" lines (a device id is the
 * device's uuid, serial number or a network id) their description, and moves them to `businessId` when given.
 */
export const CsvImportQuery = z.object({
  mode: z.enum(['create', 'rename']).default('create'),
  businessId: z.string().min(1).max(64).optional(),
  deviceType: z.string().trim().min(1).max(64).optional(),
});
export type CsvImportQuery = z.infer<typeof CsvImportQuery>;

/** `POST /devices/ID&PAClist`: Sigfox devices of one type from their ids and PACs (8 bytes, 16 hex characters). */
export const IdAndPacListRequest = deviceListRequest(
  z.object({
    id: z.string().trim().min(1, { error: 'validation.required' }).max(64),
    pac: z
      .string()
      .trim()
      .regex(/^[0-9A-Fa-f]{16}$/, { error: 'validation.invalid' })
      .transform((pac) => pac.toUpperCase()),
  }),
);
export type IdAndPacListRequest = z.infer<typeof IdAndPacListRequest>;

/** `POST /devices/bulk-param-preset`: apply a preset's values to devices of its type, answered per device. */
export const BulkParamPresetRequest = z.object({
  devices: z.array(z.string().min(1).max(64)).min(1, { error: 'validation.required' }).max(10_000),
  presetId: z.string().min(1).max(64),
});

/** `POST /devices/fromlist`: devices of any types, each with its own fields, into one business; answered per device. */
export const FromListRequest = z.object({
  businessId: z.string().min(1).max(64),
  devices: z
    .array(CreateDeviceRequest.omit({ businessId: true }))
    .min(1, { error: 'validation.required' })
    .max(1000),
});
export type FromListRequest = z.infer<typeof FromListRequest>;

/** `GET /devices/graph?businessId`: how the devices split, for the dashboards' charts. */
export const DeviceGraph = z.object({
  total: z.number().int(),
  byType: z.record(z.string(), z.number().int()),
  byCommunication: z.record(z.string(), z.number().int()),
  byParameterization: z.record(z.string(), z.number().int()),
  /** Heard from within 24 hours (SPEC 9: recent), before that, never. */
  bySeen: z.object({ recent: z.number().int(), stale: z.number().int(), never: z.number().int() }),
});
export type DeviceGraph = z.infer<typeof DeviceGraph>;

export const DeviceGraphQuery = z.object({ businessId: z.string().min(1).max(64).optional() });

/**
 * `GET /devices/list/detailed?deviceUUID=a,b`: those of the listed devices the caller reaches; with `assetID`, also the
 * device linked to that asset when the caller reaches the asset.
 */
export const DetailedListQuery = z.object({
  deviceUUID: z
    .string()
    .max(64 * 200)
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((uuid) => uuid.trim())
        .filter(Boolean),
    ),
  assetID: z.string().min(1).max(64).optional(),
});

/** `GET /customer-business/{id}/devices`: a page of the business subtree's devices; `fromDate` keeps those added since. */
export const BusinessDevicesQuery = z.object({
  filter: z.enum(['onlyFreeDevices', 'all']).default('all'),
  fromDate: z.coerce.date({ error: 'validation.invalid' }).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_DEVICE_PAGE_SIZE).default(DEFAULT_DEVICE_PAGE_SIZE),
  cursor: z.string().max(1000).optional(),
});

/** `POST /devices/debug/decode-frame`: try a payload against a device type's codec. */
export const DecodeFrameRequest = z.object({
  deviceType: z.string().trim().min(1, { error: 'validation.required' }).max(64),
  data: z
    .string()
    .trim()
    .max(2048, { error: 'validation.too_long' })
    .regex(/^([0-9a-fA-F]{2})*$/, { error: 'validation.invalid' }),
  port: z.number().int().min(0).max(255).nullish(),
  date: z.iso.datetime({ error: 'validation.invalid' }).optional(),
});
export const DecodeFrameResponse = z.union([
  z.object({
    ok: z.literal(true),
    readings: z.array(z.object({ signal: z.string(), value: z.unknown(), date: z.string() })),
  }),
  z.object({ ok: z.literal(false), error: z.object({ code: z.string(), message: z.string() }) }),
]);

/** A device type as the architecture pages and the device forms show it (the codec stays on the server). */
export const DeviceTypeInfo = z
  .object({
    id: z.string(),
    name: z.string(),
    communicationTypes: z.array(CommunicationTypeSchema),
    signals: z.array(
      z.object({
        key: z.string(),
        name: z.string(),
        unit: z.string().optional(),
        kind: z.enum(['event', 'status', 'debug', 'value', 'alarm']),
        valueType: z.enum(['number', 'boolean', 'string', 'position']),
        showInList: z.boolean(),
        perChannel: z.boolean().optional(),
      }),
    ),
    parameters: z.array(z.record(z.string(), z.unknown())),
    /** Whether the type takes parameters by downlink. */
    configurable: z.boolean(),
  })
  .meta({ id: 'DeviceType' });
export type DeviceTypeInfo = z.infer<typeof DeviceTypeInfo>;
