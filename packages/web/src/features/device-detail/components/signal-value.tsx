import { useTranslation } from 'react-i18next';
import { formatLocale } from '@/i18n';
import { signalText } from '@/i18n/codec-names';
import { formatReading } from '../lib/signal-readings';

/** A reading's value in the interface language, with the signal's unit. */
export function useReadingText() {
  const { t, i18n } = useTranslation();
  const options = {
    locale: formatLocale(i18n.language),
    yes: t('device.value.yes'),
    no: t('device.value.no'),
    text: (value: string) => signalText(t, value),
  };
  return (value: unknown, unit: string | undefined) => formatReading(value, unit, options);
}

/** A reading's date and time in the interface language. */
export function useDateText() {
  const { i18n } = useTranslation();
  const locale = formatLocale(i18n.language);
  return (date: string) => new Date(date).toLocaleString(locale);
}
