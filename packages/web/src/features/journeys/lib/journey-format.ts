const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

const unit = (locale: string, name: string, value: number, digits: number) =>
  new Intl.NumberFormat(locale, { style: 'unit', unit: name, maximumFractionDigits: digits }).format(value);

/** A distance in metres as a person reads it: metres under a kilometre, else kilometres (one decimal below 100). */
export function formatDistance(metres: number, locale: string): string {
  if (metres < 1000) return unit(locale, 'meter', Math.round(metres), 0);
  const km = metres / 1000;
  return unit(locale, 'kilometer', km, km < 100 ? 1 : 0);
}

/** A speed in km/h, one decimal below 10. */
export function formatSpeed(kmh: number, locale: string): string {
  return unit(locale, 'kilometer-per-hour', kmh, kmh < 10 ? 1 : 0);
}

/**
 * A duration as hours and minutes ("2 h 05 min"), minutes alone under an hour, seconds under a minute; the unit
 * symbols are the same in English and Portuguese.
 */
export function formatDuration(ms: number, locale: string): string {
  const total = Math.max(0, ms);
  if (total < MINUTE_MS) return `${Math.round(total / 1000)} s`;
  const hours = Math.floor(total / HOUR_MS);
  const minutes = Math.round((total - hours * HOUR_MS) / MINUTE_MS);
  // 59.5 minutes rounds up to the next hour rather than to "60 min".
  if (minutes === 60) return `${new Intl.NumberFormat(locale).format(hours + 1)} h 00 min`;
  if (hours === 0) return `${minutes} min`;
  return `${new Intl.NumberFormat(locale).format(hours)} h ${String(minutes).padStart(2, '0')} min`;
}

/** A date and time of a journey (created, changed, a stop's arrival), to the minute. */
export function formatDateTime(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(date));
}
