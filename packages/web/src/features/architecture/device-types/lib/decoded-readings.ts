import type { DeviceTypeInfo } from '@iot/shared';

type SignalInfo = DeviceTypeInfo['signals'][number];

/** A reading of a decoded frame as the decoder's table shows it: the type's name and unit for its signal key. */
export interface DecodedReading {
  signal: string;
  /** The signal's name; null when the type does not define the key (then the key stands for it). */
  name: string | null;
  /** The channel of a per-channel signal (`temperature_3` → 3). */
  channel: number | null;
  unit: string | null;
  value: unknown;
  date: string;
}

/** The type's definition of a reading's key: the key itself, or a per-channel template with `_<channel>` added. */
export function signalOfReading(
  deviceType: DeviceTypeInfo,
  key: string,
): { signal: SignalInfo; channel: number | null } | undefined {
  const exact = deviceType.signals.find((signal) => signal.key === key);
  if (exact) return { signal: exact, channel: null };
  for (const signal of deviceType.signals) {
    if (!signal.perChannel || !key.startsWith(`${signal.key}_`)) continue;
    const channel = key.slice(signal.key.length + 1);
    if (/^\d+$/.test(channel)) return { signal, channel: Number(channel) };
  }
  return undefined;
}

/** `nameOf` names a signal of the type by its key and the codec's name (in the interface language). */
export function describeReadings(
  deviceType: DeviceTypeInfo,
  readings: readonly { signal: string; value: unknown; date: string }[],
  nameOf: (key: string, name: string) => string,
): DecodedReading[] {
  return readings.map((reading) => {
    const known = signalOfReading(deviceType, reading.signal);
    return {
      ...reading,
      name: known ? nameOf(known.signal.key, known.signal.name) : null,
      channel: known?.channel ?? null,
      unit: known?.signal.unit ?? null,
    };
  });
}
