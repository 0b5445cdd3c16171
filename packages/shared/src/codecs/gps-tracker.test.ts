import { describe, expect, it } from 'vitest';
import { gpsTracker } from './gps-tracker.js';
import { bytesToHex } from './hex.js';

const receivedAt = new Date('2025-03-01T12:00:00Z');

interface PositionReport {
  lat: number;
  lon: number;
  alt: number;
  speed: number;
  heading: number;
  satellites: number;
  battery: number;
  flags: number;
}

const lisbon: PositionReport = {
  lat: 38.7223342,
  lon: -9.1393366,
  alt: 35,
  speed: 42.5,
  heading: 271.3,
  satellites: 9,
  battery: 76,
  flags: 0b1,
};

/** The frames as the tracker's firmware writes them, from the layout in docs/device-types.md. */
function positionFrame(report: PositionReport): Uint8Array {
  const bytes = new Uint8Array(18);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, 0x01);
  view.setInt32(1, Math.round(report.lat * 1e7));
  view.setInt32(5, Math.round(report.lon * 1e7));
  view.setInt16(9, report.alt);
  view.setUint16(11, Math.round(report.speed * 10));
  view.setUint16(13, Math.round(report.heading * 10));
  view.setUint8(15, report.satellites);
  view.setUint8(16, report.battery);
  view.setUint8(17, report.flags);
  return bytes;
}

function heartbeatFrame(battery: number, flags: number): Uint8Array {
  return Uint8Array.of(0x02, battery, flags);
}

function values(bytes: Uint8Array) {
  const result = gpsTracker.codec.decodeUplink({ bytes, port: null, receivedAt });
  return result.ok ? Object.fromEntries(result.readings.map((reading) => [reading.signal, reading.value])) : result;
}

function encode(parameters: Record<string, number | boolean>): unknown {
  const encoded = gpsTracker.codec.encodeDownlink?.(parameters);
  return encoded?.ok ? bytesToHex(encoded.bytes) : encoded;
}

describe('GT-C GPS tracker (cellular / Wi-Fi)', () => {
  it('decodes a position frame back to the values it was written from', () => {
    expect(values(positionFrame(lisbon))).toEqual({
      gps_fix: true,
      position: { lat: 38.7223342, lon: -9.1393366, alt: 35 },
      speed: 42.5,
      heading: 271.3,
      satellites: 9,
      battery: 76,
      moving: true,
      sos: false,
      low_battery: false,
    });
  });

  it('decodes the extremes of the globe, a negative altitude and the largest speed', () => {
    expect(
      values(
        positionFrame({ ...lisbon, lat: -90, lon: 180, alt: -32_768, speed: 6553.5, heading: 359.9, flags: 0b110 }),
      ),
    ).toMatchObject({
      position: { lat: -90, lon: 180, alt: -32_768 },
      speed: 6553.5,
      heading: 359.9,
      moving: false,
      sos: true,
      low_battery: true,
    });
    expect(values(positionFrame({ ...lisbon, lat: 90, lon: -180, heading: 0 }))).toMatchObject({
      position: { lat: 90, lon: -180 },
      heading: 0,
    });
  });

  it('decodes a heartbeat frame, sent without a fix, ignoring the reserved flag bits', () => {
    expect(values(heartbeatFrame(12, 0b11111110))).toEqual({
      gps_fix: false,
      battery: 12,
      moving: false,
      sos: true,
      low_battery: true,
    });
  });

  it('refuses coordinates off the globe, a heading of 360° and a battery above 100 %', () => {
    expect(values(positionFrame({ ...lisbon, lat: 90.0000001 }))).toEqual({
      ok: false,
      error: { code: 'decode.out_of_range', message: 'latitude 90.0000001 is outside -90..90' },
    });
    expect(values(positionFrame({ ...lisbon, lon: -180.0000001 }))).toMatchObject({ ok: false });
    expect(values(positionFrame({ ...lisbon, heading: 360 }))).toMatchObject({ ok: false });
    expect(values(heartbeatFrame(101, 0))).toMatchObject({ ok: false, error: { code: 'decode.out_of_range' } });
  });

  it('refuses a frame of another length for its type', () => {
    expect(values(positionFrame(lisbon).subarray(0, 17))).toEqual({
      ok: false,
      error: { code: 'decode.wrong_length', message: 'A GT-C position frame has 18 bytes, this frame has 17' },
    });
    expect(values(Uint8Array.of(0x02, 50))).toMatchObject({ ok: false, error: { code: 'decode.wrong_length' } });
    expect(values(new Uint8Array(0))).toMatchObject({ ok: false, error: { code: 'decode.empty' } });
  });

  it('refuses an unknown frame type', () => {
    expect(values(Uint8Array.of(0x7f, 50, 0))).toEqual({
      ok: false,
      error: { code: 'decode.unknown_type', message: 'unknown GT-C frame type 0x7f' },
    });
  });

  describe('downlink', () => {
    it('encodes the reporting periods after the configuration command', () => {
      expect(encode({})).toBe('01003c003c');
      expect(encode({ movingPeriod: 10, stoppedPeriod: 1440 })).toBe('01000a05a0');
      expect(encode({ movingPeriod: 3600, stoppedPeriod: 5 })).toBe('010e100005');
    });

    it('refuses periods out of range', () => {
      expect(encode({ movingPeriod: 9, stoppedPeriod: 1441 })).toEqual({
        ok: false,
        errors: [
          {
            parameter: 'movingPeriod',
            code: 'parameter.integer_range',
            params: { min: 10, max: 3600, unit: ' s' },
            message: 'movingPeriod: Must be a whole number from 10 to 3,600 s.',
          },
          {
            parameter: 'stoppedPeriod',
            code: 'parameter.integer_range',
            params: { min: 5, max: 1440, unit: ' min' },
            message: 'stoppedPeriod: Must be a whole number from 5 to 1,440 min.',
          },
        ],
      });
    });
  });
});
