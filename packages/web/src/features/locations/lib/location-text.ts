const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** A dwell in its two largest units, rounded down: the texts `locations.dwell.*` word it. */
export type DwellParts =
  | { unit: 'days'; days: number; hours: number }
  | { unit: 'hours'; hours: number; minutes: number }
  | { unit: 'minutes'; minutes: number }
  | { unit: 'underMinute' };

export function dwellParts(ms: number): DwellParts {
  const whole = Math.max(0, Math.floor(ms / MINUTE_MS)) * MINUTE_MS;
  if (whole >= DAY_MS)
    return { unit: 'days', days: Math.floor(whole / DAY_MS), hours: Math.floor((whole % DAY_MS) / HOUR_MS) };
  if (whole >= HOUR_MS) {
    return { unit: 'hours', hours: Math.floor(whole / HOUR_MS), minutes: Math.floor((whole % HOUR_MS) / MINUTE_MS) };
  }
  if (whole >= MINUTE_MS) return { unit: 'minutes', minutes: whole / MINUTE_MS };
  return { unit: 'underMinute' };
}

/**
 * A moment near now as short as it stays clear: the time alone today, the day and time this year, the full date
 * before. In the locale's order ("28 Nov, 14:05", "28/11, 14:05").
 */
export function shortMoment(date: string, locale: string, now: number = Date.now()): string {
  const moment = new Date(date);
  const today = new Date(now);
  const time = { hour: '2-digit', minute: '2-digit' } as const;
  if (moment.toDateString() === today.toDateString()) return new Intl.DateTimeFormat(locale, time).format(moment);
  const thisYear = moment.getFullYear() === today.getFullYear();
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    ...(thisYear ? {} : { year: 'numeric' }),
    ...time,
  }).format(moment);
}
