import { DEFAULT_PLAN } from '@iot/shared';
import { vi } from 'vitest';

export interface StubbedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/**
 * Stubs `fetch` with `answer` (method, path and query of each call, its JSON body) and records every call; a call
 * `answer` leaves unanswered is a 404, as the server answers an unknown path. The plan of every business has assets.
 */
export function stubServer(answer: (call: StubbedCall) => Response | undefined) {
  const calls: StubbedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const call = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      if (call.path === '/api/contracts/pfs')
        return Response.json({
          features: { ...DEFAULT_PLAN, assetSupport: true },
          business: { id: url.searchParams.get('businessId'), description: 'North region' },
        });
      return answer(call) ?? Response.json({ code: 'not_found', message: 'Resource not found.' }, { status: 404 });
    }),
  );
  return calls;
}
