import { z } from './validation.js';

export const LANGUAGES = ['en', 'pt'] as const;
export const Language = z.enum(LANGUAGES);
export type Language = z.infer<typeof Language>;
export const DEFAULT_LANGUAGE: Language = 'en';

/** Picks a supported language from a `lang` query value such as `pt`, `pt-BR` or `EN`; anything else is English. */
export function resolveLanguage(value: unknown): Language {
  if (typeof value !== 'string') return DEFAULT_LANGUAGE;
  const base = value.trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : DEFAULT_LANGUAGE;
}
