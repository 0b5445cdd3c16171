import type { TFunction } from 'i18next';

/** A license's dates as one text ("1 Jan 2026 – 31 Dec 2026", "From 1 Jan 2026", ...), days where the user is. */
export function licensePeriod(
  t: TFunction,
  locale: string,
  license: { startsAt: string | null; endsAt: string | null },
): string {
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const start = license.startsAt ? dates.format(new Date(license.startsAt)) : null;
  const end = license.endsAt ? dates.format(new Date(license.endsAt)) : null;
  if (start && end) return t('usageLicenses.period', { start, end });
  if (start) return t('usageLicenses.periodFrom', { start });
  if (end) return t('usageLicenses.periodUntil', { end });
  return t('usageLicenses.periodOpen');
}
