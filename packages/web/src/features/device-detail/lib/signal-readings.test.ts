import type { DeviceTypeInfo } from '@iot/shared';
import { describe, expect, it } from 'vitest';
import { testDevice } from '@/testing/device';
import { deviceNumericSignals, signalReadings } from './signal-readings';

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

describe('what the network reported, among the signals of the data tab', () => {
  it("shows once the device has some, after the type's signals", () => {
    const date = '2026-11-25T10:00:00.000Z';
    const position = { lat: 52.374, lon: 4.9144, accuracy: 150, source: 'GEO_RESOLVER_TDOA' };
    const heard = testDevice({
      deviceType: 'cayenne-lpp',
      signalValues: {
        battery: { value: 80, date },
        network_battery: { value: 81.5, date },
        network_battery_voltage: { value: 3.1, date },
        network_position: { value: position, date },
      },
    });
    expect(signalReadings(heard, lpp).map((view) => [view.key, view.reading?.value ?? null])).toEqual([
      ['temperature', null],
      ['battery', 80],
      ['presence', null],
      ['network_battery', 81.5],
      ['network_battery_voltage', 3.1],
      ['network_position', position],
    ]);
    expect(signalReadings(testDevice({ deviceType: 'cayenne-lpp' }), lpp).map((view) => view.key)).toEqual([
      'temperature',
      'battery',
      'presence',
    ]);
  });
});
