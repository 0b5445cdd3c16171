import type { LocationStateEntry } from '@iot/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { renderWithProviders } from '@/testing/render';
import { LocationHistory } from './location-history';

const HOUR_MS = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const entries: LocationStateEntry[] = [
  { state: 'inTransit', place: null, enteredAt: ago(HOUR_MS), leftAt: null, dwellMs: HOUR_MS, position: null },
  {
    state: 'atPoi',
    place: { id: 'gaia', name: 'Gaia warehouse' },
    enteredAt: ago(27 * HOUR_MS),
    leftAt: ago(HOUR_MS),
    dwellMs: 26 * HOUR_MS,
    position: { lat: 41.12, lon: -8.61 },
  },
  {
    state: 'atForbiddenPoi',
    place: { id: null, name: 'Closed yard' },
    enteredAt: ago(27 * HOUR_MS + 20 * 60_000),
    leftAt: ago(27 * HOUR_MS),
    dwellMs: 20 * 60_000,
    position: null,
  },
];

/** The history call as the server answers it, remembering the ranges asked for; `status` to make it fail. */
function stubHistory(status = 200) {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname !== '/api/devices/d%201/location-states') return Response.json({}, { status: 404 });
      asked.push(url.searchParams);
      if (status !== 200) return Response.json({ code: 'server.error', message: 'An error has occurred.' }, { status });
      return Response.json({ items: entries });
    }),
  );
  return asked;
}

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('LocationHistory', () => {
  it('lists the states of the last 24 hours, newest first, with their places and how long each lasted', async () => {
    const asked = stubHistory();
    renderWithProviders(<LocationHistory uuid="d 1" />);
    const table = within(await screen.findByRole('table', { name: 'Location history' }));
    const rows = (await table.findAllByRole('row')).slice(1).map((row) => within(row));
    expect(rows).toHaveLength(3);
    expect(rows[0]?.getByText('In transit')).toBeTruthy();
    // Still in it: it ends "now", in its own column and, for a phone, under its start.
    expect(rows[0]?.getAllByText(/now$/)).toHaveLength(2);
    // The time there has its own column, and for a phone a line under the location.
    expect(rows[0]?.getAllByText('1 h')).toHaveLength(2);
    expect(rows[1]?.getByLabelText('At POI: Gaia warehouse')).toBeTruthy();
    expect(rows[1]?.getAllByText('1 d 2 h')).toHaveLength(2);
    // A place deleted since keeps the name it had then.
    expect(rows[2]?.getByLabelText('At forbidden POI: Closed yard')).toBeTruthy();
    expect(rows[2]?.getAllByText('20 min')).toHaveLength(2);
    const [range] = asked;
    const from = Date.parse(range?.get('from') ?? '');
    const to = Date.parse(range?.get('to') ?? '');
    expect(to - from).toBe(24 * HOUR_MS);
    expect(Math.abs(Date.now() - to)).toBeLessThan(60_000);
  });

  it('reads the period chosen', async () => {
    const asked = stubHistory();
    renderWithProviders(<LocationHistory uuid="d 1" />);
    await screen.findByRole('table', { name: 'Location history' });
    fireEvent.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(asked).toHaveLength(2));
    const range = asked[1];
    expect(Date.parse(range?.get('to') ?? '') - Date.parse(range?.get('from') ?? '')).toBe(7 * 24 * HOUR_MS);
  });

  it('says in place when the history cannot be read, and when the period has none', async () => {
    stubHistory(500);
    renderWithProviders(<LocationHistory uuid="d 1" />);
    expect(await screen.findByText('An error has occurred.')).toBeTruthy();
    cleanup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ items: [] })),
    );
    await changeLanguage('pt');
    renderWithProviders(<LocationHistory uuid="d 1" />);
    expect(await screen.findByText('Sem estados de localização neste período.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Histórico de localização' })).toBeTruthy();
  });
});
