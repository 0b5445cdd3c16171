import { queryOptions, useQuery } from '@tanstack/react-query';
import { VERSION_CHECK_INTERVAL_MS } from '../version';

export interface VersionFile {
  version: string;
  builtAt?: string;
}

/** The static `version.json` at the site root; a random query keeps every cache out of the way. */
export async function getDeployedVersion(signal?: AbortSignal): Promise<VersionFile> {
  const random = Math.random().toString(36).slice(2);
  const response = await fetch(`${import.meta.env.BASE_URL}version.json?${random}`, { signal, cache: 'no-store' });
  if (!response.ok) throw new Error(`version.json answered ${response.status}`);
  const body = (await response.json()) as Partial<VersionFile>;
  if (typeof body.version !== 'string') throw new Error('version.json has no version');
  return { version: body.version, builtAt: body.builtAt };
}

export const getDeployedVersionQueryOptions = () =>
  queryOptions({
    queryKey: ['deployed-version'],
    queryFn: ({ signal }) => getDeployedVersion(signal),
    refetchInterval: VERSION_CHECK_INTERVAL_MS,
    staleTime: VERSION_CHECK_INTERVAL_MS,
    retry: false,
    meta: { errorSnackbar: false },
  });

/** Polls the deployed version while `enabled`; a failed check stays silent and is tried again at the next interval. */
export const useDeployedVersion = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getDeployedVersionQueryOptions(), enabled });
