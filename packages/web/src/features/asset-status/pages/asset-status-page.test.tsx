import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '@/api/session';
import { UiProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { createSnackbarStore } from '@/components/snackbars/snackbar-store';
import { paths } from '@/config/paths';
import { changeLanguage } from '@/i18n';
import en from '@/i18n/en.json';
import pt from '@/i18n/pt.json';
import { testAssetDetail, testSensorType } from '../testing/assets';
import { type StubbedCall, stubServer } from '../testing/stub-server';
import { AssetStatusPage } from './asset-status-page';

const alarm = {
  id: 'al1',
  sequenceId: 1,
  number: 17,
  status: 'active',
  conditionActive: true,
  snoozedUntil: null,
  signal: 'temperature',
  signalName: 'Temperature',
  source: 'rule',
  value: 9,
  device: { uuid: 'd0', description: 'Old sensor' },
  asset: { id: 'a1', description: 'Cold room A' },
  businessId: 'north',
  raisedAt: '2026-10-20T10:00:00.000Z',
  updatedAt: '2026-10-20T10:00:00.000Z',
  version: 1,
};

function answer(detail = testAssetDetail()) {
  return (call: StubbedCall) => {
    if (call.path === '/api/assets/a1') return Response.json(detail);
    if (call.path === '/api/device-types') return Response.json([testSensorType]);
    if (call.path === '/api/customer-business/north/alarms')
      return Response.json({ data: [alarm], totalElements: 1, hasNext: false });
    if (call.path === '/api/assets/a1/readings')
      return Response.json({
        signals: [
          {
            signal: 'temperature',
            readings: [{ date: Date.parse('2026-11-03T10:00:00.000Z'), value: 4.5 }],
            total: 1,
            truncated: false,
            cutoff: null,
          },
        ],
      });
    if (call.path === '/api/customer-business')
      return Response.json([{ _id: 'north', slug: 'north-region', description: 'North region', parent: null }]);
    return undefined;
  };
}

function renderPage() {
  const snackbars = createSnackbarStore();
  const queryClient = createQueryClient({ snackbars });
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const router = createMemoryRouter([{ path: paths.businessAsset, element: <AssetStatusPage /> }], {
    initialEntries: ['/businesses/north/north-region/assets/a1/Cold%20room%20A'],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <UiProviders snackbars={snackbars}>
        <RouterProvider router={router} />
      </UiProviders>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await changeLanguage('en');
  saveSession({ token: 'tok', email: 'ana@example.com' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSession();
});

describe('the asset status screen', { timeout: 20_000 }, () => {
  it("shows the asset's fields, its device's latest values, its alarms and its device history", async () => {
    const calls = stubServer(answer());
    renderPage();
    await screen.findByRole('heading', { name: 'Cold room A', level: 1 });
    expect(screen.getByText('Volume *')).toBeTruthy();
    expect(screen.getByText('42.5')).toBeTruthy();
    expect(screen.getByText('double')).toBeTruthy();
    // The device linked now, in the fields and first in the history.
    expect(screen.getAllByRole('link', { name: 'TH sensor 7' }).map((link) => link.getAttribute('href'))).toEqual([
      '/businesses/north/north-region/devices/d1',
      '/businesses/north/north-region/devices/d1',
    ]);
    expect(await screen.findByText('4.5 °C')).toBeTruthy();

    const alarms = within(await screen.findByRole('table', { name: en['assetStatus.alarms'] }));
    expect(alarms.getByText('#17')).toBeTruthy();
    expect(alarms.getByRole('link', { name: 'Old sensor' })).toBeTruthy();
    const alarmCall = calls.find((call) => call.path === '/api/customer-business/north/alarms');
    expect(alarmCall?.query.get('assetID')).toBe('a1');

    const history = within(screen.getByRole('table', { name: en['assetStatus.history'] }));
    const [, current, old] = history.getAllByRole('row');
    expect(within(current as HTMLElement).getByText(en['assetStatus.linkedNow'])).toBeTruthy();
    expect(within(old as HTMLElement).getByRole('link', { name: 'Old sensor' })).toBeTruthy();

    // The chart reads the asset's own history, across its devices.
    await vi.waitFor(() => expect(calls.some((call) => call.path === '/api/assets/a1/readings')).toBe(true));
    expect(calls.find((call) => call.path === '/api/assets/a1/readings')?.query.get('signals')).toBe(
      'temperature,humidity',
    );
  });

  it('marks an incomplete asset and an orphan one, in Portuguese', async () => {
    await changeLanguage('pt');
    stubServer(
      answer(
        testAssetDetail({
          fields: [{ name: 'Capacity', type: 'number', required: true, value: null }],
          incomplete: true,
          device: null,
          linkedAt: null,
          links: [],
        }),
      ),
    );
    renderPage();
    await screen.findByText(pt['assetStatus.incompleteText']);
    expect(screen.getByText('Incompleto')).toBeTruthy();
    expect(screen.getByText(pt['assetStatus.noDevice'])).toBeTruthy();
    expect(screen.getByText(pt['assetStatus.historyNone'])).toBeTruthy();
    expect(screen.queryByText(pt['device.overview.latest'])).toBeNull();
  });

  it('says so when the asset is out of reach', async () => {
    stubServer(() => undefined);
    renderPage();
    await screen.findByText(en['assetStatus.notFound']);
  });
});
