import type { DeviceTypeInfo } from '@iot/shared';
import { describe, expect, it } from 'vitest';
import { testDevice } from '@/testing/device';
import { deviceNumericSignals } from './signal-readings';

const lpp: DeviceTypeInfo = {
  id: 'cayenne-lpp',
  name: 'Cayenne LPP',
  communicationTypes: ['lora'],
  signals: [
    { key: 'temperature', name: 'Temperature', unit: '°C', kind: 'value', valueType: 'number', perChannel: true },
    { key: 'battery', name: 'Battery', unit: '%', kind: 'value', valueType: 'number' },
    { key: 'presence', name: 'Presence', kind: 'value', valueType: 'boolean', perChannel: true },
  ].map((signal) => ({ showInList: false, ...signal })) as DeviceTypeInfo['signals'],
  parameters: [],
  configurable: false,
};

describe("the numeric signals a device's thresholds and calibration name", () => {
  it('are its readings’ keys: a per-channel signal once per channel heard, none before any', () => {
    const date = '2026-11-25T10:00:00.000Z';
    const heard = testDevice({
      deviceType: 'cayenne-lpp',
      signalValues: {
        temperature_5: { value: 25.5, date },
        temperature_3: { value: 27.2, date },
        presence_1: { value: true, date },
      },
    });
    expect(deviceNumericSignals(heard, lpp).map((signal) => [signal.key, signal.name])).toEqual([
      ['temperature_3', 'Temperature 3'],
      ['temperature_5', 'Temperature 5'],
      ['battery', 'Battery'],
    ]);
    expect(deviceNumericSignals(testDevice({ deviceType: 'cayenne-lpp' }), lpp).map((signal) => signal.key)).toEqual([
      'battery',
    ]);
    expect(deviceNumericSignals(heard, undefined)).toEqual([]);
  });
});
