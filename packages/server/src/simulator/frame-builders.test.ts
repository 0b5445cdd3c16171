import { findDeviceType, type GeoPosition, type SignalValue } from '@iot/shared';
import { describe, expect, it } from 'vitest';
import { cayenneLppModel, encodeCayenneLpp } from './cayenne-lpp-frames.js';
import type { DeviceModelFactory, LatestValues, SimulatedFrame } from './device-model.js';
import { encodeTrackerHeartbeat, encodeTrackerPosition, gpsTrackerModel } from './gps-tracker-frames.js';
import { seededRandom } from './random.js';
import { encodeThSensorFrame, thSensorModel } from './th-sensor-frames.js';
import { encodeWaterMeterIndex, waterMeterModel } from './water-meter-frames.js';

const AT = Date.UTC(2025, 5, 1, 12, 0, 0);
const MINUTE_MS = 60 * 1000;

/** The frame as the platform reads it: through the device type's own codec. */
function decode(deviceType: string, frame: SimulatedFrame): Record<string, SignalValue> {
  const codec = findDeviceType(deviceType)?.codec;
  if (!codec) throw new Error(`no codec for ${deviceType}`);
  const result = codec.decodeUplink({ bytes: frame.bytes, port: frame.port, receivedAt: new Date(AT) });
  if (!result.ok) throw new Error(`${deviceType} refused the frame: ${result.error.message}`);
  return Object.fromEntries(result.readings.map((reading) => [reading.signal, reading.value]));
}

/** `count` frames of a model, `stepMs` apart, each decoded. */
function run(factory: DeviceModelFactory, deviceType: string, latest: LatestValues, count: number, stepMs: number) {
  const model = factory({ deviceId: `device-${deviceType}`, latest, random: seededRandom(7), now: AT });
  return Array.from({ length: count }, (_, index) => {
    const frame = model.next(AT + (index + 1) * stepMs, 1000 + index);
    return { frame, values: decode(deviceType, frame) };
  });
}

const numbers = (values: Record<string, SignalValue>[], key: string) =>
  values.map((entry) => {
    const value = entry[key];
    if (typeof value !== 'number') throw new Error(`${key} is not a number`);
    return value;
  });

describe('TH-S Sigfox frames', () => {
  it('round-trip through the codec', () => {
    const bytes = encodeThSensorFrame({
      trigger: 'alarm',
      temperature: -3.47,
      humidity: 61.25,
      batteryVoltage: 3.087,
      temperatureHigh: false,
      temperatureLow: true,
      lowBattery: true,
      sensorFault: false,
      sequence: 70_001,
      reportingPeriod: 15,
    });
    expect(bytes).toHaveLength(12);
    expect(decode('th-sensor-sigfox', { bytes, port: null })).toEqual({
      trigger: 'alarm',
      temperature: -3.47,
      humidity: 61.25,
      battery_voltage: 3.087,
      temperature_alarm: true,
      temperature_high: false,
      temperature_low: true,
      low_battery: true,
      sensor_fault: false,
      sequence: 70_001 & 0xffff,
      reporting_period: 15,
    });
  });

  it('follow a cold room through a day, around its last temperature, the battery draining', () => {
    const latest = { temperature: { value: 4.2, date: AT }, battery_voltage: { value: 3.1, date: AT } };
    const frames = run(thSensorModel, 'th-sensor-sigfox', latest, 96, 15 * MINUTE_MS);
    const temperatures = numbers(
      frames.map((frame) => frame.values),
      'temperature',
    );
    expect(Math.min(...temperatures)).toBeGreaterThan(4.2 - 3.5);
    expect(Math.max(...temperatures)).toBeLessThan(4.2 + 3.5);
    // A daily wave, not flat noise.
    expect(Math.max(...temperatures) - Math.min(...temperatures)).toBeGreaterThan(1.5);
    const batteries = numbers(
      frames.map((frame) => frame.values),
      'battery_voltage',
    );
    expect(batteries.at(-1)).toBeLessThan(3.1);
    expect(frames.at(-1)?.values.sequence).toBe(1095);
  });

  it('send an alarm report when the temperature crosses a threshold', () => {
    const latest = { temperature: { value: 8, date: AT } };
    const frames = run(thSensorModel, 'th-sensor-sigfox', latest, 96, 15 * MINUTE_MS);
    const alarms = frames.filter((frame) => frame.values.trigger === 'alarm');
    expect(alarms.length).toBeGreaterThan(0);
    for (const alarm of alarms) {
      expect(alarm.values.temperature_alarm).toBe(alarm.values.temperature_high);
    }
  });
});

describe('WM-L LoRa frames', () => {
  it('round-trip through the codec on the periodic and alarm ports', () => {
    const index = {
      pulseCount: 4_000_000_123,
      pulseWeight: 2.5,
      leak: true,
      backflow: false,
      lowBattery: false,
      tamper: true,
      battery: 87,
    };
    const alarm = encodeWaterMeterIndex({ ...index, trigger: 'alarm' });
    expect(alarm.port).toBe(2);
    expect(decode('water-meter-lora', alarm)).toEqual({
      trigger: 'alarm',
      pulse_count: 4_000_000_123,
      pulse_weight: 2.5,
      volume: (4_000_000_123 * 25) / 10_000,
      leak: true,
      backflow: false,
      low_battery: false,
      tamper: true,
      battery: 87,
    });
    const periodic = encodeWaterMeterIndex({ ...index, trigger: 'periodic' });
    expect(periodic.port).toBe(1);
    expect(decode('water-meter-lora', periodic).trigger).toBe('periodic');
  });

  it('count on from the last index, never backwards, a leak reported on the alarm port', () => {
    const latest = {
      pulse_count: { value: 15_230, date: AT },
      leak: { value: false, date: AT },
      reporting_interval: { value: 60, date: AT },
    };
    const frames = run(waterMeterModel, 'water-meter-lora', latest, 2 * 24 * 60, MINUTE_MS);
    const counts = numbers(
      frames.map((frame) => frame.values),
      'pulse_count',
    );
    expect(counts[0]).toBeGreaterThanOrEqual(15_230);
    counts.forEach((count, index) => {
      expect(count).toBeGreaterThanOrEqual(counts[index - 1] ?? 15_230);
    });
    // A couple of days draws some cubic metres, not hundreds.
    const litres = (counts.at(-1) ?? 0) - 15_230;
    expect(litres).toBeGreaterThan(1_000);
    expect(litres).toBeLessThan(50_000);
    for (const { frame, values } of frames) {
      expect(frame.port).toBe(values.trigger === 'alarm' ? 2 : 1);
    }
    expect(frames.some(({ values }) => values.leak === true)).toBe(true);
    expect(frames.some(({ frame }) => frame.port === 2)).toBe(true);
  });

  it('starts the battery afresh when the stored value is not a percentage', () => {
    const latest = { battery: { value: 3.59, date: AT }, reporting_interval: { value: 60, date: AT } };
    const [first] = run(waterMeterModel, 'water-meter-lora', latest, 1, MINUTE_MS);
    expect(first?.values.battery).toBeGreaterThan(50);
  });

  it('reports its configuration first when the platform has no report of it yet, then its index', () => {
    const [configuration, index] = run(waterMeterModel, 'water-meter-lora', {}, 2, MINUTE_MS);
    expect(configuration?.frame.port).toBe(3);
    expect(configuration?.values).toEqual({
      trigger: 'configuration',
      reporting_interval: 60,
      pulse_weight: 1,
      leak_threshold: 20,
    });
    expect(index?.values.trigger).toBe('periodic');
  });
});

describe('GT-C tracker frames', () => {
  it('round-trip a position and a heartbeat through the codec', () => {
    const bytes = encodeTrackerPosition({
      lat: 38.7223456,
      lon: -9.1393123,
      alt: 57,
      speed: 42.3,
      heading: 271.4,
      satellites: 9,
      battery: 71,
      moving: true,
      sos: false,
      lowBattery: false,
    });
    expect(decode('gps-tracker', { bytes, port: null })).toEqual({
      gps_fix: true,
      position: { lat: 38.7223456, lon: -9.1393123, alt: 57 },
      speed: 42.3,
      heading: 271.4,
      satellites: 9,
      battery: 71,
      moving: true,
      sos: false,
      low_battery: false,
    });
    const heartbeat = encodeTrackerHeartbeat({ battery: 12, moving: false, sos: true, lowBattery: true });
    expect(decode('gps-tracker', { bytes: heartbeat, port: null })).toEqual({
      gps_fix: false,
      battery: 12,
      moving: false,
      sos: true,
      low_battery: true,
    });
  });

  it('drive along streets near the demo position, stopping now and then', () => {
    const latest = { position: { value: { lat: 38.7223, lon: -9.1393 }, date: AT }, moving: { value: true, date: AT } };
    const frames = run(gpsTrackerModel, 'gps-tracker', latest, 240, 30 * 1000);
    const positions = frames.flatMap(({ values }) => (values.position ? [values.position as GeoPosition] : []));
    expect(positions.length).toBeGreaterThan(200);
    for (const position of positions) {
      expect(position.lat).toBeGreaterThan(38.69);
      expect(position.lat).toBeLessThan(38.76);
      expect(position.lon).toBeGreaterThan(-9.17);
      expect(position.lon).toBeLessThan(-9.12);
    }
    const moved = positions.some(
      (position) =>
        Math.abs(position.lat - (positions[0]?.lat ?? 0)) + Math.abs(position.lon - (positions[0]?.lon ?? 0)) > 0.005,
    );
    expect(moved).toBe(true);
    expect(frames.some(({ values }) => values.moving === false)).toBe(true);
    const speeds = frames.flatMap(({ values }) => (typeof values.speed === 'number' ? [values.speed] : []));
    expect(Math.max(...speeds)).toBeLessThanOrEqual(70);
  });
});

describe('Cayenne LPP frames', () => {
  it('round-trip temperature, humidity and analog channels through the codec', () => {
    const bytes = encodeCayenneLpp([
      { channel: 1, type: 'temperature', value: -12.3 },
      { channel: 2, type: 'humidity', value: 48.5 },
      { channel: 3, type: 'analog_input', value: 2.75 },
    ]);
    expect(decode('cayenne-lpp', { bytes, port: 1 })).toEqual({
      temperature_1: -12.3,
      humidity_2: 48.5,
      analog_input_3: 2.75,
    });
  });

  it('keep the pump room near its last values', () => {
    const latest = {
      temperature_1: { value: 21.5, date: AT },
      humidity_2: { value: 48, date: AT },
      analog_input_3: { value: 2.75, date: AT },
    };
    const frames = run(cayenneLppModel, 'cayenne-lpp', latest, 96, 15 * MINUTE_MS);
    const values = frames.map((frame) => frame.values);
    for (const temperature of numbers(values, 'temperature_1')) expect(Math.abs(temperature - 21.5)).toBeLessThan(4);
    for (const humidity of numbers(values, 'humidity_2')) expect(Math.abs(humidity - 48)).toBeLessThan(12);
    for (const voltage of numbers(values, 'analog_input_3')) expect(Math.abs(voltage - 2.75)).toBeLessThan(0.2);
  });
});
