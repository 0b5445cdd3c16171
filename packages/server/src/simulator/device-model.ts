import type { SignalValue } from '@iot/shared';
import type { Random } from './random.js';

/** Bytes as the device's codec reads them; `port` is the LoRaWAN fPort (null off LoRa). */
export interface SimulatedFrame {
  bytes: Uint8Array;
  port: number | null;
}

/** The device's latest values as the platform keeps them (`signal_values`): where a restarted simulation goes on from. */
export type LatestValues = Record<string, { value: SignalValue; date: number | null }>;

export interface ModelSeed {
  deviceId: string;
  latest: LatestValues;
  random: Random;
  /** When the simulation starts (epoch ms). */
  now: number;
}

/** One simulated device of a type: each call gives its next uplink, `counter` being its message counter. */
export interface DeviceModel {
  next(at: number, counter: number): SimulatedFrame;
  /**
   * How far apart its history frames are, when the runner's step (`HISTORY_STEP_MS`) would hide what the device does:
   * a van covers its whole route in a quarter of an hour, so positions that far apart draw chords across the city.
   */
  historyStepMs?: number;
}

export type DeviceModelFactory = (seed: ModelSeed) => DeviceModel;

export function latestNumber(latest: LatestValues, key: string): number | undefined {
  const value = latest[key]?.value;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function latestFlag(latest: LatestValues, key: string): boolean | undefined {
  const value = latest[key]?.value;
  return typeof value === 'boolean' ? value : undefined;
}

export function latestDate(latest: LatestValues, key: string): number | undefined {
  return latest[key]?.date ?? undefined;
}

/** Bit `index` set when `on`. */
export const bit = (on: boolean, index: number) => (on ? 1 << index : 0);
