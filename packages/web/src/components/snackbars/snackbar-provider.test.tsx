import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/i18n';
import { SnackbarProvider } from './snackbar-provider';
import { createSnackbarStore } from './snackbar-store';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('SnackbarProvider', () => {
  it('hides a success after 5 s and an error after 10 s', async () => {
    vi.useFakeTimers();
    const store = createSnackbarStore();
    render(<SnackbarProvider store={store}>page</SnackbarProvider>);

    act(() => void store.show('Updated successfully!', 'success'));
    expect(screen.getByText('Updated successfully!')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(4_900));
    expect(screen.getByText('Updated successfully!')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(1_000));
    await act(async () => vi.advanceTimersByTime(1_000));
    expect(screen.queryByText('Updated successfully!')).toBeNull();

    act(() => void store.show('Access denied.', 'error'));
    await act(async () => vi.advanceTimersByTime(9_000));
    expect(screen.getByText('Access denied.')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(2_000));
    await act(async () => vi.advanceTimersByTime(1_000));
    expect(screen.queryByText('Access denied.')).toBeNull();
  });
});
