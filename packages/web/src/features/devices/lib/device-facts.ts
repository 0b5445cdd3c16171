import { type CommunicationType, type Device, isGeoPosition } from '@iot/shared';

const NETWORK_ID_OF: Record<CommunicationType, (device: Device) => string | null> = {
  lora: (device) => device.loraEUI,
  wifi: (device) => device.mac,
  sigfox: (device) => device.sigfoxID,
  cellular: (device) => device.IMEI,
};

/** The id the device is known by on the network it reports through. */
export const networkIdOf = (device: Device): string | null => NETWORK_ID_OF[device.communicationType](device);

export interface DevicePosition {
  lat: number;
  lon: number;
  date: string;
}

/** The device's last position: the newest of its signal values that hold a `{lat, lon}`; null when it has none. */
export function positionOf(device: Device): DevicePosition | null {
  let latest: DevicePosition | null = null;
  for (const reading of Object.values(device.signalValues)) {
    if (isGeoPosition(reading.value) && (!latest || reading.date > latest.date)) {
      latest = { lat: reading.value.lat, lon: reading.value.lon, date: reading.date };
    }
  }
  return latest;
}
