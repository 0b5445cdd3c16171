import type { Asset, AssetDetail, DeviceTypeInfo } from '@iot/shared';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** An asset as the API answers it, for tests: a cold room in business `north` linked to device `d1`. */
export const testAsset = (changes: Partial<Asset> = {}): Asset => ({
  _id: 'a1',
  businessId: 'north',
  business: { id: 'north', description: 'North region' },
  description: 'Cold room A',
  assetType: { id: 'cold-room', name: 'Cold room' },
  fields: [
    { name: 'Volume', type: 'number', required: true, value: 42.5 },
    { name: 'Door', type: 'options', options: ['single', 'double'], value: 'double' },
  ],
  incomplete: false,
  device: {
    uuid: 'd1',
    description: 'TH sensor 7',
    deviceType: 'th-sensor-sigfox',
    lastSeenAt: minutesAgo(5),
    signalValues: {
      temperature: { value: 4.5, date: minutesAgo(5) },
      humidity: { value: 61, date: minutesAgo(5) },
    },
    openAlarms: 2,
  },
  linkedAt: '2026-11-02T09:00:00.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-02T09:00:00.000Z',
  version: 3,
  ...changes,
});

export const testAssetDetail = (changes: Partial<AssetDetail> = {}): AssetDetail => ({
  ...testAsset(),
  links: [
    { device: { uuid: 'd1', description: 'TH sensor 7' }, linkedAt: '2026-11-02T09:00:00.000Z', unlinkedAt: null },
    {
      device: { uuid: 'd0', description: 'Old sensor' },
      linkedAt: '2026-10-01T09:00:00.000Z',
      unlinkedAt: '2026-11-02T08:00:00.000Z',
    },
  ],
  ...changes,
});

/** The TH-S sensor's type as `GET /api/device-types` answers it, with the signals its lists show. */
export const testSensorType: DeviceTypeInfo = {
  id: 'th-sensor-sigfox',
  name: 'TH-S temperature and humidity sensor',
  communicationTypes: ['sigfox'],
  signals: [
    { key: 'temperature', name: 'Temperature', unit: '°C', kind: 'value', valueType: 'number', showInList: true },
    { key: 'humidity', name: 'Relative humidity', unit: '%', kind: 'value', valueType: 'number', showInList: true },
    { key: 'low_battery', name: 'Low battery', kind: 'alarm', valueType: 'boolean', showInList: false },
  ],
  parameters: [],
  configurable: false,
};
