import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getJourneyPagesQueryOptions, getJourneyQueryOptions, useChangeJourney, useCreateJourney } from './journeys';

/** What the screens hold of journeys: a level's list (all and running), a device's list, and one journey. */
function seededClient() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const keys: (readonly unknown[])[] = [
    getJourneyPagesQueryOptions({ businessId: 'acme' }, null).queryKey,
    getJourneyPagesQueryOptions({ businessId: 'acme' }, 'running').queryKey,
    getJourneyPagesQueryOptions({ deviceUUID: 'van-1' }, null).queryKey,
    getJourneyQueryOptions('j1').queryKey,
  ];
  for (const key of keys) queryClient.setQueryData(key, {});
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const invalidated = () => keys.filter((key) => queryClient.getQueryState(key)?.isInvalidated);
  return { wrapper, keys, invalidated };
}

function stubAnswer(response: () => Response) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${new URL(input, 'http://localhost').pathname}`);
      return response();
    }),
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the journey calls', () => {
  it('refresh every list and the journey after a journey is started', async () => {
    const calls = stubAnswer(() => Response.json({}));
    const { wrapper, keys, invalidated } = seededClient();
    const { result } = renderHook(() => useCreateJourney(), { wrapper });
    await act(() =>
      result.current.mutateAsync({ businessId: 'acme', description: 'Trip', deviceUUID: 'van-1', comment: '' }),
    );
    expect(calls).toEqual(['POST /api/customer-business/acme/journeys']);
    await waitFor(() => expect(invalidated()).toEqual(keys));
  });

  it('refresh them after an action, and after a refused one too (the journey changed meanwhile)', async () => {
    const calls = stubAnswer(() => Response.json({ code: 'conflict', message: 'Conflict' }, { status: 409 }));
    const { wrapper, keys, invalidated } = seededClient();
    const { result } = renderHook(() => useChangeJourney(), { wrapper });
    await act(() =>
      result.current
        .mutateAsync({ journeyId: 'j1', action: 'finalize', version: 3, comment: '' })
        .catch(() => undefined),
    );
    expect(calls).toEqual(['POST /api/journeys/j1/finalize']);
    await waitFor(() => expect(invalidated()).toEqual(keys));
  });
});
