import { findDeviceType } from '@iot/shared';
import { describe, expect, it } from 'vitest';
import { DEMO_DEVICES } from './seed-devices.js';
import type { LatestValues } from './simulator/device-model.js';
import { seededRandom } from './simulator/random.js';
import { waterMeterModel } from './simulator/water-meter-frames.js';

const AT = Date.UTC(2026, 0, 5, 12, 0, 0);
const HOUR_MS = 60 * 60 * 1000;
const meters = Object.values(DEMO_DEVICES)
  .flat()
  .filter((device) => device.deviceType === 'water-meter-lora' && device.values);

describe('the seeded water meters', () => {
  it('read the volume their pulses make, and the simulator carries on from it', () => {
    expect(meters.length).toBeGreaterThan(0);
    const codec = findDeviceType('water-meter-lora')?.codec;
    for (const meter of meters) {
      const values = meter.values as Record<string, number | boolean>;
      const volume = values.volume as number;
      expect(volume).toBeCloseTo(((values.pulse_count as number) * (values.pulse_weight as number)) / 1000, 6);
      expect(values.battery).toBeGreaterThan(5);
      expect(values.battery).toBeLessThanOrEqual(100);

      const latest: LatestValues = Object.fromEntries(
        Object.entries(values).map(([key, value]) => [key, { value, date: AT }]),
      );
      const model = waterMeterModel({ deviceId: meter.description, latest, random: seededRandom(3), now: AT });
      // Its first frames: the configuration it applies, then an hour's index.
      const decoded = [1, 2].flatMap((hour) => {
        const frame = model.next(AT + hour * HOUR_MS, hour);
        const result = codec?.decodeUplink({ bytes: frame.bytes, port: frame.port, receivedAt: new Date(AT) });
        if (!result?.ok) throw new Error(`undecodable frame of ${meter.description}`);
        return result.readings;
      });
      const simulated = decoded.find((reading) => reading.signal === 'volume')?.value as number;
      // An hour or two of a plant's draw: below a cubic metre more, never less.
      expect(simulated).toBeGreaterThanOrEqual(volume);
      expect(simulated - volume).toBeLessThan(1);
    }
  });
});
