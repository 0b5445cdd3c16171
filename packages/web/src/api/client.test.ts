import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { ApiError, api, NETWORK_ERROR, onSessionExpired } from './client';
import { getAccessToken, saveSession } from './session';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** Answers every call with a fresh copy of `response` (a body can be read once). */
function stubFetch(response: Response | (() => Promise<Response>)) {
  const fetchMock = vi.fn(typeof response === 'function' ? response : async () => response.clone());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sent(fetchMock: ReturnType<typeof stubFetch>) {
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  return { url, init, headers: new Headers(init.headers) };
}

function setCsrfCookie(value: string | undefined) {
  // biome-ignore lint/suspicious/noDocumentCookie: the cookie the server sets is what the client under test reads
  document.cookie = `csrftoken=${value ?? ''}; path=/${value === undefined ? '; expires=Thu, 01 Jan 1970 00:00:00 GMT' : ''}`;
}

beforeEach(async () => {
  localStorage.clear();
  setCsrfCookie(undefined);
  await changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('calls /api with the current language in the query', async () => {
    const fetchMock = stubFetch(json(200, { version: '1' }));
    await api.get('/info');
    expect(sent(fetchMock).url).toBe('/api/info?lang=en');

    await changeLanguage('pt');
    await api.get('/devices?businessId=7', { query: { mode: 'count' } });
    expect((fetchMock.mock.calls[1] as unknown as [string])[0]).toBe('/api/devices?businessId=7&mode=count&lang=pt');
  });

  it('sends the csrftoken cookie as X-CSRFToken on unsafe methods only', async () => {
    setCsrfCookie('abc123');
    const post = stubFetch(json(200, {}));
    await api.post('/rest-auth/password/reset/', { email: 'a@b.co' });
    const { headers, init } = sent(post);
    expect(headers.get('X-CSRFToken')).toBe('abc123');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"email":"a@b.co"}');

    const get = stubFetch(json(200, {}));
    await api.get('/info');
    expect(sent(get).headers.has('X-CSRFToken')).toBe(false);
  });

  it('sends no X-CSRFToken when there is no cookie', async () => {
    const fetchMock = stubFetch(json(200, {}));
    await api.post('/rest-auth/logout/');
    expect(sent(fetchMock).headers.has('X-CSRFToken')).toBe(false);
  });

  it('sends the stored token as a bearer, except on anonymous calls', async () => {
    saveSession({ token: 'tok-1', email: 'ana@example.com' });
    const fetchMock = stubFetch(json(200, {}));
    await api.get('/users/ana%40example.com');
    expect(sent(fetchMock).headers.get('Authorization')).toBe('Bearer tok-1');

    const anonymous = stubFetch(json(200, {}));
    await api.post('/auth/signin', {}, { anonymous: true });
    expect(sent(anonymous).headers.has('Authorization')).toBe(false);
  });

  it('turns an error body into an ApiError with status, code, message and fields', async () => {
    stubFetch(
      json(400, {
        code: 'validation.failed',
        message: 'Some fields are not valid.',
        fields: { password2: "The passwords don't match." },
      }),
    );
    const error = await api.post('/rest-auth/registration/', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation.failed',
      message: 'Some fields are not valid.',
      fields: { password2: "The passwords don't match." },
    });
  });

  it('maps an answer without error JSON by its status, in the current language', async () => {
    await changeLanguage('pt');
    stubFetch(new Response('<html>Bad gateway</html>', { status: 404 }));
    await expect(api.get('/nothing')).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'Recurso não encontrado.',
    });
    stubFetch(new Response('oops', { status: 502 }));
    await expect(api.get('/nothing')).rejects.toMatchObject({ status: 502, code: 'server.error' });
  });

  it('reports a call without an answer as a connection problem', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('/info')).rejects.toMatchObject({
      status: 0,
      code: NETWORK_ERROR,
      message: 'There seem to be connection problems. Please check your network or reload the page.',
    });
  });

  it('on a 401 to an authenticated call, drops the token and reports the lost session once', async () => {
    saveSession({ token: 'tok-1', email: 'ana@example.com' });
    const expired = vi.fn();
    const unregister = onSessionExpired(expired);
    stubFetch(json(401, { code: 'auth.required', message: 'Please sign in to continue.' }));
    await expect(api.get('/users/ana%40example.com')).rejects.toMatchObject({ status: 401 });
    expect(getAccessToken()).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);

    stubFetch(json(401, { code: 'auth.invalid_credentials', message: 'Login failed.' }));
    await expect(api.post('/auth/signin', {}, { anonymous: true })).rejects.toMatchObject({ status: 401 });
    expect(expired).toHaveBeenCalledTimes(1);
    unregister();
  });
});
