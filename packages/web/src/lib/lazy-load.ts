/** SPEC section 9: a screen part that has not arrived after two minutes counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** A reload for a failed screen part happens at most once in this window, so a broken deployment cannot loop. */
export const RELOAD_WINDOW_MS = 10 * 60_000;
const RELOAD_MARKER = 'chunk-reload-at';

/** A screen part that did not load in time. */
export class ChunkLoadTimeoutError extends Error {
  override readonly name = 'ChunkLoadTimeoutError';
}

/** A screen part's code failed to load, most likely because a new version replaced the old files. */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof ChunkLoadTimeoutError ||
    (error instanceof Error &&
      /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS/i.test(
        error.message,
      ))
  );
}

interface ReloadDeps {
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  reload?: () => void;
  now?: number;
}

/**
 * Reloads the page unless it already did so for a failed screen part in the last ten minutes (a sessionStorage
 * marker); `true` when it reloads.
 */
export function reloadOnce({
  storage = sessionStorage,
  reload = () => window.location.reload(),
  now = Date.now(),
}: ReloadDeps = {}): boolean {
  try {
    const last = storage.getItem(RELOAD_MARKER);
    if (last !== null && now - Number(last) < RELOAD_WINDOW_MS) return false;
    storage.setItem(RELOAD_MARKER, String(now));
  } catch {
    // Without storage there is no way to tell a second failure from the first: show the error instead of looping.
    return false;
  }
  reload();
  return true;
}

export function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(`not loaded in ${timeoutMs} ms`)), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Loads a lazily loaded screen part within the chunk timeout. When its file cannot be loaded, the page reloads once
 * (and this never settles, so nothing flashes meanwhile); a second failure reaches the route's error page.
 */
export async function loadScreenPart<T>(
  importer: () => Promise<T>,
  { timeoutMs = CHUNK_LOAD_TIMEOUT_MS, ...deps }: ReloadDeps & { timeoutMs?: number } = {},
): Promise<T> {
  try {
    return await withTimeout(importer(), timeoutMs);
  } catch (error) {
    if (isChunkLoadError(error) && reloadOnce(deps)) return new Promise<T>(() => {});
    throw error;
  }
}
