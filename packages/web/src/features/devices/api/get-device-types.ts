import type { DeviceTypeInfo } from '@iot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/api/client';
import { deviceTypeName } from '@/i18n/codec-names';

export const getDeviceTypes = (signal?: AbortSignal) => api.get<DeviceTypeInfo[]>('/device-types', { signal });

export const getDeviceTypesQueryOptions = () =>
  queryOptions({
    queryKey: ['device-types'],
    queryFn: ({ signal }) => getDeviceTypes(signal),
    // The platform's codecs change with a release, not while the page is open; a signal edited here refreshes them.
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * The device types the platform decodes: names (in the interface language) for the list and choices for the filters
 * and the import.
 */
export function useDeviceTypes() {
  const { t } = useTranslation();
  const named = useCallback(
    (types: DeviceTypeInfo[]) => types.map((type) => ({ ...type, name: deviceTypeName(t, type.id, type.name) })),
    [t],
  );
  return useQuery({ ...getDeviceTypesQueryOptions(), select: named });
}
