import type { Device, DeviceType, DeviceTypeInfo } from '@iot/shared';

/** A device as the API answers it, for tests: a Sigfox sensor in business `b1`, with `changes` over it. */
export const testDevice = (changes: Partial<Device> = {}): Device => ({
  uuid: 'd1',
  description: 'Cold room',
  serialNumber: null,
  deviceType: 'th-sensor-sigfox',
  fwVersion: null,
  loraEUI: null,
  mac: null,
  sigfoxID: '1A2B',
  IMEI: null,
  communicationType: 'sigfox',
  usageLicenseId: null,
  usageLicense: null,
  businessId: 'b1',
  business: { id: 'b1', description: 'North' },
  asset: null,
  location: { state: 'unavailable', place: null, since: null },
  signalValues: {},
  parameters: { values: {}, status: null },
  parameterization: null,
  routeDestination: null,
  lastSeenAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  version: 1,
  ...changes,
});

/** A GPS tracker's type as the API answers it, for tests: a battery and a position. */
export const testTrackerType: DeviceTypeInfo = {
  id: 'gps-tracker',
  name: 'GPS tracker',
  communicationTypes: ['cellular'],
  signals: [
    { key: 'battery', name: 'Battery', unit: '%', kind: 'value', valueType: 'number', showInList: true },
    { key: 'position', name: 'Position', kind: 'value', valueType: 'position', showInList: true },
  ],
  parameters: [],
  configurable: false,
};

/** A device type of `@iot/shared` as `GET /api/device-types` answers it: its parameters as loose records. */
export const deviceTypeInfoOf = (deviceType: DeviceType): DeviceTypeInfo => ({
  id: deviceType.id,
  name: deviceType.name,
  communicationTypes: [...deviceType.communicationTypes],
  signals: [],
  parameters: deviceType.parameters.map((definition) => ({ ...definition })),
  configurable: true,
});
