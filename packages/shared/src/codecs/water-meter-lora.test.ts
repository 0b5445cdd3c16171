import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from './hex.js';
import { waterMeterLora } from './water-meter-lora.js';

const receivedAt = new Date('2025-03-01T12:00:00Z');

interface IndexReport {
  pulseCount: number;
  pulseWeight: number;
  flags: number;
  battery: number;
}

const report: IndexReport = { pulseCount: 123_456, pulseWeight: 1, flags: 0, battery: 87 };

/** The index frame as the meter's firmware writes it, from the layout in docs/device-types.md. */
function indexFrame(values: IndexReport): Uint8Array {
  const bytes = new Uint8Array(8);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, values.pulseCount);
  view.setUint16(4, Math.round(values.pulseWeight * 10));
  view.setUint8(6, values.flags);
  view.setUint8(7, values.battery);
  return bytes;
}

function values(bytes: Uint8Array, port: number | null) {
  const result = waterMeterLora.codec.decodeUplink({ bytes, port, receivedAt });
  return result.ok ? Object.fromEntries(result.readings.map((reading) => [reading.signal, reading.value])) : result;
}

function encode(parameters: Record<string, number | boolean>): unknown {
  const encoded = waterMeterLora.codec.encodeDownlink?.(parameters);
  return encoded?.ok ? { hex: bytesToHex(encoded.bytes), port: encoded.port } : encoded;
}

describe('WM-L water meter pulse counter (LoRa)', () => {
  it('decodes a periodic index report on fPort 1 back to its values, with the volume', () => {
    expect(values(indexFrame(report), 1)).toEqual({
      trigger: 'periodic',
      pulse_count: 123_456,
      pulse_weight: 1,
      volume: 123.456,
      leak: false,
      backflow: false,
      low_battery: false,
      tamper: false,
      battery: 87,
    });
  });

  it('decodes an alarm report on fPort 2 with its flags, ignoring the reserved bits', () => {
    expect(values(indexFrame({ ...report, flags: 0b11110101 }), 2)).toMatchObject({
      trigger: 'alarm',
      leak: true,
      backflow: false,
      low_battery: true,
      tamper: false,
    });
    expect(values(indexFrame({ ...report, flags: 0b1010 }), 2)).toMatchObject({
      leak: false,
      backflow: true,
      tamper: true,
    });
  });

  it('decodes the largest counter and pulse weight without rounding', () => {
    expect(
      values(indexFrame({ ...report, pulseCount: 4_294_967_295, pulseWeight: 6553.5, battery: 100 }), 1),
    ).toMatchObject({
      pulse_count: 4_294_967_295,
      pulse_weight: 6553.5,
      volume: 28_147_068_167.7825,
      battery: 100,
    });
    expect(values(indexFrame({ ...report, pulseCount: 0, pulseWeight: 0.1, battery: 0 }), 1)).toMatchObject({
      volume: 0,
      pulse_weight: 0.1,
    });
    expect(values(indexFrame({ ...report, pulseCount: 7, pulseWeight: 0.1 }), 1)).toMatchObject({ volume: 0.0007 });
  });

  it('decodes a configuration report on fPort 3', () => {
    expect(values(hexToBytes('003c000a0014'), 3)).toEqual({
      trigger: 'configuration',
      reporting_interval: 60,
      pulse_weight: 1,
      leak_threshold: 20,
    });
  });

  it('refuses a frame of another length for its fPort', () => {
    expect(values(indexFrame(report).subarray(0, 7), 1)).toEqual({
      ok: false,
      error: { code: 'decode.wrong_length', message: 'A WM-L index frame has 8 bytes, this frame has 7' },
    });
    expect(values(indexFrame(report), 3)).toMatchObject({ ok: false, error: { code: 'decode.wrong_length' } });
  });

  it('refuses an unknown fPort or a frame without one', () => {
    expect(values(indexFrame(report), 4)).toEqual({
      ok: false,
      error: { code: 'decode.unknown_port', message: 'WM-L sends on fPort 1, 2 or 3, not 4' },
    });
    expect(values(indexFrame(report), 0)).toMatchObject({ ok: false, error: { code: 'decode.unknown_port' } });
    expect(values(indexFrame(report), null)).toMatchObject({
      ok: false,
      error: { message: 'WM-L sends on fPort 1, 2 or 3, not without a port' },
    });
  });

  it('refuses a pulse weight of zero and a battery above 100 %', () => {
    expect(values(indexFrame({ ...report, pulseWeight: 0 }), 1)).toMatchObject({
      ok: false,
      error: { code: 'decode.out_of_range' },
    });
    expect(values(indexFrame({ ...report, battery: 101 }), 1)).toMatchObject({
      ok: false,
      error: { code: 'decode.out_of_range', message: 'battery 101 is outside 0..100' },
    });
  });

  describe('downlink', () => {
    it('encodes the defaults for fPort 3, in the layout the configuration report comes back in', () => {
      expect(encode({})).toEqual({ hex: '003c000a0014', port: 3 });
    });

    it('encodes each parameter at its offset', () => {
      expect(encode({ reportingInterval: 1440, pulseWeight: 0.1, leakThreshold: 10_000 })).toEqual({
        hex: '05a000012710',
        port: 3,
      });
      expect(encode({ reportingInterval: 15, pulseWeight: 1000, leakThreshold: 1 })).toEqual({
        hex: '000f27100001',
        port: 3,
      });
    });

    it('gives one error per wrong parameter, even when it breaks several rules', () => {
      expect(encode({ pulseWeight: 1000.05 })).toEqual({
        ok: false,
        errors: [expect.objectContaining({ parameter: 'pulseWeight' })],
      });
    });

    it('refuses a pulse weight finer than 0.1 L and values out of range', () => {
      expect(encode({ pulseWeight: 0.25, leakThreshold: 0 })).toEqual({
        ok: false,
        errors: [
          {
            parameter: 'pulseWeight',
            code: 'parameter.step_range',
            params: { min: 0.1, max: 1000, step: 0.1, unit: ' L' },
            message: 'pulseWeight: Must be from 0.1 to 1,000 L in steps of 0.1.',
          },
          {
            parameter: 'leakThreshold',
            code: 'parameter.integer_range',
            params: { min: 1, max: 10_000, unit: ' L/h' },
            message: 'leakThreshold: Must be a whole number from 1 to 10,000 L/h.',
          },
        ],
      });
    });
  });
});
