import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '@/api/session';
import { UiProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { createSnackbarStore } from '@/components/snackbars/snackbar-store';
import { paths } from '@/config/paths';
import { changeLanguage } from '@/i18n';
import en from '@/i18n/en.json';
import pt from '@/i18n/pt.json';
import { testAsset, testSensorType } from '../testing/assets';
import { type StubbedCall, stubServer } from '../testing/stub-server';
import { AssetList } from './asset-list';

const assets = [
  testAsset(),
  testAsset({
    _id: 'a2',
    description: 'Tank B',
    assetType: { id: 'tank', name: 'Water tank' },
    fields: [{ name: 'Capacity', type: 'number', required: true, value: null }],
    incomplete: true,
    device: null,
    linkedAt: null,
  }),
];

/**
 * The asset list API: the orphan filter keeps the assets without a device, the search those whose name has it;
 * `mode=count` answers how many match.
 */
function answer(call: StubbedCall) {
  if (call.path === '/api/customer-business/north/assets') {
    const search = (call.query.get('search') ?? '').toLowerCase();
    const items = assets.filter(
      (asset) =>
        (call.query.get('orphan') !== 'true' || !asset.device) && asset.description.toLowerCase().includes(search),
    );
    if (call.query.get('mode') === 'count') return Response.json({ count: items.length });
    return Response.json({ items, nextCursor: null });
  }
  if (call.path === '/api/device-types') return Response.json([testSensorType]);
  if (call.path === '/api/asset-types')
    return Response.json([
      { id: 'cold-room', name: 'Cold room', fields: [] },
      { id: 'tank', name: 'Water tank', fields: [] },
    ]);
  if (call.path === '/api/customer-business')
    return Response.json([{ _id: 'north', slug: 'north-region', description: 'North region', parent: null }]);
  return undefined;
}

function renderList(url: string) {
  const snackbars = createSnackbarStore();
  const queryClient = createQueryClient({ snackbars });
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const router = createMemoryRouter([{ path: paths.businessDeviceAsset, element: <AssetList businessId="north" /> }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <UiProviders snackbars={snackbars}>
        <RouterProvider router={router} />
      </UiProviders>
    </QueryClientProvider>,
  );
  return router;
}

const bodyRows = () => screen.getAllByRole('row').slice(1);

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSession();
});

describe('the device screen in asset mode', { timeout: 20_000 }, () => {
  it("shows a row per asset with its type, device, the device's latest values, open alarms and last seen", async () => {
    stubServer(answer);
    renderList('/businesses/north/north-region/device-asset');
    const cold = within(await screen.findByRole('row', { name: 'Cold room A' }));
    expect(cold.getByText('Cold room')).toBeTruthy();
    // The device's values as the device list words them: the signals its type lists, with their units.
    const values = await cold.findByTitle(/^Temperature: 4\.5 °C\s+Relative humidity: 61 %$/);
    expect(values.textContent).toBe('Temperature 4.5 °C · Relative humidity 61 %');
    expect(cold.getByText('2 open')).toBeTruthy();
    expect(cold.getByText('5 minutes ago')).toBeTruthy();
    expect(cold.getByRole('link', { name: 'TH sensor 7' }).getAttribute('href')).toBe(
      '/businesses/north/north-region/devices/d1',
    );
    // A row opens the asset's status screen, under the business of the path.
    expect(cold.getByRole('link', { name: 'Cold room A' }).getAttribute('href')).toBe(
      '/businesses/north/north-region/assets/a1/Cold%20room%20A',
    );

    const tank = within(screen.getByRole('row', { name: 'Tank B' }));
    expect(tank.getByText('Water tank')).toBeTruthy();
    expect(tank.getByText(en['assetStatus.noDevice'])).toBeTruthy();
    expect(tank.getByText('Incomplete')).toBeTruthy();
    expect(screen.getByText('Assets: 2')).toBeTruthy();
  });

  it('filters the orphan assets and searches, keeping both in the URL', async () => {
    const calls = stubServer(answer);
    const router = renderList('/businesses/north/north-region/device-asset');
    await screen.findByRole('row', { name: 'Cold room A' });
    fireEvent.click(screen.getByRole('switch', { name: en['assetStatus.filter.orphan'] }));
    await waitFor(() => expect(bodyRows().map((row) => row.getAttribute('aria-label'))).toEqual(['Tank B']), {
      timeout: 5000,
    });
    expect(calls.some((call) => call.query.get('orphan') === 'true')).toBe(true);
    expect(router.state.location.search).toBe('?orphan=true');
    // The total is asked apart, with the same filters as the rows.
    await screen.findByText('Assets: 1');
    expect(calls.filter((call) => call.query.get('mode') === 'count').map((call) => call.query.get('orphan'))).toEqual([
      null,
      'true',
    ]);

    fireEvent.change(screen.getByRole('searchbox', { name: en['assetStatus.search'] }), {
      target: { value: 'nothing' },
    });
    // The search waits for typing to pause before it goes.
    await screen.findByText(en['assetStatus.noMatch'], undefined, { timeout: 5000 });
    expect(router.state.location.search).toBe('?orphan=true&q=nothing');
  });

  it('shows the assets as cards, in Portuguese', async () => {
    await changeLanguage('pt');
    stubServer(answer);
    renderList('/businesses/north/north-region/device-asset?view=cards');
    const card = within(await screen.findByRole('listitem', { name: 'Cold room A' }));
    expect(card.getByText(pt['assetStatus.column.device'])).toBeTruthy();
    expect(card.getByText('2 abertos')).toBeTruthy();
    expect(await card.findByText('há 5 minutos')).toBeTruthy();
    const tank = within(screen.getByRole('listitem', { name: 'Tank B' }));
    expect(tank.getByText('Incompleto')).toBeTruthy();
    expect(tank.getByText(pt['assetStatus.noDevice'])).toBeTruthy();
  });

  it('says so in place when the plan has no assets', async () => {
    stubServer((call) =>
      call.path === '/api/customer-business/north/assets'
        ? Response.json(
            { code: 'plan.unavailable', message: 'Unavailable for your plan. Please contact support.' },
            { status: 422 },
          )
        : answer(call),
    );
    renderList('/businesses/north/north-region/device-asset');
    await screen.findByText('Unavailable for your plan. Please contact support.');
  });
});
