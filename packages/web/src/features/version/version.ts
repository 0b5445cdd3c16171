/** The version this page was built as; the same value as the `version.json` deployed with it. */
export const LOADED_VERSION: string | undefined = import.meta.env.APP_VERSION;

/** SPEC section 9: the deployed version is checked every 10 minutes. */
export const VERSION_CHECK_INTERVAL_MS = 10 * 60_000;

/** A reload is worth offering when the deployed version is known and is not the one this page runs. */
export function isNewVersion(loaded: string | undefined, deployed: string | undefined): boolean {
  return Boolean(loaded && deployed && loaded !== deployed);
}
