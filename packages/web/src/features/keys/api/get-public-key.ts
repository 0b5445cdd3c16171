import { GLOBAL_PUBLIC_KEYS, type GlobalPublicKey, type PublicKeyResponse, type z } from '@iot/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';

/** The value of a global public key, loaded once before the pages; `null` when the server has none. */
export const getPublicKey = (name: GlobalPublicKey, signal?: AbortSignal) =>
  api.get<z.infer<typeof PublicKeyResponse>>(`/keys/${name}`, { signal }).then((key) => key.value);

export const getPublicKeyQueryOptions = (name: GlobalPublicKey) =>
  queryOptions({
    queryKey: ['keys', name],
    queryFn: ({ signal }) => getPublicKey(name, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { errorSnackbar: false },
  });

export const usePublicKey = (name: GlobalPublicKey) => useQuery(getPublicKeyQueryOptions(name));

/** Loads the global keys into the cache; a key that fails to load is left out and never holds up the page. */
export async function loadGlobalKeys(queryClient: QueryClient) {
  await Promise.allSettled(
    GLOBAL_PUBLIC_KEYS.map((name) => queryClient.ensureQueryData(getPublicKeyQueryOptions(name))),
  );
}
