import type { DeviceModelFactory } from './device-model.js';
import { latestDate, latestNumber } from './device-model.js';
import { clamp, dailyCycle, noise } from './random.js';

/** The Cayenne LPP data types the simulated sensors send, with their type ids. */
export type LppChannel =
  | { channel: number; type: 'temperature'; value: number }
  | { channel: number; type: 'humidity'; value: number }
  | { channel: number; type: 'analog_input'; value: number };

/** Per type: its id, data size and raw counts per unit (signed 16-bit or one unsigned byte). */
const LPP_ENCODINGS = {
  temperature: { id: 103, size: 2, perUnit: 10 },
  humidity: { id: 104, size: 1, perUnit: 2 },
  analog_input: { id: 2, size: 2, perUnit: 100 },
} as const;

/** A Cayenne LPP frame (layout in packages/shared/src/codecs/cayenne-lpp.ts): channel, type, big-endian data. */
export function encodeCayenneLpp(channels: readonly LppChannel[]): Uint8Array {
  const bytes: number[] = [];
  for (const entry of channels) {
    const { id, size, perUnit } = LPP_ENCODINGS[entry.type];
    const raw = Math.round((entry.type === 'humidity' ? clamp(entry.value, 0, 100) : entry.value) * perUnit);
    const data = new DataView(new ArrayBuffer(2));
    if (size === 2) data.setInt16(0, raw);
    else data.setUint8(0, raw);
    bytes.push(entry.channel, id, ...new Uint8Array(data.buffer, 0, size));
  }
  return Uint8Array.from(bytes);
}

/** The port Cayenne LPP devices commonly send on; the codec does not look at it. */
const LPP_PORT = 1;
const PEAK_HOUR = 16;

/**
 * A pump room sensor: temperature on channel 1 and humidity on channel 2 following the day, and on channel 3 the
 * pressure transducer's voltage wavering around its level. Channels the device reported before keep their numbers.
 */
export const cayenneLppModel: DeviceModelFactory = ({ latest, random, now }) => {
  const seenAt = latestDate(latest, 'temperature_1') ?? now;
  const temperatureLevel = (latestNumber(latest, 'temperature_1') ?? 21) - 1.5 * dailyCycle(seenAt, PEAK_HOUR);
  const humidityLevel = (latestNumber(latest, 'humidity_2') ?? 50) + 5 * dailyCycle(seenAt, PEAK_HOUR);
  const voltageLevel = latestNumber(latest, 'analog_input_3') ?? 2.75;
  return {
    next(at, _counter) {
      const wave = dailyCycle(at, PEAK_HOUR);
      return {
        bytes: encodeCayenneLpp([
          { channel: 1, type: 'temperature', value: temperatureLevel + 1.5 * wave + noise(random, 0.1) },
          { channel: 2, type: 'humidity', value: clamp(humidityLevel - 5 * wave + noise(random, 0.7), 10, 95) },
          { channel: 3, type: 'analog_input', value: clamp(voltageLevel + noise(random, 0.04), 0, 10) },
        ]),
        port: LPP_PORT,
      };
    },
  };
};
