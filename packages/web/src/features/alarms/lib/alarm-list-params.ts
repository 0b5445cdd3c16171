import { ALARM_PAGE_SIZES, ALARM_STATUSES, type AlarmStatus } from '@iot/shared';

/** What the alarm list shows, kept in the URL so a reload or a shared link opens the same list. */
export interface AlarmListParams {
  /** The business whose subtree is listed; every business the caller sees when absent. */
  businessId: string | null;
  /** Statuses shown; every status when empty. */
  statuses: AlarmStatus[];
  /** Where the page starts (the `next` of the page before); the first page when null. */
  after: string | null;
  pageSize: number;
}

/** The open alarms: what a user comes to the list for. */
export const OPEN_STATUSES: AlarmStatus[] = ['active', 'latched', 'snoozed'];
const DEFAULT_PAGE_SIZE = 25;

const isStatus = (value: string): value is AlarmStatus => (ALARM_STATUSES as readonly string[]).includes(value);

export function readAlarmListParams(params: URLSearchParams): AlarmListParams {
  const status = params.get('status');
  const statuses = status === null ? OPEN_STATUSES : status.split(',').filter(isStatus);
  const pageSize = Number(params.get('pageSize') ?? DEFAULT_PAGE_SIZE);
  return {
    businessId: params.get('business') || null,
    statuses: ALARM_STATUSES.filter((known) => statuses.includes(known)),
    after: params.get('after') || null,
    pageSize: (ALARM_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** Writes the list's state over `current`, leaving other parameters alone; defaults are left out. */
export function writeAlarmListParams(current: URLSearchParams, list: AlarmListParams): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (name: string, value: string | null) => (value === null ? next.delete(name) : next.set(name, value));
  set('business', list.businessId);
  const openOnly =
    list.statuses.length === OPEN_STATUSES.length && OPEN_STATUSES.every((status) => list.statuses.includes(status));
  set('status', openOnly ? null : list.statuses.join(','));
  // Pages are keyset pages now: an older link's page number means nothing.
  next.delete('page');
  set('after', list.after);
  set('pageSize', list.pageSize === DEFAULT_PAGE_SIZE ? null : String(list.pageSize));
  return next;
}

/** The query of `GET /alarms`; no business means every business the caller sees, no status every status. */
export function alarmQueryOf(list: AlarmListParams, deviceUUID?: string) {
  return {
    ...(list.businessId ? { business: list.businessId } : {}),
    ...(deviceUUID ? { deviceUUID } : {}),
    ...(list.statuses.length > 0 && list.statuses.length < ALARM_STATUSES.length
      ? { status: list.statuses.join(',') }
      : {}),
    ...(list.after ? { after: list.after } : {}),
    pageSize: list.pageSize,
  };
}
