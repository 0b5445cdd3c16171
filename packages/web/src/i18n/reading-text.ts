import { isGeoPosition } from '@iot/shared';
import { useTranslation } from 'react-i18next';
import { signalText } from './codec-names';
import { formatLocale } from './index';

/** A number as text in `locale`, with its unit when given. */
export function numberText(value: number, unit: string | undefined, locale: string): string {
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(value);
  return unit ? `${number} ${unit}` : number;
}

/**
 * A reading's value as text in the interface language: numbers with the signal's unit when given, flags as yes or no,
 * positions as latitude, longitude (and altitude; a network's position with its accuracy and source), a codec's words
 * through `text`.
 */
export function formatReading(
  value: unknown,
  unit: string | undefined,
  { locale, yes, no, text }: { locale: string; yes: string; no: string; text: (value: string) => string },
): string {
  if (typeof value === 'number') return numberText(value, unit, locale);
  if (typeof value === 'boolean') return value ? yes : no;
  if (isGeoPosition(value)) {
    const coordinate = new Intl.NumberFormat(locale, { maximumFractionDigits: 5 });
    const altitude = typeof value.alt === 'number' ? `, ${new Intl.NumberFormat(locale).format(value.alt)} m` : '';
    // A position the network computed says within how many metres, and how.
    const accuracy =
      typeof value.accuracy === 'number' ? ` ± ${new Intl.NumberFormat(locale).format(value.accuracy)} m` : '';
    const source = typeof value.source === 'string' ? ` (${value.source})` : '';
    return `${coordinate.format(value.lat)}, ${coordinate.format(value.lon)}${altitude}${accuracy}${source}`;
  }
  return typeof value === 'string' ? text(value) : JSON.stringify(value);
}

/** A reading's value in the interface language, with the signal's unit when given. */
export function useReadingText() {
  const { t, i18n } = useTranslation();
  const options = {
    locale: formatLocale(i18n.language),
    yes: t('device.value.yes'),
    no: t('device.value.no'),
    text: (value: string) => signalText(t, value),
  };
  return (value: unknown, unit?: string) => formatReading(value, unit, options);
}
