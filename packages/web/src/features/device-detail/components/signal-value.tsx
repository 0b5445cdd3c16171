import { useTranslation } from 'react-i18next';
import { formatLocale } from '@/i18n';

/** A reading's date and time in the interface language. */
export function useDateText() {
  const { i18n } = useTranslation();
  const locale = formatLocale(i18n.language);
  return (date: string) => new Date(date).toLocaleString(locale);
}
