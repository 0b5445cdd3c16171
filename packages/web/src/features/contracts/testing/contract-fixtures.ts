import { type Contract, type ContractLog, DEFAULT_PLAN } from '@iot/shared';
import { vi } from 'vitest';

const DAY_MS = 86_400_000;
export const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const day = (offset: number) => new Date(Date.UTC(2026, 2, 10) + offset * DAY_MS).toISOString();

/** A contract as the API answers it: Acme Water's, bought, monthly credits near the period's limit. */
export function contract(id: string, name: string, extra: Partial<Contract> = {}): Contract {
  return {
    contractId: id,
    business: { id: 'acme', description: 'Acme Water' },
    name,
    type: 'LOC',
    comment: '',
    createdAt: day(-160),
    updatedAt: day(-2),
    expiresAt: day(205),
    purchasedAt: day(-160),
    inheritableLevels: null,
    features: DEFAULT_PLAN,
    credits: {
      total: 6000,
      spent: 2480,
      carved: 600,
      left: 2920,
      periodType: 'monthly',
      perPeriod: 500,
      limitForPeriod: 500,
      allowOverUsage: false,
      userChangeable: false,
      periodStart: day(-9),
      periodEnd: day(22),
      spentInPeriod: 462,
      overUsageInPeriod: 0,
      costs: { sms: 2, whatsapp: 1, voice: 5, report: 3 },
      fromContract: null,
    },
    tokens: {
      type: 'PLATINUM',
      capability: ['G-PPU', 'H-PPU'],
      validityDays: 365,
      periodMs: 365 * DAY_MS,
      periodStart: day(-160),
      periodEnd: day(205),
      total: 20,
      spent: 2,
      inUse: 3,
    },
    state: 'reaching_limit',
    version: 3,
    ...extra,
  };
}

export function logRow(id: string, event: ContractLog['event'], extra: Partial<ContractLog> = {}): ContractLog {
  return {
    id,
    event,
    at: day(-1),
    user: { id: 'u0', email: 'admin@example.com' },
    amount: 100,
    details: {},
    ...extra,
  };
}

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/**
 * Stubs `fetch` with the contracts calls as `routes` answer them (by `METHOD path`, path without `/api`); anything
 * else is a 404. Returns the calls made, in order.
 */
export function stubServer(routes: Record<string, (call: Call) => Response>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const call: Call = {
        method: init?.method ?? 'GET',
        path: url.pathname.replace(/^\/api/, ''),
        query: url.searchParams,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const route = routes[`${call.method} ${call.path}`];
      if (route) return route(call);
      return Response.json({ code: 'not_found', message: 'Resource not found.' }, { status: 404 });
    }),
  );
  return calls;
}
