import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { useBulkDeviceWork } from './use-bulk-device-work';

/** The move call as the server answers it: `denied` devices are on a level the caller does not administer. */
function stubMoves(denied: string[]) {
  const calls: { devices: string[]; dryRun?: boolean }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { devices: string[]; dryRun?: boolean };
      calls.push(body);
      const blocked = body.devices.some((device) => denied.includes(device));
      const results = body.devices.map((device) =>
        !blocked
          ? { device, ok: true, uuid: device }
          : denied.includes(device)
            ? { device, ok: false, code: 'device.level_denied', message: 'Denied.' }
            : { device, ok: false, code: 'device.move_held_back', message: 'Held back.' },
      );
      const succeeded = results.filter((result) => result.ok).length;
      return Response.json({ results, succeeded, failed: results.length - succeeded });
    }),
  );
  return calls;
}

function renderWork() {
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useBulkDeviceWork(), { wrapper });
}

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('moving a selection of devices', () => {
  it('checks the whole selection first and moves it, a hundred a call, when no device is denied', async () => {
    const devices = Array.from({ length: 150 }, (_, index) => `d${index}`);
    const calls = stubMoves([]);
    const { result } = renderWork();
    await act(() => result.current.move(devices, 'porto'));
    expect(calls.map((call) => [call.devices.length, call.dryRun ?? false])).toEqual([
      [150, true],
      [100, false],
      [50, false],
    ]);
    expect(result.current.work?.results?.every((outcome) => outcome.ok)).toBe(true);
  });

  it('moves none when any device is on a level the caller does not administer, and says why for each', async () => {
    const calls = stubMoves(['d1']);
    const { result } = renderWork();
    await act(() => result.current.move(['d0', 'd1', 'd2'], 'porto'));
    expect(calls.every((call) => call.dryRun)).toBe(true);
    expect(result.current.work).toMatchObject({ kind: 'move', total: 3, done: 3 });
    expect(result.current.work?.results?.map((outcome) => [outcome.device, outcome.ok, outcome.message])).toEqual([
      ['d0', false, 'Held back.'],
      ['d1', false, 'Denied.'],
      ['d2', false, 'Held back.'],
    ]);
  });
});
