import { type DeviceTypeInfo, isGeoPosition, type ReadingsAnswer } from '@iot/shared';
import { type SignalReadingView, signalReadings } from './signal-readings';

/** One position of a device at a date (epoch ms). */
export interface TrackPoint {
  lat: number;
  lon: number;
  date: number;
}

/** The positions among a signal's readings, oldest first: the order the device went through them. */
export function trackOf(readings: ReadingsAnswer['signals'][number]['readings']): TrackPoint[] {
  const points: TrackPoint[] = [];
  for (const reading of readings) {
    if (isGeoPosition(reading.value))
      points.push({ lat: reading.value.lat, lon: reading.value.lon, date: reading.date });
  }
  return points.sort((a, b) => a.date - b.date);
}

/**
 * The signal whose readings make the device's track: its type's position signal (for a per-channel one, the channel
 * heard from most recently); undefined when the type measures no position.
 */
export function trackSignalOf(
  device: Parameters<typeof signalReadings>[0],
  deviceType: DeviceTypeInfo | undefined,
): SignalReadingView | undefined {
  if (!deviceType) return undefined;
  const positions = signalReadings(device, deviceType).filter(
    (view) => view.signal.kind === 'value' && view.signal.valueType === 'position',
  );
  const newest = positions
    .filter((view) => view.reading)
    .sort((a, b) => (b.reading?.date ?? '').localeCompare(a.reading?.date ?? ''))[0];
  return newest ?? positions[0];
}
