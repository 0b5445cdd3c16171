import { waterMeterLora } from '@iot/shared';
import type { DeviceModelFactory } from './device-model.js';
import { bit, latestFlag, latestNumber } from './device-model.js';
import { clamp, dailyCycle, drained, hashOf, noise } from './random.js';

/** What one WM-L index uplink says. */
export interface WaterMeterIndex {
  trigger: 'periodic' | 'alarm';
  pulseCount: number;
  /** Litres per pulse, in steps of 0.1 L. */
  pulseWeight: number;
  leak: boolean;
  backflow: boolean;
  lowBattery: boolean;
  tamper: boolean;
  /** % */
  battery: number;
}

const PERIODIC_PORT = 1;
const ALARM_PORT = 2;

/** The 8-byte index frame of `water-meter-lora` on fPort 1 or 2 (layout in packages/shared/src/codecs/water-meter-lora.ts). */
export function encodeWaterMeterIndex(index: WaterMeterIndex): { bytes: Uint8Array; port: number } {
  const bytes = new Uint8Array(8);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, index.pulseCount >>> 0);
  view.setUint16(4, Math.round(index.pulseWeight * 10));
  view.setUint8(6, bit(index.leak, 0) | bit(index.backflow, 1) | bit(index.lowBattery, 2) | bit(index.tamper, 3));
  view.setUint8(7, Math.round(clamp(index.battery, 0, 100)));
  return { bytes, port: index.trigger === 'alarm' ? ALARM_PORT : PERIODIC_PORT };
}

const HOUR_MS = 60 * 60 * 1000;
/** A leak starts about once a day of frames and lasts a couple of hours: often enough to be seen in a demo. */
const LEAK_STARTS_PER_HOUR = 1 / 24;
const LEAK_ENDS_PER_HOUR = 1 / 2;
const LEAK_LITRES_PER_HOUR = 35;
const BATTERY_DROP_PER_DAY = 0.05;
const LOW_BATTERY = 10;

/** Litres an hour a plant draws at `at`: a working-day hump around early afternoon and a small night base. */
function demand(at: number, scale: number): number {
  return scale * (0.55 + 0.45 * dailyCycle(at, 13));
}

/**
 * A pulse counter on a plant's water supply: the index grows with a daily demand, a leak now and then adds a steady
 * flow (and is reported at once on the alarm port, as the device does when a flag changes), the battery drains.
 */
export const waterMeterModel: DeviceModelFactory = ({ deviceId, latest, random, now }) => {
  // A meter reports its configuration once it applies one (at start, its defaults): one the platform has no report
  // of yet does so first.
  let reportConfiguration = latestNumber(latest, 'reporting_interval') === undefined;
  let pulseCount = Math.max(0, Math.round(latestNumber(latest, 'pulse_count') ?? 10_000));
  const pulseWeight = latestNumber(latest, 'pulse_weight') ?? 1;
  let leak = latestFlag(latest, 'leak') ?? false;
  // A percentage; a value that cannot be one (a voltage) starts the battery afresh.
  const stored = latestNumber(latest, 'battery');
  let battery = stored !== undefined && stored > 5 && stored <= 100 ? stored : 95 - (hashOf(deviceId) % 20);
  const scale = 150 + (hashOf(`${deviceId}/demand`) % 250);
  let previous = now;
  let pending = 0;

  return {
    next(at, _counter) {
      if (reportConfiguration) {
        reportConfiguration = false;
        const defaults = waterMeterLora.codec.encodeDownlink?.({});
        if (defaults?.ok) return { bytes: defaults.bytes, port: defaults.port };
      }
      const hours = Math.max(0, at - previous) / HOUR_MS;
      previous = at;
      const leakBefore = leak;
      if (random() < (leak ? LEAK_ENDS_PER_HOUR : LEAK_STARTS_PER_HOUR) * hours) leak = !leak;
      const litres =
        Math.max(0, (demand(at, scale) + noise(random, scale * 0.15)) * hours) +
        (leak ? LEAK_LITRES_PER_HOUR * hours : 0);
      // Whole pulses only: the remainder waits for the next frame, as a meter's reed switch would.
      pending += litres / pulseWeight;
      const pulses = Math.floor(pending);
      pending -= pulses;
      pulseCount = (pulseCount + pulses) % 2 ** 32;
      battery = Math.max(0, battery - drained(at - hours * HOUR_MS, at, BATTERY_DROP_PER_DAY));
      return encodeWaterMeterIndex({
        trigger: leak !== leakBefore ? 'alarm' : 'periodic',
        pulseCount,
        pulseWeight,
        leak,
        backflow: false,
        lowBattery: battery < LOW_BATTERY,
        tamper: false,
        battery,
      });
    },
  };
};
