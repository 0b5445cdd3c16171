import { DEFAULT_PLAN, type PlanResponse } from '@iot/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { renderWithProviders } from '@/testing/render';
import { usePlan } from './plan';

const planOf = (id: string, maxDevices: number): PlanResponse => ({
  features: { ...DEFAULT_PLAN, maxDevices },
  business: { id, description: id },
});

/** Shows what a screen would read of the plan of one business. */
function PlanProbe({ businessId }: { businessId: string }) {
  const plan = usePlan(businessId);
  return <p>{`${businessId}: ${plan.maxDevices}`}</p>;
}

let fetchMock: ReturnType<typeof vi.fn>;
const planCalls = (businessId: string) =>
  fetchMock.mock.calls.filter(([input]) => {
    const url = new URL(String(input), 'http://localhost');
    return url.pathname === '/api/contracts/pfs' && url.searchParams.get('businessId') === businessId;
  }).length;

beforeEach(async () => {
  await changeLanguage('en');
  fetchMock = vi.fn(async (input: string) => {
    const businessId = new URL(input, 'http://localhost').searchParams.get('businessId') ?? '';
    if (businessId === 'broken') return Response.json({ code: 'server.error', message: 'Boom.' }, { status: 500 });
    return Response.json(planOf(businessId, businessId === 'acme' ? 10 : 20));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the plan cache', () => {
  it('keeps one plan per business, fetched once', async () => {
    const { queryClient } = renderWithProviders(
      <>
        <PlanProbe businessId="acme" />
        <PlanProbe businessId="blue" />
      </>,
    );
    expect(await screen.findByText('acme: 10')).toBeTruthy();
    expect(await screen.findByText('blue: 20')).toBeTruthy();
    cleanup();
    // Another screen of the same session reads the cached plan.
    render(
      <QueryClientProvider client={queryClient}>
        <PlanProbe businessId="acme" />
      </QueryClientProvider>,
    );
    expect(screen.getByText('acme: 10')).toBeTruthy();
    expect(planCalls('acme')).toBe(1);
    expect(planCalls('blue')).toBe(1);
  });

  it('uses the default plan while loading and when the plan cannot be read, without an error snackbar', async () => {
    const { snackbars, queryClient } = renderWithProviders(<PlanProbe businessId="broken" />);
    expect(screen.getByText(`broken: ${DEFAULT_PLAN.maxDevices}`)).toBeTruthy();
    await waitFor(() => expect(queryClient.getQueryState(['plan', 'broken'])?.status).toBe('error'));
    expect(screen.getByText(`broken: ${DEFAULT_PLAN.maxDevices}`)).toBeTruthy();
    expect(snackbars.current()).toBeUndefined();
  });
});
