import { formatLocale } from '@/i18n';

/**
 * A contract's dates as days: they are set as days (the start of a UTC day), so they read the same day anywhere.
 */
export const dayFormat = (language: string) =>
  new Intl.DateTimeFormat(formatLocale(language), { dateStyle: 'medium', timeZone: 'UTC' });

/** When something happened (a log row): the reader's own time. */
export const momentFormat = (language: string) =>
  new Intl.DateTimeFormat(formatLocale(language), { dateStyle: 'medium', timeStyle: 'short' });
