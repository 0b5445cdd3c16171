/** SPEC sections 2 and 9: the cookie that sends this browser to the older or the newer platform, kept a year. */
export const PLATFORM_COOKIE = 'platform';
export const PLATFORM_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export type PlatformChoice = 'old' | 'new';

export function platformCookie(choice: PlatformChoice): string {
  return `${PLATFORM_COOKIE}=${choice}; max-age=${PLATFORM_COOKIE_MAX_AGE_S}; path=/; SameSite=Lax`;
}

/** Keeps the choice and reloads, so the server serves the chosen version. */
export function switchPlatform(choice: PlatformChoice) {
  // biome-ignore lint/suspicious/noDocumentCookie: the server reads this cookie to choose the version it serves
  document.cookie = platformCookie(choice);
  window.location.reload();
}
