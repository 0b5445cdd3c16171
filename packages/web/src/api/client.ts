import { ErrorResponse, type MessageCode } from '@iot/shared';
import { currentEndpointSet } from '@/config/endpoints';
import { currentLanguage, i18n } from '@/i18n';
import { clearSession, getAccessToken } from './session';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
/** The code of a call that got no answer at all (SPEC section 8: "connection problems"). */
export const NETWORK_ERROR = 'network.error';

/** A failed call: the HTTP status (0 when there was no answer), the server's stable code, its localised message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Public calls (sign-in, registration, ...) never send the bearer token, so their 401 is not a lost session. */
  anonymous?: boolean;
}

type SessionExpiredHandler = () => void;
let sessionExpired: SessionExpiredHandler | undefined;

/** The one place that reacts to a lost session: a 401 to a call that carried the token. The app registers it. */
export function onSessionExpired(handler: SessionExpiredHandler): () => void {
  sessionExpired = handler;
  return () => {
    if (sessionExpired === handler) sessionExpired = undefined;
  };
}

export function readCookie(name: string): string | undefined {
  for (const pair of document.cookie.split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

function buildUrl(path: string, query: RequestOptions['query'] = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  params.set('lang', currentLanguage());
  return `${currentEndpointSet().apiBaseUrl}${path}${path.includes('?') ? '&' : '?'}${params}`;
}

const FALLBACK_CODES: Record<number, MessageCode> = {
  401: 'auth.required',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
};

async function toApiError(response: Response): Promise<ApiError> {
  const body = ErrorResponse.safeParse(await response.json().catch(() => undefined));
  if (body.success) return new ApiError(response.status, body.data.code, body.data.message, body.data.fields);
  // No error JSON (a proxy's page, say): a message chosen by the status.
  const code = FALLBACK_CODES[response.status] ?? 'server.error';
  return new ApiError(response.status, code, i18n.t(code));
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** Sends one call with the language, CSRF and bearer headers; a refusal becomes an `ApiError` (a 401 ends the session). */
async function send(method: string, path: string, body: unknown, options: RequestOptions, accept: string) {
  const headers = new Headers({ Accept: accept });
  // A Blob (a CSV file, say) goes as it is, typed by its own type; anything else as JSON.
  const raw = body instanceof Blob;
  if (body !== undefined)
    headers.set('Content-Type', raw ? body.type || 'application/octet-stream' : 'application/json');
  if (method !== 'GET' && method !== 'HEAD') {
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) headers.set(CSRF_HEADER, csrf);
  }
  const token = options.anonymous ? null : getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: body === undefined || raw ? body : JSON.stringify(body),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(0, NETWORK_ERROR, i18n.t('errors.connection'));
  }

  if (!response.ok) {
    const error = await toApiError(response);
    // Only the token that was refused is dropped: another tab may have signed in again meanwhile.
    if (error.status === 401 && token && getAccessToken() === token) {
      clearSession();
      sessionExpired?.();
    }
    throw error;
  }
  return response;
}

async function request<T>(method: string, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  const response = await send(method, path, body, options, 'application/json');
  const text = await response.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(response.status, 'server.error', i18n.t('server.error'));
  }
}

/**
 * The one HTTP client of the web app: every call goes to the base URL of the endpoint set chosen by the host (`/api`
 * on the same origin unless the vendor's host table says otherwise), with the language, CSRF and bearer headers.
 */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body, options),
  /** `body`: the few deletions that name what to delete in a JSON body (e.g. assets by id). */
  delete: <T>(path: string, options?: RequestOptions, body?: unknown) => request<T>('DELETE', path, body, options),
  /** A `GET` answered with text rather than JSON (a CSV export, say). */
  text: async (path: string, options?: RequestOptions) =>
    (await send('GET', path, undefined, options ?? {}, 'text/csv, text/plain')).text(),
  /** A server-sent events stream (`GET`): the answer with its body still to read, authenticated like any call. */
  stream: (path: string, options?: RequestOptions) => send('GET', path, undefined, options ?? {}, 'text/event-stream'),
};
