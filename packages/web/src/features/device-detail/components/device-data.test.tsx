import { DEFAULT_PLAN, type ReadingsAnswer } from '@iot/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, formatLocale } from '@/i18n';
import { usePlanQuery } from '@/lib/plan';
import { testDevice, testTrackerType } from '@/testing/device';
import { renderWithProviders } from '@/testing/render';
import { fromLocalInput } from '../lib/local-date-input';
import { DeviceData } from './device-data';
import type { DeviceScope } from './device-scope';

const trackerType = testTrackerType;

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

/** The ranges the readings were asked for, in the order asked. */
const askedRanges = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname.endsWith('/readings'))
    .map((url) => ({ from: Number(url.searchParams.get('from')), to: Number(url.searchParams.get('to')) }));

describe('a custom range of the data tab', () => {
  const periodText = (language: 'en' | 'pt', text: string) =>
    new Intl.DateTimeFormat(formatLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
      fromLocalInput(text),
    );

  it.each([
    {
      language: 'en' as const,
      custom: 'Custom',
      from: 'From',
      to: 'To',
      order: 'The start must come before the end.',
      heldBack: (from: string, to: string) =>
        `The readings below are still those from ${from} to ${to}, the last valid period.`,
    },
    {
      language: 'pt' as const,
      custom: 'Personalizado',
      from: 'De',
      to: 'Até',
      order: 'O início tem de ser anterior ao fim.',
      heldBack: (from: string, to: string) =>
        `As leituras abaixo continuam a ser as de ${from} a ${to}, o último período válido.`,
    },
  ])('keeps showing the last valid period while the start is after the end, and says so ($language)', async (text) => {
    await changeLanguage(text.language);
    const fetchMock = serve({ completeMap: true, positions: [{ lat: 41.15, lon: -8.61 }] });
    renderWithProviders(<DataTabOnceThePlanIsKnown />);
    fireEvent.click(await screen.findByRole('button', { name: text.custom }));
    fireEvent.change(screen.getByLabelText(text.from), { target: { value: '2026-03-10T12:00' } });
    fireEvent.change(screen.getByLabelText(text.to), { target: { value: '2026-03-11T12:00' } });
    const valid = { from: fromLocalInput('2026-03-10T12:00'), to: fromLocalInput('2026-03-11T12:00') };
    await waitFor(() => expect(askedRanges(fetchMock).at(-1)).toEqual(valid));
    expect(screen.queryByRole('status')).toBeNull();

    fireEvent.change(screen.getByLabelText(text.to), { target: { value: '2026-03-09T12:00' } });
    expect(screen.getByText(text.order)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      text.heldBack(periodText(text.language, '2026-03-10T12:00'), periodText(text.language, '2026-03-11T12:00')),
    );
    // The track still counts the positions of the period it was read for.
    expect(screen.getByText(/1 (position|posição)/)).toBeTruthy();
    expect(askedRanges(fetchMock).every(({ from, to }) => from < to)).toBe(true);
    expect(askedRanges(fetchMock).at(-1)).toEqual(valid);

    fireEvent.change(screen.getByLabelText(text.to), { target: { value: '2026-03-12T12:00' } });
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText(text.order)).toBeNull();
    await waitFor(() =>
      expect(askedRanges(fetchMock).at(-1)).toEqual({ ...valid, to: fromLocalInput('2026-03-12T12:00') }),
    );
  });
});
