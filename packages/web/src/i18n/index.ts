import {
  FORMAT_LOCALES,
  LANGUAGES,
  type Language,
  MESSAGES,
  parseMessage,
  resolveLanguage,
  wordedParams,
} from '@iot/shared';
import i18next, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import { detectLanguage, storeLanguage } from './language';
import pt from './pt.json';

/** The web app's own texts over the server's message table, so an error code reads the same on both sides. */
export const resources = {
  en: { translation: { ...MESSAGES.en, ...en } },
  pt: { translation: { ...MESSAGES.pt, ...pt } },
} as const;

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: detectLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});

const syncDocumentLanguage = (language: string) => {
  document.documentElement.lang = language;
};
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

export function formatLocale(language: string = i18n.language): string {
  return FORMAT_LOCALES[resolveLanguage(language)];
}

export function currentLanguage(): Language {
  return resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/** Switches the interface at once and remembers the choice on this browser. */
export async function changeLanguage(language: Language) {
  storeLanguage(language);
  await i18n.changeLanguage(language);
}

/** A key of the web app's own texts. */
export type TranslationKey = keyof typeof en;

const isTranslationKey = (text: string): text is TranslationKey => Object.hasOwn(en, text);

/**
 * The text of a message (zod issues and client checks carry codes, with their parameters when they have any, such as
 * a length limit) or of a key of the web app's own texts (a client check's own words); a text already localised stays
 * as it is.
 */
export function messageText(t: TFunction, codeOrText: string): string {
  const message = parseMessage(codeOrText);
  if (message) return t(message.code, { replace: wordedParams(currentLanguage(), message.params) });
  return isTranslationKey(codeOrText) ? t(codeOrText) : codeOrText;
}
