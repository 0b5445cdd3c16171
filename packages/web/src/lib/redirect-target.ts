import { paths } from '@/config/paths';

/**
 * Where to go after signing in: the `redirect` query value when it is a path of this site, else home. Refuses
 * anything that could leave the site (`//host`, `/\host`, `https://...`, `javascript:`) and the login page itself.
 */
export function safeRedirectTarget(value: string | null | undefined, origin: string = window.location.origin): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return paths.home;
  // Control characters and backslashes could be read as another host by a lenient URL parser.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting them is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return paths.home;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return paths.home;
  }
  if (url.origin !== origin) return paths.home;
  if (url.pathname === paths.login || url.pathname === paths.resetPassword) return paths.home;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page that comes back to `target` (a path with its query) afterwards. */
export function loginPathFor(target: string): string {
  return `${paths.login}?redirect=${encodeURIComponent(target)}`;
}
