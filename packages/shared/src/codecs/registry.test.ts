import { describe, expect, it } from 'vitest';
import { cayenneLpp } from './cayenne-lpp.js';
import { communicationType } from './communication-type.js';
import type { DeviceType, SignalValue } from './device-type.js';
import { gpsTracker } from './gps-tracker.js';
import { hexToBytes } from './hex.js';
import { checkParameters } from './parameters.js';
import { deviceTypes, findDeviceType, findSignal } from './registry.js';
import { thSensorSigfox } from './th-sensor-sigfox.js';
import { waterMeterLora } from './water-meter-lora.js';

const receivedAt = new Date('2025-03-01T12:00:00Z');

/** A frame each device type decodes, with the port it arrives on. */
const SAMPLE_FRAMES: Record<string, { hex: string; port: number | null }[]> = {
  'cayenne-lpp': [
    { hex: '03670110056700ff', port: 1 },
    { hex: '067104d2fb2e0000018806765ff2960a0003e8', port: 2 },
  ],
  'th-sensor-sigfox': [{ hex: '01085811c60e1001002a003c', port: null }],
  'water-meter-lora': [
    { hex: '0001e240000a0057', port: 1 },
    { hex: '003c000a0014', port: 3 },
  ],
  'gps-tracker': [
    { hex: '0117148f2efa8d72aa002301a90a99094c01', port: null },
    { hex: '024c01', port: null },
  ],
};

function valueType(value: SignalValue): string {
  return typeof value === 'object' ? 'position' : typeof value;
}

describe('device types', () => {
  it('lists every device type once, found by id', () => {
    expect(deviceTypes.map((deviceType) => deviceType.id)).toEqual([
      'cayenne-lpp',
      'th-sensor-sigfox',
      'water-meter-lora',
      'gps-tracker',
    ]);
    expect(findDeviceType('water-meter-lora')).toBe(waterMeterLora);
    expect(findDeviceType('unknown')).toBeUndefined();
  });

  it.each(deviceTypes)('$id declares each signal and parameter key once', (deviceType: DeviceType) => {
    const signalKeys = deviceType.signals.map((signal) => signal.key);
    expect(new Set(signalKeys).size).toBe(signalKeys.length);
    const parameterKeys = deviceType.parameters.map((parameter) => parameter.key);
    expect(new Set(parameterKeys).size).toBe(parameterKeys.length);
    // A low threshold stays below a number parameter of the same type.
    for (const parameter of deviceType.parameters) {
      if (parameter.type === 'boolean' || parameter.below === undefined) continue;
      const high = deviceType.parameters.find((candidate) => candidate.key === parameter.below);
      expect(high?.type, `${parameter.key} below ${parameter.below}`).toMatch(/^(integer|number)$/);
    }
  });

  it.each(deviceTypes)('$id decodes only signals it declares, with their value types', (deviceType: DeviceType) => {
    const frames = SAMPLE_FRAMES[deviceType.id] ?? [];
    expect(frames.length).toBeGreaterThan(0);
    for (const { hex, port } of frames) {
      const result = deviceType.codec.decodeUplink({ bytes: hexToBytes(hex), port, receivedAt });
      if (!result.ok) throw new Error(`${deviceType.id} refused ${hex}: ${result.error.message}`);
      for (const reading of result.readings) {
        expect(findSignal(deviceType, reading.signal)?.valueType, reading.signal).toBe(valueType(reading.value));
      }
    }
  });

  it.each(deviceTypes)('$id never throws on random frames', (deviceType: DeviceType) => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 2000; i += 1) {
      const bytes = Uint8Array.from({ length: Math.floor(random() * 24) }, () => Math.floor(random() * 256));
      const port = [null, 0, 1, 2, 3, 4][Math.floor(random() * 6)] ?? null;
      const result = deviceType.codec.decodeUplink({ bytes, port, receivedAt });
      if (!result.ok) expect(result.error.message).not.toBe('');
    }
  });

  it('encodes every parameterizable type from its defaults; the Sigfox downlink is 8 bytes', () => {
    for (const deviceType of deviceTypes.filter((type) => type.parameters.length > 0)) {
      const encoded = deviceType.codec.encodeDownlink?.({});
      expect(encoded?.ok, deviceType.id).toBe(true);
    }
    const sigfox = thSensorSigfox.codec.encodeDownlink?.({ reportingPeriod: 30 });
    expect(sigfox?.ok && sigfox.bytes.length).toBe(8);
  });

  it('checks parameters for the API: defaults filled in, unknown keys refused', () => {
    expect(checkParameters(gpsTracker.parameters, { movingPeriod: 30 })).toEqual({
      ok: true,
      values: { movingPeriod: 30, stoppedPeriod: 60 },
    });
    expect(checkParameters(gpsTracker.parameters, { movingPeriod: 30, colour: 'red' }).ok).toBe(false);
  });

  it('finds the definition of a per-channel Cayenne LPP signal by its key with the channel', () => {
    expect(findSignal(cayenneLpp, 'temperature_3')).toMatchObject({ key: 'temperature', unit: '°C', perChannel: true });
    expect(findSignal(cayenneLpp, 'accelerometer_x_255')).toMatchObject({ key: 'accelerometer_x', unit: 'G' });
    expect(findSignal(cayenneLpp, 'temperature')).toBeUndefined();
    expect(findSignal(cayenneLpp, 'temperature_256')).toBeUndefined();
    expect(findSignal(thSensorSigfox, 'temperature')).toMatchObject({ kind: 'value', unit: '°C', showInList: true });
    expect(findSignal(thSensorSigfox, 'temperature_1')).toBeUndefined();
  });
});

describe('communication type (SPEC section 4)', () => {
  it('is LoRa, then Wi-Fi, then Sigfox, then cellular, by the first identifier the device has', () => {
    expect(communicationType({ loraEUI: '70b3d57ed0001234', mac: 'aa:bb', sigfoxID: '1A2B', IMEI: '35' })).toBe('lora');
    expect(communicationType({ mac: 'aa:bb:cc:dd:ee:ff', sigfoxID: '1A2B3C', IMEI: '356938035643809' })).toBe('wifi');
    expect(communicationType({ sigfoxID: '1A2B3C', IMEI: '356938035643809' })).toBe('sigfox');
    expect(communicationType({ IMEI: '356938035643809' })).toBe('cellular');
  });

  it('is Wi-Fi for a device without identifiers, blank ones counting as absent', () => {
    expect(communicationType({})).toBe('wifi');
    expect(communicationType({ loraEUI: '', mac: null, sigfoxID: '  ', IMEI: '356938035643809' })).toBe('cellular');
  });
});
