/** The networks a device can report through (SPEC section 1). */
export const COMMUNICATION_TYPES = ['lora', 'wifi', 'sigfox', 'cellular'] as const;
export type CommunicationType = (typeof COMMUNICATION_TYPES)[number];

/** The network identifiers of a device; a blank identifier counts as absent. */
export interface DeviceNetworkIds {
  loraEUI?: string | null;
  mac?: string | null;
  sigfoxID?: string | null;
  IMEI?: string | null;
}

const isSet = (id: string | null | undefined): boolean => id != null && id.trim() !== '';

/** SPEC section 4: LoRa if loraEUI, Wi-Fi if mac, Sigfox if sigfoxID, Cellular if IMEI; Wi-Fi otherwise. */
export function communicationType(device: DeviceNetworkIds): CommunicationType {
  if (isSet(device.loraEUI)) return 'lora';
  if (isSet(device.mac)) return 'wifi';
  if (isSet(device.sigfoxID)) return 'sigfox';
  if (isSet(device.IMEI)) return 'cellular';
  return 'wifi';
}

/**
 * Wi-Fi and cellular devices report over the internet (MQTT, or the HTTP JSON call): the only ones the platform
 * answers with JSON on their MQTT `down` topic, output commands included.
 */
export const isOnInternet = (type: CommunicationType): boolean => type === 'wifi' || type === 'cellular';
