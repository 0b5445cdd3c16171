/** SPEC sections 2 and 9: the cookie that sends this browser to the older or the newer platform, kept a year. */
export const PLATFORM_COOKIE = 'platform';
export const PLATFORM_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export type PlatformChoice = 'old' | 'new';

export function platformCookie(choice: PlatformChoice): string {
  return `${PLATFORM_COOKIE}=${choice}; max-age=${PLATFORM_COOKIE_MAX_AGE_S}; path=/; SameSite=Lax`;
}

/**
 * Keeps the choice and opens the chosen version: the older one at its own address (`LEGACY_PLATFORM_URL`), this one
 * by reloading.
 */
export function switchPlatform(choice: PlatformChoice, legacyPlatformUrl?: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: a proxy in front may read this cookie to choose the version it serves
  document.cookie = platformCookie(choice);
  if (choice === 'old' && legacyPlatformUrl) window.location.assign(legacyPlatformUrl);
  else window.location.reload();
}
