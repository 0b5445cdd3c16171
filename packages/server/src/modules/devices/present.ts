import {
  type BulkDeviceResponse,
  type Device,
  type DeviceTypeInfo,
  type DeviceUsageLicense,
  deviceTypes,
  type Language,
  PARAMETERIZATION_COLOURS,
  translate,
} from '@iot/shared';
import type { ListedDeviceRow } from './device-page.js';
import type { BulkOutcome } from './service.js';

/** A stored JSON object column; anything else reads as empty (the column is only ever written from objects). */
function objectOf<T>(json: string): Record<string, T> {
  const value: unknown = JSON.parse(json);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, T>) : {};
}

const iso = (time: number | null) => (time === null ? null : new Date(time).toISOString());

/** A device as it is presented: as listed, with the usage license it names (read for a page's devices at once). */
export type PresentedDeviceRow = ListedDeviceRow & { usageLicense: DeviceUsageLicense | null };

/** A device as SPEC section 3 shows it, its parameterization status worded in the caller's language. */
export function presentDevice(row: PresentedDeviceRow, language: Language): Device {
  const signalValues = objectOf<{ value: unknown; date: number }>(row.signalValues);
  const status = row.parametersStatus;
  return {
    uuid: row.id,
    description: row.description,
    serialNumber: row.serialNumber,
    deviceType: row.deviceType,
    fwVersion: row.fwVersion,
    loraEUI: row.loraEui,
    mac: row.mac,
    sigfoxID: row.sigfoxId,
    IMEI: row.imei,
    communicationType: row.communication,
    usageLicenseId: row.usageLicenseId,
    usageLicense: row.usageLicense,
    businessId: row.businessId,
    business: { id: row.businessId, description: row.businessDescription },
    asset: row.assetId
      ? { UUID: row.assetId, description: row.assetDescription ?? '', ownedByUser: Boolean(row.assetOwned) }
      : null,
    location: {
      state: row.locationState,
      place: row.locationPlaceId ? { id: row.locationPlaceId, name: row.placeName ?? '' } : null,
      since: iso(row.locationSince),
    },
    signalValues: Object.fromEntries(
      Object.entries(signalValues).map(([key, reading]) => [
        key,
        { value: reading.value, date: new Date(reading.date).toISOString() },
      ]),
    ),
    parameters: { values: objectOf<number | boolean | string>(row.parameters), status },
    parameterization: status
      ? {
          status,
          label: translate(`device.parameterization.${status}`, language),
          colour: PARAMETERIZATION_COLOURS[status],
        }
      : null,
    routeDestination: row.routeDestination,
    lastSeenAt: iso(row.lastSeenAt),
    createdAt: new Date(row.createdAt).toISOString(),
    version: row.version,
  };
}

/**
 * The device types as the screens show them; codecs stay on the server. Whether a signal shows in device lists is the
 * signal catalogue's to say (`showInList`, which staff edit), by key; a key the catalogue lacks keeps its codec's word.
 */
export function presentDeviceTypes(showInList: ReadonlyMap<string, boolean>): DeviceTypeInfo[] {
  return deviceTypes.map((deviceType) => ({
    id: deviceType.id,
    name: deviceType.name,
    communicationTypes: [...deviceType.communicationTypes],
    signals: deviceType.signals.map((signal) => ({
      ...signal,
      perChannel: signal.perChannel ?? false,
      showInList: showInList.get(signal.key) ?? signal.showInList,
    })),
    parameters: deviceType.parameters.map((parameter) => ({ ...parameter })),
    configurable: deviceType.codec.encodeDownlink !== undefined,
  }));
}

/** What a bulk call did to each device, the refusals worded in the caller's language. */
export function presentOutcomes(outcomes: BulkOutcome[], language: Language): BulkDeviceResponse {
  const results = outcomes.map(({ device, uuid, refused }) =>
    refused
      ? { device, ok: false, code: refused.code, message: translate(refused.code, language, refused.params) }
      : { device, ok: true, uuid },
  );
  const succeeded = results.filter((result) => result.ok).length;
  return { results, succeeded, failed: results.length - succeeded };
}
