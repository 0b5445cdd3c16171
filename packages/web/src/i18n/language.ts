import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@iot/shared';

const STORAGE_KEY = 'language';

function supported(value: string | null | undefined): Language | undefined {
  const base = value?.trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : undefined;
}

export function storedLanguage(): Language | undefined {
  try {
    return supported(localStorage.getItem(STORAGE_KEY));
  } catch {
    return undefined;
  }
}

export function storeLanguage(language: Language) {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode may refuse storage; the choice then lasts until the page is closed.
  }
}

/**
 * The language to start in: the `lang` query parameter (mail links carry it; it is remembered), else the one chosen
 * before on this browser, else the browser's, else English.
 */
export function detectLanguage(
  search: string = window.location.search,
  browserLanguages: readonly string[] = navigator.languages ?? [navigator.language],
): Language {
  const fromQuery = supported(new URLSearchParams(search).get('lang'));
  if (fromQuery) {
    storeLanguage(fromQuery);
    return fromQuery;
  }
  return storedLanguage() ?? browserLanguages.map(supported).find(Boolean) ?? DEFAULT_LANGUAGE;
}
