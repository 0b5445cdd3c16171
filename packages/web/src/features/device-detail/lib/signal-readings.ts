import { type Device, type DeviceTypeInfo, NETWORK_SIGNALS } from '@iot/shared';

type SignalDefinition = DeviceTypeInfo['signals'][number];

/** One signal of the device as the screen shows it: its definition, its name (with channel) and its latest reading. */
export interface SignalReadingView {
  /** The key readings carry: `temperature`, or `temperature_3` for channel 3 of a per-channel signal. */
  key: string;
  name: string;
  signal: SignalDefinition;
  reading: Device['signalValues'][string] | null;
}

/**
 * The latest reading of each signal of the device's type, in the type's order. A per-channel signal shows once per
 * channel heard from, or once without a value when none was. Debug signals are left out: they are for the codec's
 * authors, not for operators.
 */
export function signalReadings(device: Pick<Device, 'signalValues'>, deviceType: DeviceTypeInfo): SignalReadingView[] {
  const views: SignalReadingView[] = [];
  for (const signal of deviceType.signals) {
    if (signal.kind === 'debug') continue;
    if (!signal.perChannel) {
      views.push({ key: signal.key, name: signal.name, signal, reading: device.signalValues[signal.key] ?? null });
      continue;
    }
    const channels = Object.keys(device.signalValues)
      .map((key) => new RegExp(`^${signal.key}_(\\d{1,3})$`).exec(key)?.[1])
      .filter((channel): channel is string => channel !== undefined)
      .sort((a, b) => Number(a) - Number(b));
    if (channels.length === 0) views.push({ key: signal.key, name: signal.name, signal, reading: null });
    for (const channel of channels) {
      const key = `${signal.key}_${channel}`;
      views.push({ key, name: `${signal.name} ${channel}`, signal, reading: device.signalValues[key] ?? null });
    }
  }
  // What the network reported (a battery level, a position it computed) shows once there is some.
  for (const signal of NETWORK_SIGNALS) {
    const reading = device.signalValues[signal.key];
    if (reading) views.push({ key: signal.key, name: signal.name, signal, reading });
  }
  return views;
}

/** What a threshold, a calibration or a chart applies to: signals that measure a number. */
export const isNumericValueSignal = (signal: SignalDefinition) =>
  signal.kind === 'value' && signal.valueType === 'number';

/** A signal whose readings are on or off (a flag, a state, an alarm): the chart draws it as a band. */
export const isOnOffSignal = (signal: SignalDefinition) => signal.valueType === 'boolean';

/**
 * The numeric value signals a device's thresholds and calibration may name: its readings' keys. A per-channel signal
 * (Cayenne LPP's `temperature`) is one per channel the device was heard on (`temperature_3`); before any, none,
 * since a setting on the signal's own key would never meet a reading.
 */
export function deviceNumericSignals(
  device: Pick<Device, 'signalValues'>,
  deviceType: DeviceTypeInfo | undefined,
): SignalDefinition[] {
  if (!deviceType) return [];
  return signalReadings(device, deviceType)
    .filter((view) => isNumericValueSignal(view.signal) && (!view.signal.perChannel || view.key !== view.signal.key))
    .map((view) => ({ ...view.signal, key: view.key, name: view.name }));
}
