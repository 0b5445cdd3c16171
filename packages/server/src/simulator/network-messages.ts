import { randomUUID } from 'node:crypto';
import type { DeviceMessage } from '@iot/shared';
import type { SimulatedFrame } from './device-model.js';
import { hashOf, noise, type Random } from './random.js';

/** Sigfox sequence numbers are 12 bits. */
export const SIGFOX_SEQUENCE_MODULO = 4096;

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const round1 = (value: number) => Math.round(value * 10) / 10;

/** A radio link's own level for a device: the same device stays about as well covered from one frame to the next. */
const linkLevel = (deviceKey: string, low: number, high: number) =>
  low + ((hashOf(deviceKey) % 1000) / 1000) * (high - low);

/** The body of a Sigfox custom callback (uplink, `{...}` variables as the backend fills them in). */
export function sigfoxCallback(
  device: { sigfoxId: string; deviceType: string },
  frame: SimulatedFrame,
  counter: number,
  at: number,
  random: Random,
) {
  const rssi = linkLevel(device.sigfoxId, -122, -98) + noise(random, 2);
  const snr = Math.max(1, linkLevel(device.sigfoxId, 6, 22) + noise(random, 1.5));
  return {
    device: device.sigfoxId,
    time: Math.floor(at / 1000),
    data: hex(frame.bytes),
    seqNumber: counter % SIGFOX_SEQUENCE_MODULO,
    deviceTypeId: `sim-${device.deviceType}`,
    station: (0x1a2b + Math.floor(random() * 6)).toString(16).toUpperCase(),
    rssi: round1(rssi),
    snr: round1(snr),
    avgSnr: round1(snr + noise(random, 1)),
    ack: false,
  };
}

const GATEWAYS = ['0016c001ff10a235', '0016c001ff10a236', '0016c001ff10a237'];

/** A ChirpStack v4 `up` event as its HTTP integration posts it (JSON marshaler). */
export function chirpstackUp(
  device: { loraEui: string; deviceType: string; description: string },
  frame: SimulatedFrame,
  counter: number,
  at: number,
  random: Random,
) {
  const devEui = device.loraEui.toLowerCase();
  const level = linkLevel(devEui, -112, -78);
  const heardBy = 1 + Math.floor(random() * GATEWAYS.length);
  const spreadingFactor = level > -95 ? 7 : level > -105 ? 9 : 10;
  return {
    deduplicationId: randomUUID(),
    time: new Date(at).toISOString(),
    deviceInfo: {
      tenantId: '52f14cd4-c6f1-4fbd-8f87-4025e1d49242',
      tenantName: 'Simulator',
      applicationId: 'd3c1fc1c-2a1d-4a7c-9a7b-1e6f4c2b9a01',
      applicationName: 'Simulator',
      deviceProfileId: '0b5a0b42-83d1-4f55-9cbb-7f8f3b1b5d6e',
      deviceProfileName: device.deviceType,
      deviceName: device.description,
      devEui,
    },
    devAddr: devEui.slice(-8),
    adr: true,
    dr: 12 - spreadingFactor,
    fCnt: counter >>> 0,
    ...(frame.port === null ? {} : { fPort: frame.port }),
    confirmed: false,
    data: Buffer.from(frame.bytes).toString('base64'),
    rxInfo: GATEWAYS.slice(0, heardBy).map((gatewayId, index) => ({
      gatewayId,
      uplinkId: Math.floor(random() * 65536),
      rssi: Math.round(level - index * 6 + noise(random, 2)),
      snr: round1(Math.min(12, (level + 115) / 3 - index * 2 + noise(random, 1))),
      channel: Math.floor(random() * 8),
      context: Buffer.from(Uint8Array.of(index, 0, 0, 0)).toString('base64'),
      crcStatus: 'CRC_OK',
    })),
    txInfo: {
      frequency: 868_100_000 + Math.floor(random() * 3) * 200_000,
      modulation: { lora: { bandwidth: 125_000, spreadingFactor, codeRate: 'CR_4_5' } },
    },
  };
}

/** The message a Wi-Fi or cellular device publishes on `devices/{uuid}/up` (or posts to `/api/ingest/http`). */
export function deviceMessage(deviceId: string, frame: SimulatedFrame, counter: number, at: number, random: Random) {
  const message: DeviceMessage = {
    seq: counter,
    ts: at,
    data: hex(frame.bytes),
    ...(frame.port === null ? {} : { port: frame.port }),
    rssi: Math.round(linkLevel(deviceId, -88, -58) + noise(random, 3)),
  };
  return message;
}
