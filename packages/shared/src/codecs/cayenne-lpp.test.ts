import { describe, expect, it } from 'vitest';
import { cayenneLpp } from './cayenne-lpp.js';
import type { DecodeResult } from './device-type.js';
import { hexToBytes } from './hex.js';

const receivedAt = new Date('2025-03-01T12:00:00Z');

function decode(hex: string): DecodeResult {
  return cayenneLpp.codec.decodeUplink({ bytes: hexToBytes(hex.replaceAll(' ', '')), port: 1, receivedAt });
}

/** The decoded values by signal key, or the error when the frame is refused. */
function values(hex: string) {
  const result = decode(hex);
  return result.ok ? Object.fromEntries(result.readings.map((reading) => [reading.signal, reading.value])) : result;
}

describe('Cayenne LPP', () => {
  describe('the published examples', () => {
    it('two temperature sensors', () => {
      expect(values('03 67 01 10 05 67 00 FF')).toEqual({ temperature_3: 27.2, temperature_5: 25.5 });
    });

    it('a negative temperature', () => {
      expect(values('01 67 FF D7')).toEqual({ temperature_1: -4.1 });
    });

    it('an accelerometer', () => {
      expect(values('06 71 04 D2 FB 2E 00 00')).toEqual({
        accelerometer_x_6: 1.234,
        accelerometer_y_6: -1.234,
        accelerometer_z_6: 0,
      });
    });

    it('a GPS location', () => {
      expect(values('01 88 06 76 5f f2 96 0a 00 03 e8')).toEqual({
        gps_1: { lat: 42.3519, lon: -87.9094, alt: 10 },
      });
    });
  });

  it('dates every reading with the reception time', () => {
    const result = decode('03 67 01 10 05 67 00 FF');
    expect(result.ok && result.readings.map((reading) => reading.date)).toEqual([receivedAt, receivedAt]);
  });

  it('decodes every data type with its size, sign and resolution', () => {
    const frame = [
      '01 00 01',
      '02 01 FF',
      '03 02 FF 38',
      '04 03 04 D2',
      '05 64 FF FF FF FF',
      '06 65 FF FF',
      '07 66 01',
      '08 67 80 00',
      '09 68 C8',
      '0A 71 7F FF 80 00 00 01',
      '0B 73 27 7F',
      '0C 74 FF FF',
      '0D 75 04 D2',
      '0E 76 00 00 C3 50',
      '0F 78 64',
      '10 79 FF 9C',
      '11 7D 01 90',
      '12 80 0F A0',
      '13 82 00 01 E2 40',
      '14 83 00 00 30 39',
      '15 84 01 0E',
      '16 85 65 92 00 80',
      '17 86 00 64 FF 9C 00 00',
      '18 87 FF 80 00',
      '19 88 F8 AD 00 1B 77 40 FF FF 9C',
      '1A 8E 00',
    ].join(' ');
    expect(values(frame)).toEqual({
      digital_input_1: 1,
      digital_output_2: 255,
      analog_input_3: -2,
      analog_output_4: 12.34,
      generic_5: 4_294_967_295,
      illuminance_6: 65_535,
      presence_7: true,
      temperature_8: -3276.8,
      humidity_9: 100,
      accelerometer_x_10: 32.767,
      accelerometer_y_10: -32.768,
      accelerometer_z_10: 0.001,
      barometer_11: 1011.1,
      voltage_12: 655.35,
      current_13: 1.234,
      frequency_14: 50_000,
      percentage_15: 100,
      altitude_16: -100,
      concentration_17: 400,
      power_18: 4000,
      distance_19: 123.456,
      energy_20: 12.345,
      direction_21: 270,
      unix_time_22: '2024-01-01T00:00:00.000Z',
      gyrometer_x_23: 1,
      gyrometer_y_23: -1,
      gyrometer_z_23: 0,
      colour_24: '#ff8000',
      gps_25: { lat: -48, lon: 180, alt: -1 },
      switch_26: false,
    });
  });

  it('refuses an empty frame', () => {
    expect(decode('')).toEqual({ ok: false, error: { code: 'decode.empty', message: 'Cayenne LPP frame is empty' } });
  });

  it('refuses a frame cut short, whatever was decoded before the cut', () => {
    expect(values('03')).toMatchObject({ ok: false, error: { code: 'decode.truncated' } });
    expect(values('03 67 01')).toMatchObject({
      ok: false,
      error: { code: 'decode.truncated', message: 'channel 3 type 103 needs 2 bytes at offset 2, 1 left' },
    });
    expect(values('03 67 01 10 05 67 00')).toMatchObject({ ok: false, error: { code: 'decode.truncated' } });
    expect(values('01 88 06 76 5f f2 96 0a 00 03')).toMatchObject({ ok: false, error: { code: 'decode.truncated' } });
  });

  it('refuses an unknown type, which leaves the rest of the frame unreadable', () => {
    expect(values('03 67 01 10 01 05 00')).toEqual({
      ok: false,
      error: { code: 'decode.unknown_type', message: 'unknown Cayenne LPP type 5 at offset 5' },
    });
  });

  it('refuses values that cannot be meant', () => {
    expect(values('01 68 C9')).toMatchObject({ ok: false, error: { code: 'decode.out_of_range' } });
    expect(values('01 78 65')).toMatchObject({ ok: false, error: { code: 'decode.out_of_range' } });
    expect(values('01 88 0D BB A1 00 00 00 00 00 00')).toMatchObject({
      ok: false,
      error: { code: 'decode.out_of_range', message: 'GPS latitude 90.0001 is outside -90..90' },
    });
    expect(values('01 88 0D BB A0 1B 77 41 00 00 00')).toMatchObject({
      ok: false,
      error: { code: 'decode.out_of_range' },
    });
  });

  it('refuses the same signal twice in one frame', () => {
    expect(values('01 67 00 10 01 67 00 11')).toMatchObject({
      ok: false,
      error: { code: 'decode.duplicate_signal', message: 'temperature_1 appears twice in the frame' },
    });
  });
});
