import { DEFAULT_PLAN, type DeviceTypeInfo, type ReadingsAnswer } from '@iot/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { usePlanQuery } from '@/lib/plan';
import { testDevice } from '@/testing/device';
import { renderWithProviders } from '@/testing/render';
import { DeviceData } from './device-data';
import type { DeviceScope } from './device-scope';

const trackerType: DeviceTypeInfo = {
  id: 'gps-tracker',
  name: 'GPS tracker',
  communicationTypes: ['cellular'],
  signals: [
    { key: 'battery', name: 'Battery', unit: '%', kind: 'value', valueType: 'number', showInList: true },
    { key: 'position', name: 'Position', kind: 'value', valueType: 'position', showInList: true },
  ],
  parameters: [],
  configurable: false,
};

const scope = (): DeviceScope => ({
  device: testDevice({
    deviceType: 'gps-tracker',
    signalValues: { position: { value: { lat: 41.15, lon: -8.61 }, date: new Date().toISOString() } },
  }),
  deviceType: trackerType,
  role: 'user',
  canEdit: false,
  isAdmin: false,
});

const answerOf = (signal: string, readings: ReadingsAnswer['signals'][number]['readings']): ReadingsAnswer => ({
  signals: [{ signal, readings, total: readings.length, truncated: false, cutoff: null }],
});

/** The API as the data tab reads it: the plan (with or without the complete map), readings and undecoded frames. */
function serve({ completeMap, positions }: { completeMap: boolean; positions: { lat: number; lon: number }[] }) {
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/contracts/pfs') {
      return Response.json({
        business: { id: 'b1', description: 'North' },
        features: {
          ...DEFAULT_PLAN,
          dataViewCapabilities: { ...DEFAULT_PLAN.dataViewCapabilities, deviceMapComplete: completeMap },
        },
      });
    }
    if (url.pathname.endsWith('/readings')) {
      const signal = url.searchParams.get('signals') ?? '';
      const now = Date.now();
      return Response.json(
        signal === 'position'
          ? answerOf(
              signal,
              positions.map((value, index) => ({ date: now - index * 60_000, value })),
            )
          : answerOf(signal, []),
      );
    }
    return Response.json({ frames: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const positionCalls = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.filter(
    ([input]) => new URL(String(input), 'http://localhost').searchParams.get('signals') === 'position',
  ).length;

/** The device screen shows its tabs once the plan of the device's business is known; so does this test. */
function DataTabOnceThePlanIsKnown() {
  const plan = usePlanQuery('b1');
  return plan.data ? <DeviceData scope={scope()} /> : null;
}

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe("the device's track in the data tab", () => {
  it('counts the positions of the period when the plan has the complete map', async () => {
    serve({
      completeMap: true,
      positions: [
        { lat: 41.15, lon: -8.61 },
        { lat: 41.16, lon: -8.62 },
      ],
    });
    renderWithProviders(<DataTabOnceThePlanIsKnown />);
    expect(await screen.findByRole('heading', { name: /Track/ })).toBeTruthy();
    expect(await screen.findByText('2 positions in this period')).toBeTruthy();
  });

  it('says, in Portuguese, when the period holds no position', async () => {
    await changeLanguage('pt');
    serve({ completeMap: true, positions: [] });
    renderWithProviders(<DataTabOnceThePlanIsKnown />);
    expect(await screen.findByText('Nenhuma posição foi reportada neste período.')).toBeTruthy();
  });

  it('reads no positions when the plan has no complete map', async () => {
    const fetchMock = serve({ completeMap: false, positions: [{ lat: 41.15, lon: -8.61 }] });
    renderWithProviders(<DataTabOnceThePlanIsKnown />);
    expect(await screen.findByText('Data not available', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Track/ })).toBeNull();
    expect(positionCalls(fetchMock)).toBe(0);
  });
});
