import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadTimeoutError, isChunkLoadError, loadScreenPart, RELOAD_WINDOW_MS, reloadOnce } from './lazy-load';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

const missingChunk = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));

describe('reloadOnce', () => {
  it('reloads once, then not again while the marker is fresh, then again after the window', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnce({ storage, reload, now: 1_000 })).toBe(true);
    expect(reloadOnce({ storage, reload, now: 2_000 })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnce({ storage, reload, now: 1_000 + RELOAD_WINDOW_MS })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload when there is no storage to remember it in', () => {
    const reload = vi.fn();
    const storage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => undefined,
    };
    expect(reloadOnce({ storage, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('loadScreenPart', () => {
  it('returns the loaded module', async () => {
    await expect(loadScreenPart(async () => ({ Component: 'x' }))).resolves.toEqual({ Component: 'x' });
  });

  it('reloads the page once when the part cannot be loaded, and fails the second time', async () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const first = loadScreenPart(missingChunk, { storage, reload, now: 5_000 });
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    let settled = false;
    void first.finally(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);

    await expect(loadScreenPart(missingChunk, { storage, reload, now: 6_000 })).rejects.toThrow(/dynamically imported/);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('gives up on a part that does not arrive within the timeout, 120 s by default', async () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    const pending = loadScreenPart(() => new Promise(() => {}), { storage: memoryStorage(), reload, now: 0 });
    await vi.advanceTimersByTimeAsync(119_000);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reload).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
    void pending;
  });

  it('passes other errors on untouched', async () => {
    const reload = vi.fn();
    const bug = new Error('a bug in the page');
    await expect(loadScreenPart(() => Promise.reject(bug), { storage: memoryStorage(), reload })).rejects.toBe(bug);
    expect(reload).not.toHaveBeenCalled();
    expect(isChunkLoadError(new ChunkLoadTimeoutError('late'))).toBe(true);
  });
});
