import { type Business, DEFAULT_CALL_RECEPTION, DEFAULT_PLAN, type PlanFeatures, type User } from '@iot/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '@/api/session';
import { createSnackbarStore } from '@/components/snackbars/snackbar-store';
import { business } from '@/features/businesses/testing/business-fixtures';
import { changeLanguage } from '@/i18n';
import en from '@/i18n/en.json';
import { UiProviders } from '../providers';
import { createQueryClient } from '../query-client';
import { createRoutes } from '../router';

const olivia: User = {
  id: 'u1',
  email: 'olivia@example.com',
  role: 'user',
  profile: { firstName: 'Olivia', lastName: 'Operator', language: 'en' },
  timezone: 0,
  phone: '',
  periodOffWork: null,
  callReception: DEFAULT_CALL_RECEPTION,
  version: 1,
};
const businesses: Business[] = [business('acme', 'Acme Water', null), business('blue', 'Blue Harbour', null)];

/** Places are offered only by a plan with points of interest; the default plan has none. */
const withPlaces: PlanFeatures = { ...DEFAULT_PLAN, poiSupport: true };
let plans: Record<string, PlanFeatures>;
let fetchMock: ReturnType<typeof vi.fn>;

function stubApi() {
  fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const path = url.pathname;
    if (path === `/api/users/${encodeURIComponent(olivia.email)}`) return Response.json(olivia);
    if (path === '/api/customer-business') return Response.json(businesses);
    if (path === '/api/contracts/pfs') {
      const id = url.searchParams.get('businessId') ?? '';
      return Response.json({ features: plans[id] ?? DEFAULT_PLAN, business: { id, description: id } });
    }
    if (path === '/api/rest-auth/logout/') return Response.json({ detail: 'ok' });
    if (path === '/api/auth/signin' && init?.method === 'POST') {
      return Response.json({ access_token: 'tok2', user: olivia });
    }
    if (path === '/api/push-notification/unread-count') return Response.json({ count: 0 });
    return Response.json({ code: 'not_found', message: 'Resource not found.' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
}
const planCalls = () =>
  fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === '/api/contracts/pfs')
    .length;

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

async function mainMenu() {
  fireEvent.click(await screen.findByRole('button', { name: en['menu.main'] }));
  return screen.findByRole('menu');
}
const closeMenu = (menu: HTMLElement) => fireEvent.keyDown(menu, { key: 'Escape' });

// The shell loads with the first page inside it: loaded here once, it is not counted in any test's wait.
beforeAll(() => import('./app-layout'));
beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await changeLanguage('en');
  saveSession({ token: 'tok', email: olivia.email });
  plans = {};
  stubApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the plan of the menus', () => {
  it("is the plan of the route's business, else of the first top of the user's tree", async () => {
    plans = { blue: withPlaces };
    const router = renderApp('/resources/resource-stats');
    let menu = await mainMenu();
    await within(menu).findByRole('menuitem', { name: 'Alarms' });
    expect(within(menu).queryByRole('menuitem', { name: 'Places' })).toBeNull();
    closeMenu(menu);

    await router.navigate('/businesses/blue/blue-harbour/devices');
    menu = await mainMenu();
    expect(await within(menu).findByRole('menuitem', { name: 'Places' })).toBeTruthy();
  });

  it('is asked for again after signing out and in, as nothing of a session stays cached', async () => {
    plans = { acme: withPlaces };
    renderApp('/resources/resource-stats');
    const menu = await mainMenu();
    expect(await within(menu).findByRole('menuitem', { name: 'Places' })).toBeTruthy();
    closeMenu(menu);
    expect(planCalls()).toBe(1);

    // The contract changed meanwhile: the next session must not keep the old plan.
    plans = {};
    fireEvent.click(screen.getByRole('button', { name: en['menu.user'] }));
    fireEvent.click(await screen.findByRole('menuitem', { name: en['menu.signOut'] }));
    fireEvent.change(await screen.findByLabelText(en['fields.email']), { target: { value: olivia.email } });
    fireEvent.change(screen.getByLabelText(en['fields.password']), { target: { value: 'a password' } });
    fireEvent.click(screen.getByRole('button', { name: en['login.submit'] }));

    const again = await mainMenu();
    await within(again).findByRole('menuitem', { name: 'Alarms' });
    await vi.waitFor(() => expect(planCalls()).toBe(2));
    expect(within(again).queryByRole('menuitem', { name: 'Places' })).toBeNull();
  });
});
