import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers for our options, worked out once. Running helmet on every request halved the throughput of a
 * simple GET in `npm run bench`; the headers it sets do not depend on the request, so they are computed at start and
 * sent as they are.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * What a JSON answer of the API needs (OWASP's REST headers): it is never rendered as a page, so the document
 * policies (sources, cross-origin isolation, legacy browser switches) are left to the pages, and it is not kept by
 * caches, being one tenant's data.
 */
const API_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/** Pages of the API (its documentation) are documents: they take the pages' headers. */
const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const pageHeaders = helmetHeaders(options);
  // A callback hook, not an async one: it runs on every request, and an async hook costs a promise and a turn of
  // the microtask queue each time.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? API_HEADERS : pageHeaders);
    done();
  });
}

/**
 * Where the maps may read from besides the platform, for `connect-src`: the origin of the style URL the `map` public
 * key names (its tiles and fonts are expected there too); none when the key is unset or not an http(s) URL.
 */
export function mapStyleOrigin(mapKey: string | undefined): string[] {
  if (!mapKey) return [];
  try {
    const url = new URL(mapKey);
    return url.protocol === 'https:' || url.protocol === 'http:' ? [url.origin] : [];
  } catch {
    return [];
  }
}
