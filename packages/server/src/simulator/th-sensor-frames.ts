import type { DeviceModelFactory } from './device-model.js';
import { bit, latestDate, latestNumber } from './device-model.js';
import { clamp, dailyCycle, drained, hashOf, noise } from './random.js';

/** What one TH-S uplink says, in the units of its signals. */
export interface ThSensorReport {
  trigger: 'periodic' | 'alarm';
  temperature: number;
  humidity: number;
  batteryVoltage: number;
  temperatureHigh: boolean;
  temperatureLow: boolean;
  lowBattery: boolean;
  sensorFault: boolean;
  sequence: number;
  reportingPeriod: number;
}

/** The 12-byte uplink of `th-sensor-sigfox` (layout in packages/shared/src/codecs/th-sensor-sigfox.ts). */
export function encodeThSensorFrame(report: ThSensorReport): Uint8Array {
  const bytes = new Uint8Array(12);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, report.trigger === 'alarm' ? 0x02 : 0x01);
  view.setInt16(1, Math.round(report.temperature * 100));
  view.setUint16(3, Math.round(clamp(report.humidity, 0, 100) * 100));
  view.setUint16(5, Math.round(report.batteryVoltage * 1000));
  const alarm = report.temperatureHigh || report.temperatureLow;
  view.setUint8(
    7,
    bit(alarm, 0) |
      bit(report.temperatureHigh, 1) |
      bit(report.temperatureLow, 2) |
      bit(report.lowBattery, 3) |
      bit(report.sensorFault, 4),
  );
  view.setUint16(8, report.sequence & 0xffff);
  view.setUint16(10, report.reportingPeriod);
  return bytes;
}

// A cold room: alarms above 8 °C or below 0 °C, as food storage rules set them.
const HIGH_THRESHOLD = 8;
const LOW_THRESHOLD = 0;
const TEMPERATURE_SWING = 1.2;
const HUMIDITY_SWING = 6;
/** Warmest in the afternoon: the room's insulation lags the outside air. */
const PEAK_HOUR = 15;
const LOW_BATTERY_V = 2.6;
const BATTERY_DROP_V_PER_DAY = 0.004;

/**
 * A cold-room sensor: temperature on a daily wave around the room's own level, humidity moving the other way, the
 * battery slowly draining. An alarm report goes out when the temperature crosses a threshold, as the device does.
 */
export const thSensorModel: DeviceModelFactory = ({ deviceId, latest, random, now }) => {
  const seenAt = latestDate(latest, 'temperature') ?? now;
  // The level the room is kept at: the last temperature without its daily wave, so a restart does not jump.
  const level =
    (latestNumber(latest, 'temperature') ?? 2 + (hashOf(deviceId) % 40) / 10) -
    TEMPERATURE_SWING * dailyCycle(seenAt, PEAK_HOUR);
  const humidityLevel = (latestNumber(latest, 'humidity') ?? 60) + HUMIDITY_SWING * dailyCycle(seenAt, PEAK_HOUR);
  let battery = latestNumber(latest, 'battery_voltage') ?? 3.1;
  let batteryAt = now;
  let alarmBefore: boolean | undefined;
  const reportingPeriod = latestNumber(latest, 'reporting_period') ?? 60;

  return {
    next(at, counter) {
      const wave = dailyCycle(at, PEAK_HOUR);
      const temperature = level + TEMPERATURE_SWING * wave + noise(random, 0.08);
      const humidity = clamp(humidityLevel - HUMIDITY_SWING * wave + noise(random, 0.6), 5, 99);
      battery = Math.max(2.2, battery - drained(batteryAt, at, BATTERY_DROP_V_PER_DAY));
      batteryAt = at;
      const temperatureHigh = temperature > HIGH_THRESHOLD;
      const temperatureLow = temperature < LOW_THRESHOLD;
      const alarm = temperatureHigh || temperatureLow;
      const trigger = alarmBefore !== undefined && alarm !== alarmBefore ? 'alarm' : 'periodic';
      alarmBefore = alarm;
      return {
        bytes: encodeThSensorFrame({
          trigger,
          temperature,
          humidity,
          batteryVoltage: battery,
          temperatureHigh,
          temperatureLow,
          lowBattery: battery < LOW_BATTERY_V,
          sensorFault: false,
          sequence: counter,
          reportingPeriod,
        }),
        port: null,
      };
    },
  };
};
