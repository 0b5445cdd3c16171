import { isRecentSignal, RECENT_SIGNAL_MS } from '@iot/shared';

const HOUR_MS = 3_600_000;

/** SPEC section 9: a device heard from within this many hours counts as recent (the list's last-seen filter). */
export const RECENT_HOURS = RECENT_SIGNAL_MS / HOUR_MS;

/** The same rule as for a signal's latest value. */
export const isRecent = (lastSeenAt: string, now: number = Date.now()) => isRecentSignal(lastSeenAt, now);

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * HOUR_MS],
  ['month', 30 * 24 * HOUR_MS],
  ['day', 24 * HOUR_MS],
  ['hour', HOUR_MS],
  ['minute', 60_000],
];

/** "5 minutes ago", "há 2 dias": the largest unit that fits, in the interface language. */
export function relativeTime(date: string, locale: string, now: number = Date.now()): string {
  const elapsed = Date.parse(date) - now;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(elapsed) >= size) return format.format(Math.round(elapsed / size), unit);
  }
  return format.format(0, 'minute');
}
