import { type Device, type DeviceTypeInfo, PARAMETERIZATION_COLOURS } from '@iot/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UiProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { createSnackbarStore } from '@/components/snackbars/snackbar-store';
import { changeLanguage } from '@/i18n';
import { DeviceList } from './device-list';

function device(uuid: string, description: string, extra: Partial<Device> = {}): Device {
  return {
    uuid,
    description,
    serialNumber: null,
    deviceType: 'th-sensor-sigfox',
    fwVersion: null,
    loraEUI: null,
    mac: null,
    sigfoxID: `${uuid.toUpperCase()}0`,
    IMEI: null,
    communicationType: 'sigfox',
    usageLicenseId: null,
    businessId: 'porto',
    business: { id: 'porto', description: 'Porto plant' },
    asset: null,
    signalValues: {},
    parameters: { values: {}, status: null },
    parameterization: null,
    routeDestination: null,
    lastSeenAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    version: 1,
    ...extra,
  };
}

const devices = [
  device('a1', 'Cold room 1', {
    parameters: { values: {}, status: 'WAITING' },
    parameterization: { status: 'WAITING', label: 'Waiting', colour: PARAMETERIZATION_COLOURS.WAITING },
    lastSeenAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  }),
  device('b2', 'Cold room 2'),
];

const types: Partial<DeviceTypeInfo>[] = [{ id: 'th-sensor-sigfox', name: 'TH-S temperature and humidity sensor' }];

/** The devices API as the server answers it: one page of the devices whose description has the search. */
function stubServer() {
  const bodies: Record<string, unknown>[] = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const { pathname } = new URL(input, 'http://localhost');
    const body = init?.body ? (JSON.parse(String(init.body)) as { search?: string }) : {};
    const matching = devices.filter((one) => one.description.toLowerCase().includes(body.search?.toLowerCase() ?? ''));
    switch (pathname) {
      case '/api/devices/filter':
        bodies.push(body);
        return Response.json({ items: matching, nextCursor: null });
      case '/api/devices/filter-count':
        return Response.json({ count: matching.length });
      case '/api/device-types':
        return Response.json(types);
      case '/api/customer-business':
        return Response.json([]);
      default:
        return Response.json({ code: 'not_found', message: 'Resource not found.' }, { status: 404 });
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return bodies;
}

/** The list inside a data router at `url` (the plan of the current business is read from the route's matches). */
function renderList(ui: ReactElement, url = '/devices') {
  const snackbars = createSnackbarStore();
  const queryClient = createQueryClient({ snackbars });
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [url] });
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
});

describe('the device list', () => {
  it('shows a row per device with its facts and the parameterization status in its colour', async () => {
    stubServer();
    renderList(<DeviceList />);
    await screen.findByText('Cold room 1');
    expect(screen.getByText('Devices: 2')).toBeTruthy();
    expect(bodyRows()).toHaveLength(2);
    const [first, second] = bodyRows().map((row) => within(row));
    expect(first?.getByRole('link', { name: 'Cold room 1' }).getAttribute('href')).toBe('/devices/a1');
    expect(first?.getByText('Sigfox')).toBeTruthy();
    expect(first?.getByText('A10')).toBeTruthy();
    expect(first?.getByText('Porto plant')).toBeTruthy();
    expect(first?.getByRole('img', { name: 'Seen in the last 24 hours' })).toBeTruthy();
    expect(await first?.findByText('TH-S temperature and humidity sensor')).toBeTruthy();
    const chip = first?.getByText('Waiting').closest('.MuiChip-root');
    expect(chip && getComputedStyle(chip).backgroundColor).toMatch(/255, 152, 0|#ff9800/i);
    expect(second?.getByText('Never')).toBeTruthy();
    expect(second?.queryByText('Waiting')).toBeNull();
  });

  it('asks the server again once typing in the search pauses, within the business when scoped', async () => {
    const bodies = stubServer();
    const router = renderList(<DeviceList businessId="porto" />);
    await screen.findByText('Cold room 2');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search devices' }), { target: { value: 'room 1' } });
    // The search waits for typing to pause, then for the URL and the server.
    await waitFor(() => expect(screen.queryByText('Cold room 2')).toBeNull(), { timeout: 4000 });
    expect(bodyRows()).toHaveLength(1);
    expect(bodies.at(-1)).toMatchObject({ businessId: 'porto', search: 'room 1' });
    expect(bodies[0]).toMatchObject({ businessId: 'porto', sort: { by: 'description', order: 'asc' } });
    // The search is in the URL, so a reload keeps it.
    expect(router.state.location.search).toBe('?q=room+1');
  });

  it('says so when no device matches', async () => {
    stubServer();
    renderList(<DeviceList />, '/devices?q=boiler');
    expect(await screen.findByText('No device matches these filters.')).toBeTruthy();
  });
});
