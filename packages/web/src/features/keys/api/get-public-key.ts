import type { PublicKeyResponse, z } from '@iot/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/api/client';

/** The keys every screen may need (the map key, web push's VAPID public key), loaded once before the pages. */
export const GLOBAL_KEYS = ['map', 'vapid'] as const;
export type GlobalKey = (typeof GLOBAL_KEYS)[number];

/** The value of a configured public key; `null` when the server has none of that name (404). */
export const getPublicKey = (name: GlobalKey, signal?: AbortSignal) =>
  api.get<z.infer<typeof PublicKeyResponse>>(`/keys/${name}`, { signal }).then(
    (key) => key.value,
    (error: unknown) => {
      if (isApiError(error, 404)) return null;
      throw error;
    },
  );

export const getPublicKeyQueryOptions = (name: GlobalKey) =>
  queryOptions({
    queryKey: ['keys', name],
    queryFn: ({ signal }) => getPublicKey(name, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { errorSnackbar: false },
  });

export const usePublicKey = (name: GlobalKey) => useQuery(getPublicKeyQueryOptions(name));

/** Loads the global keys into the cache; a key that fails to load is left out and never holds up the page. */
export async function loadGlobalKeys(queryClient: QueryClient) {
  await Promise.allSettled(GLOBAL_KEYS.map((name) => queryClient.ensureQueryData(getPublicKeyQueryOptions(name))));
}
