import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { NewVersionPrompt } from './components/new-version-prompt';
import { isNewVersion, VERSION_CHECK_INTERVAL_MS } from './version';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('isNewVersion', () => {
  it('is true only when the deployed version is known and differs from the loaded one', () => {
    expect(isNewVersion('0.1.0+20260101', '0.1.0+20260202')).toBe(true);
    expect(isNewVersion('0.1.0+20260101', '0.1.0+20260101')).toBe(false);
    expect(isNewVersion('0.1.0+20260101', undefined)).toBe(false);
    expect(isNewVersion(undefined, '0.1.0+20260202')).toBe(false);
  });

  it('is checked every 10 minutes (SPEC section 9)', () => {
    expect(VERSION_CHECK_INTERVAL_MS).toBe(600_000);
  });
});

function stubVersionFile(version: string) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => Response.json({ version, builtAt: 'x' }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('NewVersionPrompt', () => {
  it('offers a reload when another version is deployed, asking past every cache', async () => {
    const fetchMock = stubVersionFile('0.1.0+2');
    renderWithProviders(<NewVersionPrompt loadedVersion="0.1.0+1" />);
    expect(await screen.findByText('A new version of the platform is available.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toMatch(/^\/version\.json\?\w+$/);
    expect(init?.cache).toBe('no-store');

    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    await vi.waitFor(() => expect(screen.queryByText('A new version of the platform is available.')).toBeNull());
  });

  it('stays quiet while the deployed version is the loaded one', async () => {
    const fetchMock = stubVersionFile('0.1.0+1');
    renderWithProviders(<NewVersionPrompt loadedVersion="0.1.0+1" />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
  });

  it('does not poll at all without a version of its own (the dev server)', async () => {
    const fetchMock = stubVersionFile('0.1.0+2');
    renderWithProviders(<NewVersionPrompt loadedVersion="" />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
