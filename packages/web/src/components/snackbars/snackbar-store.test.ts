import { describe, expect, it, vi } from 'vitest';
import { createSnackbarStore, SNACKBAR_DURATION_MS, snackbarDuration } from './snackbar-store';

describe('snackbar durations', () => {
  it('keeps errors 10 s, successes 5 s and anything else the default 5 s (SPEC sections 8 and 9)', () => {
    expect(SNACKBAR_DURATION_MS).toEqual({ error: 10_000, success: 5_000, default: 5_000 });
    expect(snackbarDuration('error')).toBe(10_000);
    expect(snackbarDuration('success')).toBe(5_000);
    expect(snackbarDuration('default')).toBe(5_000);
    expect(snackbarDuration('info')).toBe(5_000);
    expect(snackbarDuration('warning')).toBe(5_000);
  });

  it('gives each message the duration of its severity', () => {
    const store = createSnackbarStore();
    store.show('Saved', 'success');
    expect(store.current()).toMatchObject({ text: 'Saved', severity: 'success', durationMs: 5_000 });
  });
});

describe('the snackbar queue', () => {
  it('shows one message at a time, in order, and tells its listeners', () => {
    const store = createSnackbarStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const first = store.show('Access denied.', 'error');
    store.show('Updated successfully!', 'success');
    expect(store.current()).toMatchObject({ text: 'Access denied.', durationMs: 10_000 });
    store.dismiss(first ?? -1);
    expect(store.current()).toMatchObject({ text: 'Updated successfully!' });
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('does not queue a text that is already showing or waiting', () => {
    const store = createSnackbarStore();
    expect(store.show('There seem to be connection problems.', 'error')).toBeDefined();
    expect(store.show('There seem to be connection problems.', 'error')).toBeUndefined();
  });
});
