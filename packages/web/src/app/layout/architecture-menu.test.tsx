import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '@/api/session';
import { changeLanguage } from '@/i18n';
import { renderWithProviders } from '@/testing/render';
import { ArchitectureMenu } from './architecture-menu';

// The plan only chooses the architecture pages listed; it needs the app's data router, which this test has not.
vi.mock('./use-current-plan', async () => {
  const { DEFAULT_PLAN } = await import('@iot/shared');
  return { useCurrentPlan: () => DEFAULT_PLAN };
});

/** The server's answers: `/info` with `legacyPlatformUrl`, nothing else found. */
function serverWith(legacyPlatformUrl: string | null) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('/api/info')) return Response.json({ version: '1', serverVersion: '1', legacyPlatformUrl });
    return Response.json({ code: 'not_found', message: 'Not found.' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function openMenu() {
  renderWithProviders(<ArchitectureMenu currentRoute={undefined} tokenWarning={false} onOpenSigfoxTokens={() => {}} />);
  fireEvent.click(screen.getByRole('button', { name: 'Architecture' }));
  await screen.findByRole('menuitem', { name: 'Sigfox token status' });
}

beforeEach(async () => {
  localStorage.clear();
  saveSession({ token: 'tok', email: 'admin@example.com' });
  await changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ArchitectureMenu', () => {
  it('offers the older version when the server names where it is', async () => {
    const fetchMock = serverWith('https://old.example.com/');
    await openMenu();
    await screen.findByRole('menuitem', { name: 'Switch to the older version' });
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/info'))).toBe(true);
  });

  it('hides the switch when there is no older version', async () => {
    const fetchMock = serverWith(null);
    await openMenu();
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/info'))).toBe(true));
    // Give the answer time to render before looking for what it must not show.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('menuitem', { name: 'Switch to the older version' })).toBeNull();
  });
});
