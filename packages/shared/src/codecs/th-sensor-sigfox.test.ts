import { describe, expect, it } from 'vitest';
import type { DecodeResult } from './device-type.js';
import { bytesToHex } from './hex.js';
import { thSensorSigfox } from './th-sensor-sigfox.js';

const receivedAt = new Date('2025-03-01T12:00:00Z');

interface Report {
  frameType: number;
  temperature: number;
  humidity: number;
  batteryVoltage: number;
  flags: number;
  sequence: number;
  reportingPeriod: number;
}

const periodic: Report = {
  frameType: 0x01,
  temperature: 21.37,
  humidity: 45.5,
  batteryVoltage: 3.6,
  flags: 0,
  sequence: 42,
  reportingPeriod: 60,
};

/** The frame as the sensor's firmware writes it, from the layout in docs/device-types.md. */
function frame(report: Report): Uint8Array {
  const bytes = new Uint8Array(12);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, report.frameType);
  view.setInt16(1, Math.round(report.temperature * 100));
  view.setUint16(3, Math.round(report.humidity * 100));
  view.setUint16(5, Math.round(report.batteryVoltage * 1000));
  view.setUint8(7, report.flags);
  view.setUint16(8, report.sequence);
  view.setUint16(10, report.reportingPeriod);
  return bytes;
}

function decode(bytes: Uint8Array): DecodeResult {
  return thSensorSigfox.codec.decodeUplink({ bytes, port: null, receivedAt });
}

function values(bytes: Uint8Array) {
  const result = decode(bytes);
  return result.ok ? Object.fromEntries(result.readings.map((reading) => [reading.signal, reading.value])) : result;
}

function encode(parameters: Record<string, number | boolean>): unknown {
  const encoded = thSensorSigfox.codec.encodeDownlink?.(parameters);
  return encoded?.ok ? bytesToHex(encoded.bytes) : encoded;
}

describe('TH-S temperature and humidity sensor (Sigfox)', () => {
  it('decodes a periodic report back to the values it was written from', () => {
    expect(values(frame(periodic))).toEqual({
      trigger: 'periodic',
      temperature: 21.37,
      humidity: 45.5,
      battery_voltage: 3.6,
      temperature_alarm: false,
      temperature_high: false,
      temperature_low: false,
      low_battery: false,
      sensor_fault: false,
      sequence: 42,
      reporting_period: 60,
    });
  });

  it('decodes an alarm report with a negative temperature and its flags', () => {
    expect(values(frame({ ...periodic, frameType: 0x02, temperature: -40.25, flags: 0b11101 }))).toMatchObject({
      trigger: 'alarm',
      temperature: -40.25,
      temperature_alarm: true,
      temperature_high: false,
      temperature_low: true,
      low_battery: true,
      sensor_fault: true,
    });
  });

  it('decodes the extremes of every field and ignores the reserved flag bits', () => {
    expect(
      values(
        frame({ ...periodic, temperature: -327.68, humidity: 0, batteryVoltage: 0, flags: 0b11100000, sequence: 0 }),
      ),
    ).toMatchObject({ temperature: -327.68, humidity: 0, battery_voltage: 0, temperature_alarm: false, sequence: 0 });
    expect(
      values(frame({ ...periodic, temperature: 327.67, humidity: 100, batteryVoltage: 65.535, sequence: 65_535 })),
    ).toMatchObject({ temperature: 327.67, humidity: 100, battery_voltage: 65.535, sequence: 65_535 });
  });

  it('dates every reading with the reception time', () => {
    const result = decode(frame(periodic));
    expect(result.ok && result.readings.every((reading) => reading.date === receivedAt)).toBe(true);
  });

  it('refuses a frame of another length', () => {
    expect(values(frame(periodic).subarray(0, 11))).toEqual({
      ok: false,
      error: { code: 'decode.wrong_length', message: 'A TH-S frame has 12 bytes, this frame has 11' },
    });
    expect(values(new Uint8Array(13))).toMatchObject({ ok: false, error: { code: 'decode.wrong_length' } });
    expect(values(new Uint8Array(0))).toMatchObject({ ok: false, error: { code: 'decode.wrong_length' } });
  });

  it('refuses an unknown frame type', () => {
    expect(values(frame({ ...periodic, frameType: 0x03 }))).toEqual({
      ok: false,
      error: { code: 'decode.unknown_type', message: 'unknown TH-S frame type 0x03' },
    });
    expect(values(frame({ ...periodic, frameType: 0x00 }))).toMatchObject({ ok: false });
  });

  it('refuses a humidity above 100 %', () => {
    expect(values(frame({ ...periodic, humidity: 100.01 }))).toEqual({
      ok: false,
      error: { code: 'decode.out_of_range', message: 'humidity 100.01 is outside 0..100' },
    });
  });

  describe('downlink', () => {
    it('encodes the defaults into the 8 bytes of a Sigfox downlink', () => {
      expect(encode({})).toBe('01003c0bb8000001');
    });

    it('encodes each parameter at its offset, negative thresholds in two’s complement', () => {
      expect(encode({ reportingPeriod: 15, temperatureHigh: -10.5, temperatureLow: -40, alarmEnabled: false })).toBe(
        '01000ffbe6f06000',
      );
      expect(encode({ reportingPeriod: 1440, temperatureHigh: 85, temperatureLow: 84.99 })).toBe('0105a02134213301');
    });

    it('refuses values out of range, finer than the device stores, of the wrong type or unknown', () => {
      expect(encode({ reportingPeriod: 14 })).toEqual({
        ok: false,
        errors: [
          {
            parameter: 'reportingPeriod',
            code: 'parameter.integer_range',
            params: { min: 15, max: 1440, unit: ' min' },
            message: 'reportingPeriod: Must be a whole number from 15 to 1,440 min.',
          },
        ],
      });
      expect(encode({ reportingPeriod: 60.5, temperatureHigh: 20.001, alarmEnabled: 1, sampling: 5 })).toEqual({
        ok: false,
        errors: [
          expect.objectContaining({ parameter: 'reportingPeriod' }),
          {
            parameter: 'temperatureHigh',
            code: 'parameter.step_range',
            params: { min: -40, max: 85, step: 0.01, unit: ' °C' },
            message: 'temperatureHigh: Must be from -40 to 85 °C in steps of 0.01.',
          },
          { parameter: 'alarmEnabled', code: 'validation.invalid', params: {}, message: 'alarmEnabled: Invalid value' },
          {
            parameter: 'sampling',
            code: 'parameter.unknown',
            params: {},
            message: 'sampling: Not a parameter of this device type.',
          },
        ],
      });
    });

    it('refuses a low threshold that is not below the high one', () => {
      expect(encode({ temperatureHigh: 10, temperatureLow: 10 })).toEqual({
        ok: false,
        errors: [
          {
            parameter: 'temperatureLow',
            code: 'parameter.below',
            params: { min: -40, max: 10, unit: ' °C', other: 'High temperature threshold' },
            message: 'temperatureLow: Must be from -40 to less than 10 °C (High temperature threshold).',
          },
        ],
      });
    });
  });
});
