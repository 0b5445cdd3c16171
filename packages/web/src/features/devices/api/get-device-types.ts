import type { DeviceTypeInfo } from '@iot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';

export const getDeviceTypes = (signal?: AbortSignal) => api.get<DeviceTypeInfo[]>('/device-types', { signal });

export const getDeviceTypesQueryOptions = () =>
  queryOptions({
    queryKey: ['device-types'],
    queryFn: ({ signal }) => getDeviceTypes(signal),
    // The platform's codecs change with a release, not while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The device types the platform decodes: names for the list and choices for the filters and the import. */
export const useDeviceTypes = () => useQuery(getDeviceTypesQueryOptions());
