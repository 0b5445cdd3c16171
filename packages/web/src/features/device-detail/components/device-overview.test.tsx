import { DEFAULT_PLAN, type DeviceTypeInfo } from '@iot/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { testDevice } from '@/testing/device';
import { renderWithProviders } from '@/testing/render';
import { DeviceOverview } from './device-overview';
import type { DeviceScope } from './device-scope';

const HOUR_MS = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const deviceType: DeviceTypeInfo = {
  id: 'th-sensor-sigfox',
  name: 'Temperature and humidity sensor',
  communicationTypes: ['sigfox'],
  signals: [
    { key: 'temperature', name: 'Temperature', unit: '°C', kind: 'value', valueType: 'number', showInList: true },
    { key: 'humidity', name: 'Relative humidity', unit: '%', kind: 'value', valueType: 'number', showInList: true },
  ],
  parameters: [],
  configurable: false,
};

const device = () =>
  testDevice({
    signalValues: {
      temperature: { value: 4.5, date: ago(HOUR_MS) },
      humidity: { value: 60, date: ago(25 * HOUR_MS) },
    },
    lastSeenAt: ago(HOUR_MS),
  });

const scope = (): DeviceScope => ({ device: device(), deviceType, role: 'user', canEdit: true, isAdmin: false });
const card = (signal: string) => screen.getByText(signal).closest('.MuiCard-root') as HTMLElement;

/** The plan of the device's business, with or without the last-position map; the device's location history. */
const withPlan = (deviceMapLastPosition: boolean) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) =>
      new URL(input, 'http://localhost').pathname.endsWith('/location-states')
        ? Response.json({
            items: [
              {
                state: 'atPoi',
                place: { id: 'gaia', name: 'Gaia warehouse' },
                enteredAt: ago(3 * HOUR_MS),
                leftAt: null,
                dwellMs: 3 * HOUR_MS,
                position: null,
              },
            ],
          })
        : Response.json({
            business: { id: 'b1', description: 'North' },
            features: {
              ...DEFAULT_PLAN,
              dataViewCapabilities: { ...DEFAULT_PLAN.dataViewCapabilities, deviceMapLastPosition },
            },
          }),
    ),
  );

beforeEach(async () => {
  withPlan(true);
  await changeLanguage('en');
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('the latest values on the device overview', () => {
  it('marks a value older than 24 hours as not recent, and leaves a fresh one as it is', () => {
    renderWithProviders(<DeviceOverview scope={scope()} businessLink={undefined} />);
    expect(within(card('Relative humidity')).getByText('Not recent')).toBeTruthy();
    expect(within(card('Temperature')).queryByText('Not recent')).toBeNull();
  });

  it('says so in Portuguese', async () => {
    await changeLanguage('pt');
    renderWithProviders(<DeviceOverview scope={scope()} businessLink={undefined} />);
    expect(screen.getAllByText('Não recente')).toHaveLength(1);
  });
});

describe('the location on the device overview', () => {
  const placed = (): DeviceScope => ({
    ...scope(),
    device: testDevice({
      location: { state: 'atPoi', place: { id: 'gaia', name: 'Gaia warehouse' }, since: ago(3 * HOUR_MS) },
    }),
  });

  it('shows where the device is now and since when, and the states it went through', async () => {
    renderWithProviders(<DeviceOverview scope={placed()} businessLink={undefined} />);
    expect(screen.getByText('Location')).toBeTruthy();
    expect(screen.getAllByLabelText('At POI: Gaia warehouse')).toHaveLength(1);
    expect(screen.getByText(/^since /)).toBeTruthy();
    const history = within(await screen.findByRole('table', { name: 'Location history' }));
    expect(await history.findByLabelText('At POI: Gaia warehouse')).toBeTruthy();
    expect(history.getAllByText('3 h')).not.toHaveLength(0);
  });
});

describe('the last position on the device overview', () => {
  const trackerType: DeviceTypeInfo = {
    ...deviceType,
    id: 'gps-tracker',
    signals: [{ key: 'position', name: 'Position', kind: 'value', valueType: 'position', showInList: true }],
  };
  const trackerScope = (): DeviceScope => ({
    ...scope(),
    device: testDevice({
      businessId: 'b1',
      signalValues: { position: { value: { lat: 41.15, lon: -8.61 }, date: ago(HOUR_MS) } },
    }),
    deviceType: trackerType,
  });

  it('shows where the device was last when the plan has the last-position map', async () => {
    renderWithProviders(<DeviceOverview scope={trackerScope()} businessLink={undefined} />);
    expect(await screen.findByRole('heading', { name: 'Last position' })).toBeTruthy();
  });

  it('leaves the map out when the plan has not', async () => {
    withPlan(false);
    const { queryClient } = renderWithProviders(<DeviceOverview scope={trackerScope()} businessLink={undefined} />);
    await waitFor(() => expect(queryClient.getQueryData(['plan', 'b1'])).toBeTruthy());
    expect(screen.queryByRole('heading', { name: 'Last position' })).toBeNull();
  });
});
