import { DEFAULT_CALL_RECEPTION, type User } from '@iot/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '@/api/session';
import { createSnackbarStore } from '@/components/snackbars/snackbar-store';
import { changeLanguage } from '@/i18n';
import { UiProviders } from '../providers';
import { createQueryClient } from '../query-client';
import { createRoutes } from '../router';

const staff: User = {
  id: 'u1',
  email: 'admin@example.com',
  role: 'product',
  profile: { firstName: 'Ada', lastName: 'Admin', language: 'en' },
  timezone: 0,
  phone: '',
  periodOffWork: null,
  callReception: DEFAULT_CALL_RECEPTION,
  version: 1,
};
const customer: User = { ...staff, id: 'u2', email: 'olivia@example.com', role: 'user' };

const tokens = [{ type: 'PLATINUM', maxTokens: 100, tokensInUse: 95, tokensUsed: 300, tokenRatio: 0.95 }];

function stubApi(user: User | undefined) {
  const fetchMock = vi.fn(async (input: string) => {
    const path = new URL(input, 'http://localhost').pathname;
    if (user && path === `/api/users/${encodeURIComponent(user.email)}`) return Response.json(user);
    if (path === '/api/sigfox-contracts/contract-dots') return Response.json(tokens);
    if (path === '/api/push-notification/unread-count') return Response.json({ count: 0 });
    return Response.json({ code: 'not_found', message: 'Resource not found.' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderApp(url: string) {
  const snackbars = createSnackbarStore();
  const queryClient = createQueryClient({ snackbars });
  const router = createMemoryRouter(createRoutes({ queryClient, snackbars }), { initialEntries: [url] });
  render(
    <QueryClientProvider client={queryClient}>
      <UiProviders snackbars={snackbars}>
        <RouterProvider router={router} />
      </UiProviders>
    </QueryClientProvider>,
  );
  return router;
}

function signInAs(user: User) {
  saveSession({ token: 'tok', email: user.email });
  return stubApi(user);
}

// The shell loads with the first page inside it: loaded here once, it is not counted in any test's wait.
beforeAll(() => import('./app-layout'));
beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the app shell', () => {
  it('shows a screen that is not built yet as a page of the shell, offering a visitor to sign in', async () => {
    stubApi(undefined);
    renderApp('/businesses/assets/7/Tank');
    expect(await screen.findByRole('heading', { level: 1, name: 'Asset status' })).toBeTruthy();
    expect(screen.getByText('Not available yet')).toBeTruthy();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/login?redirect=%2Fbusinesses%2Fassets%2F7%2FTank',
    );
  });

  it('hides the app bar with the hideAppBar flag', async () => {
    stubApi(undefined);
    renderApp('/businesses/assets/7/Tank?hideAppBar=true');
    await screen.findByText('Not available yet');
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('redirects unknown paths to /, which needs a signed-in user', async () => {
    stubApi(undefined);
    const router = renderApp('/no/such/page');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2F');
  });

  it('tells a customer that the provider pages are not for them', async () => {
    signInAs(customer);
    renderApp('/users');
    expect(await screen.findByText("You don't have permission to perform this action.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Architecture' })).toBeNull();
  });

  it('lists the screens of the main menu by role', async () => {
    signInAs(customer);
    renderApp('/resources/resource-stats');
    fireEvent.click(await screen.findByRole('button', { name: 'Main menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Devices' }).getAttribute('href')).toBe('/devices');
    expect(within(menu).queryByRole('menuitem', { name: 'Users' })).toBeNull();
  });

  it('opens the Sigfox token dialog by itself once per session when tokens run out, for provider staff', async () => {
    signInAs(staff);
    renderApp('/resources/resource-stats');
    expect(await screen.findByRole('dialog', { name: 'Sigfox token status' })).toBeTruthy();
    // The open dialog hides the page from assistive technology; the warning sign is in the app bar behind it.
    expect(screen.getByRole('button', { name: 'Sigfox tokens are running out', hidden: true })).toBeTruthy();
    expect(sessionStorage.getItem('sigfox-token-dialog-opened')).toBe('1');
    cleanup();

    renderApp('/resources/resource-stats');
    await screen.findByRole('button', { name: 'Sigfox tokens are running out' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the notification dialog from the notifications query parameter', async () => {
    signInAs(customer);
    renderApp('/resources/resource-stats?notifications');
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});
