import { cayenneLppModel } from './cayenne-lpp-frames.js';
import type { DeviceModelFactory } from './device-model.js';
import { gpsTrackerModel } from './gps-tracker-frames.js';
import { thSensorModel } from './th-sensor-frames.js';
import { waterMeterModel } from './water-meter-frames.js';

/** The device types the simulator can play, by device type id; devices of other types stay silent. */
export const DEVICE_MODELS: Readonly<Record<string, DeviceModelFactory>> = {
  'th-sensor-sigfox': thSensorModel,
  'water-meter-lora': waterMeterModel,
  'gps-tracker': gpsTrackerModel,
  'cayenne-lpp': cayenneLppModel,
};

export const modelOf = (deviceType: string): DeviceModelFactory | undefined => DEVICE_MODELS[deviceType];
