import { cayenneLpp } from './cayenne-lpp.js';
import type { DeviceType, SignalDefinition } from './device-type.js';
import { gpsTracker } from './gps-tracker.js';
import { thSensorSigfox } from './th-sensor-sigfox.js';
import { waterMeterLora } from './water-meter-lora.js';

/** Every device type the platform decodes; a device's `type` is one of these ids. */
export const deviceTypes: readonly DeviceType[] = [cayenneLpp, thSensorSigfox, waterMeterLora, gpsTracker];

export function findDeviceType(id: string): DeviceType | undefined {
  return deviceTypes.find((deviceType) => deviceType.id === id);
}

/** The definition behind a reading's signal key: `temperature`, or `temperature_3` for a per-channel signal. */
export function findSignal(deviceType: DeviceType, key: string): SignalDefinition | undefined {
  const exact = deviceType.signals.find((signal) => signal.key === key && !signal.perChannel);
  if (exact) return exact;
  const channelled = /^(.+)_(\d{1,3})$/.exec(key);
  if (!channelled || Number(channelled[2]) > 255) return undefined;
  return deviceType.signals.find((signal) => signal.perChannel && signal.key === channelled[1]);
}
