import { DeviceMessage, hexToBytes } from '@iot/shared';
import type { InboundUplink, IpDownlink } from './pipeline.js';

/** The most of an unreadable message kept to show: enough to see what the device sent wrong. */
export const UNREADABLE_KEPT_CHARS = 2_000;

/**
 * The uplink a Wi-Fi or cellular device's MQTT message stands for. One that is not JSON of the documented shape is
 * kept as it came (its start), marked unreadable, so it shows among the device's frames rather than vanishing: the
 * device authenticated itself, so the message is its own.
 */
export function uplinkOf(deviceId: string, payload: Buffer): InboundUplink {
  const text = payload.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = DeviceMessage.safeParse(json);
  // The device authenticated itself with its own credentials: no integration narrows where it may be.
  if (parsed.success) return deviceMessageUplink(deviceId, parsed.data, null);
  return {
    network: 'ip',
    device: { id: deviceId },
    scopePath: null,
    counter: null,
    sentAt: null,
    payload: { kind: 'unreadable', text: text.slice(0, UNREADABLE_KEPT_CHARS) },
  };
}

/** A device message (MQTT, or the HTTP JSON call within an integration's `scopePath`) as the pipeline takes it. */
export function deviceMessageUplink(deviceId: string, message: DeviceMessage, scopePath: string | null): InboundUplink {
  return {
    network: 'ip',
    device: { id: deviceId },
    scopePath,
    counter: message.seq,
    sentAt: message.ts === undefined ? null : new Date(message.ts),
    payload:
      'values' in message
        ? { kind: 'values', values: message.values }
        : { kind: 'frame', bytes: hexToBytes(message.data), port: message.port ?? null },
    ...(message.rssi === undefined ? {} : { radio: { rssi: message.rssi } }),
  };
}

/** `devices/{id}/up` → id; undefined for any other topic. */
export function deviceOfUpTopic(topic: string): string | undefined {
  const match = /^devices\/([^/+#]+)\/up$/.exec(topic);
  return match?.[1];
}

/** What a device reads on its `down` topic: `{"data","port"}` for parameters, `{"outputs"}` for output commands. */
export const downlinkMessage = (message: IpDownlink) =>
  Buffer.from(
    JSON.stringify(
      'outputs' in message ? { outputs: message.outputs } : { data: message.downlink.hex, port: message.downlink.port },
    ),
  );
