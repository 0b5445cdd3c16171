import {
  COMMUNICATION_TYPES,
  type CommunicationType,
  DEVICE_SORT_FIELDS,
  type DeviceFilter,
  type DeviceSort,
  LOCATION_STATES,
  type LocationState,
  PARAMETERIZATION_STATUSES,
  type ParameterizationStatus,
  SignalValueCondition,
} from '@iot/shared';
import { RECENT_HOURS } from './last-seen';

export const DEVICE_VIEWS = ['list', 'cards', 'map'] as const;
export type DeviceView = (typeof DEVICE_VIEWS)[number];

/**
 * The last-seen filter: heard from within a window (24 hours is SPEC 9's recent), silent for more than a window (never
 * heard from included), or never heard from.
 */
export const LAST_SEEN_FILTERS = ['1h', '24h', '7d', '30d', 'silent-24h', 'silent-7d', 'silent-30d', 'never'] as const;
export type LastSeenFilter = (typeof LAST_SEEN_FILTERS)[number];

type LastSeenFilterBody = Pick<DeviceFilterBody, 'seenWithinHours' | 'notSeenForHours' | 'neverSeen'>;

/** What each choice asks the server for, windows in hours. */
const LAST_SEEN_BODIES: Record<LastSeenFilter, LastSeenFilterBody> = {
  '1h': { seenWithinHours: 1 },
  '24h': { seenWithinHours: RECENT_HOURS },
  '7d': { seenWithinHours: 7 * 24 },
  '30d': { seenWithinHours: 30 * 24 },
  'silent-24h': { notSeenForHours: RECENT_HOURS },
  'silent-7d': { notSeenForHours: 7 * 24 },
  'silent-30d': { notSeenForHours: 30 * 24 },
  never: { neverSeen: true },
};

/** The most signal conditions the server takes at once. */
export const MAX_SIGNAL_CONDITIONS = 10;

/** What the device list shows: its filters, sort and view, all kept in the URL so a reload or a shared link keeps them. */
export interface DeviceListParams {
  search: string;
  deviceTypes: string[];
  communicationTypes: CommunicationType[];
  parameterizationStatuses: ParameterizationStatus[];
  locationStates: LocationState[];
  lastSeen: LastSeenFilter | null;
  /** Conditions on the devices' latest signal values, all to be met. */
  signalValues: SignalValueCondition[];
  sort: DeviceSort;
  /** The view chosen; null until one is, when the screen's own default shows (cards on a phone, else the list). */
  view: DeviceView | null;
}

/** A device filter without its paging: what the list, its count and the export ask the server for. */
export type DeviceFilterBody = Omit<DeviceFilter, 'limit' | 'cursor'>;

export const DEFAULT_SORT: DeviceSort = { by: 'description', order: 'asc' };

/** The query keys the list owns; any other key (the business page's `tab`) is left as it is. */
const KEYS = {
  search: 'q',
  deviceTypes: 'type',
  communicationTypes: 'network',
  statuses: 'status',
  locationStates: 'location',
} as const;
const OWN_KEYS = [...Object.values(KEYS), 'seen', 'signal', 'sort', 'view'];

const oneOf = <T extends string>(allowed: readonly T[], value: string | null): T | undefined =>
  allowed.find((candidate) => candidate === value);

/** A comma-separated list, keeping only the allowed values (a hand-edited URL does not break the call). */
function listOf<T extends string>(params: URLSearchParams, key: string, allowed?: readonly T[]): T[] {
  const values = (params.get(key) ?? '').split(',').filter(Boolean);
  return [
    ...new Set(allowed ? values.filter((value): value is T => oneOf(allowed, value) !== undefined) : values),
  ] as T[];
}

/** `sort=lastSeen` is ascending, `sort=-lastSeen` descending. */
function sortOf(value: string | null): DeviceSort {
  const descending = value?.startsWith('-') ?? false;
  const by = oneOf(DEVICE_SORT_FIELDS, descending ? (value?.slice(1) ?? null) : value);
  return by ? { by, order: descending ? 'desc' : 'asc' } : DEFAULT_SORT;
}

/** A link from before the windows says `seen=recent`: the 24 hours SPEC 9 counts as recent. */
const lastSeenOf = (value: string | null) => oneOf(LAST_SEEN_FILTERS, value === 'recent' ? '24h' : value) ?? null;

/**
 * A signal condition in the URL: `signal=temperature:gt:8`, one `signal` per condition, the value as JSON so that a
 * number (`8`), a flag (`true`) and a text (`"8"`) stay apart.
 */
const signalParamOf = (condition: SignalValueCondition) =>
  `${condition.signal}:${condition.op}:${JSON.stringify(condition.value)}`;

function signalConditionOf(param: string): SignalValueCondition | undefined {
  const [, signal, op, value] = /^([^:]*):([^:]*):(.*)$/.exec(param) ?? [];
  try {
    const checked = SignalValueCondition.safeParse({ signal, op, value: JSON.parse(value ?? '') });
    return checked.success ? checked.data : undefined;
  } catch {
    return undefined;
  }
}

/** The URL's valid signal conditions, each once, as many as the server takes. */
function signalConditionsOf(params: URLSearchParams): SignalValueCondition[] {
  const conditions = new Map<string, SignalValueCondition>();
  for (const param of params.getAll('signal')) {
    const condition = signalConditionOf(param);
    if (condition) conditions.set(signalParamOf(condition), condition);
  }
  return [...conditions.values()].slice(0, MAX_SIGNAL_CONDITIONS);
}

export function readDeviceListParams(params: URLSearchParams): DeviceListParams {
  return {
    search: params.get(KEYS.search) ?? '',
    deviceTypes: listOf(params, KEYS.deviceTypes),
    communicationTypes: listOf(params, KEYS.communicationTypes, COMMUNICATION_TYPES),
    parameterizationStatuses: listOf(params, KEYS.statuses, PARAMETERIZATION_STATUSES),
    locationStates: listOf(params, KEYS.locationStates, LOCATION_STATES),
    lastSeen: lastSeenOf(params.get('seen')),
    signalValues: signalConditionsOf(params),
    sort: sortOf(params.get('sort')),
    view: oneOf(DEVICE_VIEWS, params.get('view')) ?? null,
  };
}

/** `params` with the list's keys replaced by `list`; defaults are left out so a plain list has a plain URL. */
export function writeDeviceListParams(params: URLSearchParams, list: DeviceListParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of OWN_KEYS) next.delete(key);
  const set = (key: string, value: string) => value && next.set(key, value);
  set(KEYS.search, list.search.trim());
  set(KEYS.deviceTypes, list.deviceTypes.join(','));
  set(KEYS.communicationTypes, list.communicationTypes.join(','));
  set(KEYS.statuses, list.parameterizationStatuses.join(','));
  set(KEYS.locationStates, list.locationStates.join(','));
  set('seen', list.lastSeen ?? '');
  for (const condition of list.signalValues) next.append('signal', signalParamOf(condition));
  if (list.sort.by !== DEFAULT_SORT.by || list.sort.order !== DEFAULT_SORT.order) {
    set('sort', `${list.sort.order === 'desc' ? '-' : ''}${list.sort.by}`);
  }
  set('view', list.view ?? '');
  return next;
}

/** The server filter of the list, within `businessId`'s subtree when the list is scoped to a business. */
export function deviceFilterOf(list: DeviceListParams, businessId?: string): DeviceFilterBody {
  const search = list.search.trim();
  return {
    ...(businessId ? { businessId } : {}),
    ...(list.deviceTypes.length ? { deviceTypes: list.deviceTypes } : {}),
    ...(list.communicationTypes.length ? { communicationTypes: list.communicationTypes } : {}),
    ...(list.parameterizationStatuses.length ? { parameterizationStatuses: list.parameterizationStatuses } : {}),
    ...(list.locationStates.length ? { locationStates: list.locationStates } : {}),
    ...(search ? { search } : {}),
    ...(list.lastSeen ? LAST_SEEN_BODIES[list.lastSeen] : {}),
    ...(list.signalValues.length ? { signalValues: list.signalValues } : {}),
    sort: list.sort,
  };
}

/**
 * How many filters narrow the list, as the phone's "Filters" button says: each of device type, network,
 * parameterization, location state and last seen that is set, and each signal condition. The search shows beside the button and the
 * sort narrows nothing, so neither counts.
 */
export function activeFilterCount(list: DeviceListParams): number {
  const fields = [
    list.deviceTypes.length > 0,
    list.communicationTypes.length > 0,
    list.parameterizationStatuses.length > 0,
    list.locationStates.length > 0,
    list.lastSeen !== null,
  ];
  return fields.filter(Boolean).length + list.signalValues.length;
}
