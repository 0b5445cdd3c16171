import { type Device, type DevicePage, type LiveEvent, PARAMETERIZATION_COLOURS } from '@iot/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { patchAlarmDetail, patchAlarmPages, refreshAlarmPages } from '@/features/alarms/lib/alarm-cache';
import { deviceOutputsKey } from '@/features/device-detail/api/device-outputs';
import type { CommissioningEvents } from '@/features/device-detail/api/get-commissioning';
import { deviceCommissioningKey } from '@/features/device-detail/api/get-commissioning';
import { deviceKey } from '@/features/device-detail/api/get-device';
import { deviceReadingsKey } from '@/features/device-detail/api/get-readings';
import { deviceReceivedMessagesKey } from '@/features/device-detail/api/get-received-messages';
import { deviceUndecodedFramesKey } from '@/features/device-detail/api/get-undecoded-frames';
import { DEVICES_KEY } from '@/features/devices/api/get-devices';
import { deviceLocationStatesKey } from '@/features/locations/api/get-location-states';

type ReadingsEvent = Extract<LiveEvent, { type: 'readings' }>;
type ParameterizationEvent = Extract<LiveEvent, { type: 'parameterization' }>;
type LocationEvent = Extract<LiveEvent, { type: 'location' }>;
type DevicePatch = (device: Device) => Device;

export const withReadings =
  (event: ReadingsEvent): DevicePatch =>
  (device) => ({
    ...device,
    signalValues: { ...device.signalValues, ...event.signalValues },
    lastSeenAt: event.lastSeenAt,
  });

export const withParameterization =
  (event: ParameterizationEvent, t: TFunction): DevicePatch =>
  (device) => ({
    ...device,
    parameters: { ...device.parameters, status: event.status },
    // The label the server would have given, from the same message table.
    parameterization: event.status
      ? {
          status: event.status,
          label: t(`device.parameterization.${event.status}`),
          colour: PARAMETERIZATION_COLOURS[event.status],
        }
      : null,
  });

export const withLocation =
  (event: LocationEvent): DevicePatch =>
  (device) => ({ ...device, location: event.location });

const DEVICE_PAGES_KEY = [...DEVICES_KEY, 'filter'] as const;

/** Applies patches to the devices of every cached list page; a page without any of them is kept as it is. */
export function patchDeviceLists(queryClient: QueryClient, patches: ReadonlyMap<string, DevicePatch[]>) {
  queryClient.setQueriesData<InfiniteData<DevicePage>>({ queryKey: DEVICE_PAGES_KEY }, (data) => {
    if (!data) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      if (!page.items.some((device) => patches.has(device.uuid))) return page;
      changed = true;
      const items = page.items.map((device) =>
        (patches.get(device.uuid) ?? []).reduce((patched, patch) => patch(patched), device),
      );
      return { ...page, items };
    });
    return changed ? { ...data, pages } : data;
  });
}

/** The open device: patched at once, as it is the screen the user watches. */
export function patchDevice(queryClient: QueryClient, uuid: string, patch: DevicePatch) {
  queryClient.setQueryData<Device>(deviceKey(uuid), (device) => (device ? patch(device) : device));
}

/** Appends a commissioning event to a cached list (skipping one already there, as a reconnect may repeat it). */
export function appendCommissioningEvent(
  queryClient: QueryClient,
  event: Extract<LiveEvent, { type: 'commissioning' }>,
) {
  queryClient.setQueryData<CommissioningEvents>(deviceCommissioningKey(event.deviceUUID), (cached) => {
    if (!cached) return cached;
    const known = cached.events.some((old) => old.event === event.event.event && old.date === event.event.date);
    return known ? cached : { events: [...cached.events, event.event] };
  });
}

/** Lists, readings, undecoded frames and outputs are refreshed at most this often, however fast uplinks come. */
export const LIST_REFRESH_MS = 1_000;

/**
 * Keeps the query cache in step with the live events: the open device, its commissioning events, its location and the
 * alarms on show change at once; device lists, alarm lists, readings, undecoded frames and location histories, which
 * may be many or costly, are read again once a second at most for all that came meanwhile. A frame the codec could
 * not decode comes as a readings event without values, so every readings event refreshes the device's undecoded
 * frames too; and its outputs, which an uplink marks sent or confirmed.
 */
export function createLiveEventCache(
  queryClient: QueryClient,
  t: TFunction,
  schedule: (run: () => void, ms: number) => unknown = setTimeout,
) {
  let listPatches = new Map<string, DevicePatch[]>();
  let readingsOf = new Set<string>();
  let locationsOf = new Set<string>();
  let alarmsChanged = false;
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const patches = listPatches;
    const devices = readingsOf;
    const moved = locationsOf;
    const alarms = alarmsChanged;
    listPatches = new Map();
    readingsOf = new Set();
    locationsOf = new Set();
    alarmsChanged = false;
    patchDeviceLists(queryClient, patches);
    for (const uuid of devices) {
      void queryClient.invalidateQueries({ queryKey: deviceReadingsKey(uuid) });
      void queryClient.invalidateQueries({ queryKey: deviceUndecodedFramesKey(uuid) });
      void queryClient.invalidateQueries({ queryKey: deviceReceivedMessagesKey(uuid) });
      void queryClient.invalidateQueries({ queryKey: deviceOutputsKey(uuid) });
    }
    for (const uuid of moved) void queryClient.invalidateQueries({ queryKey: deviceLocationStatesKey(uuid) });
    if (alarms) void refreshAlarmPages(queryClient);
  };
  const flushLater = () => {
    if (!scheduled) {
      scheduled = true;
      schedule(flush, LIST_REFRESH_MS);
    }
  };
  const later = (uuid: string, patch: DevicePatch) => {
    listPatches.set(uuid, [...(listPatches.get(uuid) ?? []), patch]);
    flushLater();
  };

  return (event: LiveEvent) => {
    switch (event.type) {
      case 'readings': {
        const patch = withReadings(event);
        patchDevice(queryClient, event.deviceUUID, patch);
        readingsOf.add(event.deviceUUID);
        later(event.deviceUUID, patch);
        break;
      }
      case 'parameterization': {
        const patch = withParameterization(event, t);
        patchDevice(queryClient, event.deviceUUID, patch);
        later(event.deviceUUID, patch);
        break;
      }
      case 'location': {
        const patch = withLocation(event);
        patchDevice(queryClient, event.deviceUUID, patch);
        locationsOf.add(event.deviceUUID);
        later(event.deviceUUID, patch);
        break;
      }
      case 'commissioning':
        appendCommissioningEvent(queryClient, event);
        break;
      case 'alarm':
        patchAlarmPages(queryClient, event.alarm);
        patchAlarmDetail(queryClient, event.alarm);
        alarmsChanged = true;
        flushLater();
        break;
    }
  };
}
