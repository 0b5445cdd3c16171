import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken, getSessionEmail, hasSession, saveSession } from '@/api/session';
import { createSnackbarStore } from '@/components/snackbars/snackbar-store';
import { changeLanguage } from '@/i18n';
import { getUserQueryOptions } from '@/lib/auth/get-user';
import { createGuards, withoutBearerToken } from './guards';
import type { AppRoute } from './route-table';

const user = {
  id: 'u1',
  email: 'ana@example.com',
  role: 'user',
  profile: { firstName: 'Ana', lastName: 'Silva', language: 'en' },
  timezone: 0,
  phone: '',
  periodOffWork: null,
  callReception: {},
  version: 1,
};

type Answer = { status: number; body: unknown };

/** A fake API: answers by path, and records what was asked. */
function stubApi(answers: Record<string, Answer>) {
  const calls: { path: string; method: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const path = new URL(input, 'http://localhost').pathname;
    calls.push({ path, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[path] ?? { status: 404, body: { code: 'not_found', message: 'Resource not found.' } };
    return Response.json(answer.body, { status: answer.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

async function thrownBy(run: () => unknown): Promise<Response> {
  try {
    await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error('the loader let the page render');
}

const loaderArgs = (url: string) =>
  ({ request: new Request(`http://localhost${url}`), params: {}, context: undefined }) as never;

/** The searches the page rendered with. */
const seen: string[] = [];
function Page() {
  seen.push(useLocation().search);
  return <p>the page</p>;
}

let queryClient: QueryClient;
let snackbars: ReturnType<typeof createSnackbarStore>;

beforeEach(async () => {
  localStorage.clear();
  await changeLanguage('en');
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  snackbars = createSnackbarStore();
});
afterEach(() => vi.unstubAllGlobals());

describe('withoutBearerToken', () => {
  it('drops only the BearerToken parameter', () => {
    expect(withoutBearerToken(new URL('http://x/devices?BearerToken=abc&view=map#top'))).toBe('/devices?view=map#top');
    expect(withoutBearerToken(new URL('http://x/?BearerToken=abc'))).toBe('/');
  });
});

describe('the BearerToken parameter', () => {
  it('is exchanged for a session, which is kept, and leaves the address by a history replace', async () => {
    const calls = stubApi({ '/api/auth/signintoken': { status: 200, body: { access_token: 'fresh', user } } });
    const guard = createGuards({ queryClient, snackbars })('required');

    const response = await thrownBy(() => guard(loaderArgs('/users?tab=2&BearerToken=one-time')));
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/users?tab=2');
    expect(response.headers.get('X-Remix-Replace')).toBe('true');

    expect(calls).toEqual([{ path: '/api/auth/signintoken', method: 'POST', body: { token: 'one-time' } }]);
    expect(getAccessToken()).toBe('fresh');
    expect(getSessionEmail()).toBe('ana@example.com');
    expect(queryClient.getQueryData(getUserQueryOptions('ana@example.com').queryKey)).toEqual(user);
  });

  it('works on any route, public ones too', async () => {
    stubApi({ '/api/auth/signintoken': { status: 200, body: { access_token: 'fresh', user } } });
    const guard = createGuards({ queryClient, snackbars })('public');
    const response = await thrownBy(() => guard(loaderArgs('/sign-up?BearerToken=t')));
    expect(response.headers.get('Location')).toBe('/sign-up');
    expect(hasSession()).toBe(true);
  });

  it('that is refused shows why, leaves the address, and the route goes on without it', async () => {
    stubApi({
      '/api/auth/signintoken': {
        status: 401,
        body: { code: 'auth.invalid_token', message: 'This sign-in token is not valid or has expired.' },
      },
    });
    const guards = createGuards({ queryClient, snackbars });
    const response = await thrownBy(() => guards('required')(loaderArgs('/alarms?BearerToken=stale')));
    expect(response.headers.get('Location')).toBe('/alarms');
    expect(hasSession()).toBe(false);
    expect(snackbars.current()).toMatchObject({
      severity: 'error',
      text: 'This sign-in token is not valid or has expired.',
    });

    const next = await thrownBy(() => guards('required')(loaderArgs('/alarms')));
    expect(next.headers.get('Location')).toBe('/login?redirect=%2Falarms');
  });

  it('is gone from the address before the page renders', async () => {
    stubApi({ '/api/auth/signintoken': { status: 200, body: { access_token: 'fresh', user } } });
    const guard = createGuards({ queryClient, snackbars });
    const page: AppRoute = {
      name: 'Alarms',
      path: '/alarms',
      access: 'required',
      frame: 'shell',
      title: 'route.alarms',
    };
    const router = createMemoryRouter([{ path: page.path, loader: guard(page.access), Component: Page }], {
      initialEntries: ['/alarms?BearerToken=t&view=list'],
    });
    render(<RouterProvider router={router} />);
    await screen.findByText('the page');
    expect(seen.every((search) => search === '?view=list')).toBe(true);
    expect(router.state.location.search).toBe('?view=list');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(hasSession()).toBe(true);
  });
});

describe('the access rules', () => {
  it('sends a visitor of a required route to sign-in with the full path', async () => {
    const calls = stubApi({});
    const guard = createGuards({ queryClient, snackbars })('required');
    const response = await thrownBy(() => guard(loaderArgs('/devices/abc?view=map')));
    expect(response.headers.get('Location')).toBe('/login?redirect=%2Fdevices%2Fabc%3Fview%3Dmap');
    expect(calls).toEqual([]);
  });

  it('loads the global keys once before a required page; a key not configured is null', async () => {
    saveSession({ token: 'tok', email: 'ana@example.com' });
    const calls = stubApi({
      '/api/keys/map': { status: 200, body: { name: 'map', value: null } },
      '/api/keys/vapid': { status: 200, body: { name: 'vapid', value: 'BPub' } },
    });
    const guard = createGuards({ queryClient, snackbars })('required');
    await expect(guard(loaderArgs('/alarms'))).resolves.toBeNull();
    expect(calls.map((call) => call.path).sort()).toEqual(['/api/keys/map', '/api/keys/vapid']);
    expect(queryClient.getQueryData(['keys', 'map'])).toBeNull();
    expect(queryClient.getQueryData(['keys', 'vapid'])).toBe('BPub');

    await guard(loaderArgs('/users'));
    expect(calls).toHaveLength(2);
    expect(snackbars.current()).toBeUndefined();
  });

  it('lets a visitor open a lenient page, with the keys loaded, and never asks them to sign in', async () => {
    const calls = stubApi({});
    const guard = createGuards({ queryClient, snackbars })('lenient');
    await expect(guard(loaderArgs('/freeview/device/abc'))).resolves.toBeNull();
    expect(calls.map((call) => call.path).sort()).toEqual(['/api/keys/map', '/api/keys/vapid']);
  });

  it('loads nothing for the sign-in pages', async () => {
    const calls = stubApi({});
    await expect(createGuards({ queryClient, snackbars })('public')(loaderArgs('/login'))).resolves.toBeNull();
    expect(calls).toEqual([]);
  });

  it('does not let a failing key server hold up the page', async () => {
    saveSession({ token: 'tok', email: 'ana@example.com' });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(createGuards({ queryClient, snackbars })('required')(loaderArgs('/alarms'))).resolves.toBeNull();
    await waitFor(() => expect(snackbars.current()).toBeUndefined());
  });
});
