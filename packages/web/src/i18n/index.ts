import {
  FORMAT_LOCALES,
  LANGUAGES,
  type Language,
  MESSAGES,
  parseMessage,
  resolveLanguage,
  SIGNAL_NAMES,
  wordedParams,
} from '@iot/shared';
import i18next, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type en from './en.json';
import startTexts from './en.json?texts=start';
import { detectLanguage, storeLanguage } from './language';

/**
 * The web app's own texts of each language but English, loaded on first use: English comes with the first load (it is
 * the fallback of every text), so an English reader never downloads the others.
 */
const otherTexts: Record<Exclude<Language, 'en'>, () => Promise<{ default: Record<string, string> }>> = {
  pt: () => import('./pt.json'),
};

/** The signals' names, shared with the server (which words notifications with them), as `signals.<key>` texts. */
const signalTexts = (language: Language) =>
  Object.fromEntries(Object.entries(SIGNAL_NAMES[language]).map(([key, name]) => [`signals.${key}`, name]));

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  // The web app's own texts over the server's message table, so an error code reads the same on both sides.
  resources: { en: { translation: { ...MESSAGES.en, ...signalTexts('en'), ...startTexts } } },
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

/** Loads the texts of `language` if they are not there yet. */
export async function loadTexts(language: Language) {
  if (language === 'en' || i18n.hasResourceBundle(language, 'translation')) return;
  const { default: texts } = await otherTexts[language]();
  i18n.addResourceBundle(language, 'translation', { ...MESSAGES[language], ...signalTexts(language), ...texts });
}

/**
 * The English texts of every screen but the sign-in pages (the first load has only those of the sign-in pages and the
 * app's frame); the shell loads them with itself. Like the first ones, they come over the server's message table.
 */
export async function loadShellTexts() {
  const { default: texts } = await import('./en.json?texts=rest');
  i18n.addResourceBundle('en', 'translation', texts, true, true);
}

/**
 * Settles once the texts of the language the app starts in are there, so the first screen shows in it; if they cannot
 * be loaded, it shows in English.
 */
export const startLanguageLoaded: Promise<void> = loadTexts(resolveLanguage(i18n.language)).then(
  // The language was chosen before its texts were there: choosing it again resolves it to them.
  () => i18n.changeLanguage(i18n.language).then(() => undefined),
  () => undefined,
);

/** Switches the interface at once (after loading its texts on first use) and remembers the choice on this browser. */
export async function changeLanguage(language: Language) {
  storeLanguage(language);
  await loadTexts(language);
  await i18n.changeLanguage(language);
}

/** A key of the web app's own texts. */
export type TranslationKey = keyof typeof en;

const isTranslationKey = (text: string): text is TranslationKey => i18n.exists(text);

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
