import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assetFilterOf } from '@/features/asset-status/lib/asset-list-params';
import { deviceKey } from '@/features/device-detail/api/get-device';
import {
  assetReadingsSource,
  getAssetCountQueryOptions,
  getAssetPagesQueryOptions,
  getAssetQueryOptions,
  useDeleteAssets,
  useLinkAssetDevice,
  useMoveAssets,
  useSaveAsset,
} from './assets';

/** Every write answers as the server does when it succeeds; what it answers does not matter here. */
function stubWrites() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${new URL(input, 'http://localhost').pathname}`);
      return Response.json({ dryRun: false });
    }),
  );
  return calls;
}

/**
 * What the screens hold of assets: the Assets tab's list and count, the asset mode's list and count (its filter
 * from the URL), the status screen's asset and readings, and the open device, whose `asset` a change moves.
 */
function seededClient() {
  const queryClient = new QueryClient();
  const tabFilter = { search: '', assetType: '', orphan: false };
  const statusFilter = assetFilterOf({ search: '', assetType: null, orphan: true, view: null });
  const keys = [
    getAssetPagesQueryOptions('north', tabFilter).queryKey,
    getAssetCountQueryOptions('north', tabFilter).queryKey,
    getAssetPagesQueryOptions('north', statusFilter).queryKey,
    getAssetCountQueryOptions('north', statusFilter).queryKey,
    getAssetQueryOptions('a1').queryKey,
    [...assetReadingsSource('a1').key, ['temperature']],
    deviceKey('d1'),
  ];
  for (const key of keys) queryClient.setQueryData(key, {});
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const invalidated = () => keys.filter((key) => queryClient.getQueryState(key)?.isInvalidated);
  return { wrapper, keys, invalidated };
}

type Wrapper = ReturnType<typeof seededClient>['wrapper'];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the asset calls', () => {
  const changes = {
    'a link from the device info tab': async (wrapper: Wrapper) => {
      const { result } = renderHook(() => useLinkAssetDevice(), { wrapper });
      await act(() => result.current.mutateAsync({ businessId: 'north', _id: 'a1', version: 3, deviceUUID: 'd1' }));
    },
    'an edit from the Assets tab': async (wrapper: Wrapper) => {
      const { result } = renderHook(() => useSaveAsset(), { wrapper });
      await act(() =>
        result.current.mutateAsync({ update: { businessId: 'north', _id: 'a1', version: 3, description: 'Tank' } }),
      );
    },
    'a move': async (wrapper: Wrapper) => {
      const { result } = renderHook(() => useMoveAssets(), { wrapper });
      await act(() => result.current.mutateAsync({ businessId: 'south', assets: ['a1'], dryRun: false }));
    },
    'a deletion': async (wrapper: Wrapper) => {
      const { result } = renderHook(() => useDeleteAssets(), { wrapper });
      await act(() => result.current.mutateAsync({ businessId: 'north', assets: ['a1'] }));
    },
  };

  for (const [name, change] of Object.entries(changes)) {
    it(`refreshes what every screen holds of assets, and the devices, after ${name}`, async () => {
      const calls = stubWrites();
      const { wrapper, keys, invalidated } = seededClient();
      expect(invalidated()).toEqual([]);
      await change(wrapper);
      expect(calls.filter((call) => !call.startsWith('GET'))).toHaveLength(1);
      await waitFor(() => expect(invalidated()).toEqual(keys));
    });
  }
});
