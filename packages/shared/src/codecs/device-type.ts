import type { CommunicationType } from './communication-type.js';
import type { ParameterDefinition, ParameterError, ParameterValues } from './parameters.js';

/** SPEC section 3 "Signal": how a signal's readings are treated in lists, charts and alarms. */
export type SignalKind = 'event' | 'status' | 'debug' | 'value' | 'alarm';

/**
 * A position fix in decimal degrees; altitude in metres when the device measures it. A position the network computed
 * says how (`source`, as the network names its method) and within how many metres (`accuracy`).
 */
export interface GeoPosition {
  lat: number;
  lon: number;
  alt?: number;
  accuracy?: number;
  source?: string;
}

export type SignalValue = number | boolean | string | GeoPosition;

/** Whether a signal's value is a position (the only object a signal value can be). */
export const isGeoPosition = (value: unknown): value is GeoPosition =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { lat?: unknown }).lat === 'number' &&
  typeof (value as { lon?: unknown }).lon === 'number';

export interface SignalDefinition {
  /** Stable within the device type: readings, alarms and charts refer to the signal by this key. */
  key: string;
  name: string;
  unit?: string;
  kind: SignalKind;
  valueType: 'number' | 'boolean' | 'string' | 'position';
  /** Shown as a column of the device list unless the user changes it. */
  showInList: boolean;
  /**
   * The key is a template: readings carry `<key>_<channel>` (Cayenne LPP channels), so one definition describes the
   * signal on every channel.
   */
  perChannel?: true;
}

/** One frame as the network delivered it; `port` is the LoRaWAN fPort, null on networks without ports. */
export interface Uplink {
  bytes: Uint8Array;
  port: number | null;
  receivedAt: Date;
}

export interface Reading {
  /** A signal key of the device type (`temperature`, or `temperature_3` for a per-channel signal). */
  signal: string;
  value: SignalValue;
  date: Date;
}

export type DecodeErrorCode =
  | 'decode.empty'
  | 'decode.truncated'
  | 'decode.wrong_length'
  | 'decode.unknown_type'
  | 'decode.unknown_port'
  | 'decode.out_of_range'
  | 'decode.duplicate_signal';

/** Why a frame was refused; `message` names the byte or field at fault, for the ingest log. */
export interface DecodeError {
  code: DecodeErrorCode;
  message: string;
}

/** A frame is decoded whole or refused whole: a reading is never stored from a frame that is partly wrong. */
export type DecodeResult = { ok: true; readings: Reading[] } | { ok: false; error: DecodeError };

/** The bytes to send, and the fPort on LoRa (null on networks without ports). */
export type EncodeResult =
  | { ok: true; bytes: Uint8Array; port: number | null }
  | { ok: false; errors: ParameterError[] };

export interface Codec {
  /** Never throws: a frame that cannot be decoded gives `ok: false`. */
  decodeUplink(uplink: Uplink): DecodeResult;
  /** Only for device types that take parameters; missing parameters take their defaults. */
  encodeDownlink?(parameters: ParameterValues): EncodeResult;
}

export interface DeviceType {
  id: string;
  name: string;
  communicationTypes: readonly CommunicationType[];
  signals: readonly SignalDefinition[];
  parameters: readonly ParameterDefinition[];
  codec: Codec;
}
