/**
 * GT-C GPS tracker with battery, on cellular or Wi-Fi (device type `gps-tracker`). Frames arrive whole over MQTT or
 * HTTP, without a port; the first byte says what a frame is. Big-endian.
 *
 * Position frame (type 0x01), 18 bytes, sent while the tracker has a GPS fix:
 *
 * | offset | size | field      | type   | scaling / meaning                         | signal      |
 * | ------ | ---- | ---------- | ------ | ----------------------------------------- | ----------- |
 * | 0      | 1    | frame type | uint8  | 0x01                                      | gps_fix (true) |
 * | 1      | 4    | latitude   | int32  | 1e-7 °, -90..90                           | position.lat |
 * | 5      | 4    | longitude  | int32  | 1e-7 °, -180..180                         | position.lon |
 * | 9      | 2    | altitude   | int16  | 1 m above sea level                       | position.alt |
 * | 11     | 2    | speed      | uint16 | 0.1 km/h                                  | speed       |
 * | 13     | 2    | heading    | uint16 | 0.1 °, clockwise from north, 0..359.9     | heading     |
 * | 15     | 1    | satellites | uint8  | satellites in the fix                     | satellites  |
 * | 16     | 1    | battery    | uint8  | %, at most 100                            | battery     |
 * | 17     | 1    | flags      | bits   | bit 0 moving; bit 1 SOS button; bit 2 low battery; bits 3-7 reserved, ignored | moving, sos, low_battery |
 *
 * Heartbeat frame (type 0x02), 3 bytes, sent instead when there is no fix:
 *
 * | offset | size | field      | type  | scaling / meaning           | signal          |
 * | ------ | ---- | ---------- | ----- | --------------------------- | --------------- |
 * | 0      | 1    | frame type | uint8 | 0x02                        | gps_fix (false) |
 * | 1      | 1    | battery    | uint8 | %, at most 100              | battery         |
 * | 2      | 1    | flags      | bits  | as in the position frame    | moving, sos, low_battery |
 *
 * Downlink, 5 bytes:
 *
 * | offset | size | field                | type   | scaling / meaning    | parameter     |
 * | ------ | ---- | -------------------- | ------ | -------------------- | ------------- |
 * | 0      | 1    | command              | uint8  | 0x01 configuration   |               |
 * | 1      | 2    | period while moving  | uint16 | seconds, 10..3600    | movingPeriod  |
 * | 3      | 2    | period while stopped | uint16 | minutes, 5..1440     | stoppedPeriod |
 */
import type { DeviceType, EncodeResult, Reading, SignalValue } from './device-type.js';
import { decodeWith, expectLength, expectRange, FrameReader, refuse } from './frame-reader.js';
import { checkParameters, type ParameterDefinition, type ParameterValues } from './parameters.js';

const POSITION_FRAME = 0x01;
const HEARTBEAT_FRAME = 0x02;
const CONFIGURATION_COMMAND = 0x01;

const parameters = [
  {
    key: 'movingPeriod',
    name: 'Reporting period while moving',
    type: 'integer',
    unit: 's',
    min: 10,
    max: 3600,
    step: 1,
    default: 60,
  },
  {
    key: 'stoppedPeriod',
    name: 'Reporting period while stopped',
    type: 'integer',
    unit: 'min',
    min: 5,
    max: 1440,
    step: 1,
    default: 60,
  },
] as const satisfies readonly ParameterDefinition[];

function batteryAndFlags(frame: FrameReader, offset: number): [string, SignalValue][] {
  const flags = frame.uint8(offset + 1);
  return [
    ['battery', expectRange(frame.uint8(offset), 0, 100, 'battery')],
    ['moving', (flags & 0b1) !== 0],
    ['sos', (flags & 0b10) !== 0],
    ['low_battery', (flags & 0b100) !== 0],
  ];
}

function decodePosition(frame: FrameReader): [string, SignalValue][] {
  expectLength(frame, 18, 'A GT-C position frame');
  const position = {
    lat: expectRange(frame.int32(1) / 1e7, -90, 90, 'latitude'),
    lon: expectRange(frame.int32(5) / 1e7, -180, 180, 'longitude'),
    alt: frame.int16(9),
  };
  return [
    ['gps_fix', true],
    ['position', position],
    ['speed', frame.uint16(11) / 10],
    ['heading', expectRange(frame.uint16(13) / 10, 0, 359.9, 'heading')],
    ['satellites', frame.uint8(15)],
    ...batteryAndFlags(frame, 16),
  ];
}

function decodeHeartbeat(frame: FrameReader): [string, SignalValue][] {
  expectLength(frame, 3, 'A GT-C heartbeat frame');
  return [['gps_fix', false], ...batteryAndFlags(frame, 1)];
}

function decode(bytes: Uint8Array, date: Date): Reading[] {
  if (bytes.length === 0) refuse('decode.empty', 'GT-C frame is empty');
  const frame = new FrameReader(bytes);
  const frameType = frame.uint8(0);
  let values: [string, SignalValue][];
  if (frameType === POSITION_FRAME) values = decodePosition(frame);
  else if (frameType === HEARTBEAT_FRAME) values = decodeHeartbeat(frame);
  else values = refuse('decode.unknown_type', `unknown GT-C frame type 0x${frameType.toString(16).padStart(2, '0')}`);
  return values.map(([signal, value]) => ({ signal, value, date }));
}

function encode(input: ParameterValues): EncodeResult {
  const checked = checkParameters(parameters, input);
  if (!checked.ok) return checked;
  const bytes = new Uint8Array(5);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, CONFIGURATION_COMMAND);
  view.setUint16(1, checked.values.movingPeriod);
  view.setUint16(3, checked.values.stoppedPeriod);
  return { ok: true, bytes, port: null };
}

export const gpsTracker: DeviceType = {
  id: 'gps-tracker',
  name: 'GT-C GPS tracker',
  communicationTypes: ['cellular', 'wifi'],
  signals: [
    { key: 'position', name: 'Position', kind: 'value', valueType: 'position', showInList: true },
    { key: 'gps_fix', name: 'GPS fix', kind: 'status', valueType: 'boolean', showInList: false },
    { key: 'speed', name: 'Speed', unit: 'km/h', kind: 'value', valueType: 'number', showInList: true },
    { key: 'heading', name: 'Heading', unit: '°', kind: 'value', valueType: 'number', showInList: false },
    { key: 'satellites', name: 'Satellites', kind: 'debug', valueType: 'number', showInList: false },
    { key: 'battery', name: 'Battery', unit: '%', kind: 'value', valueType: 'number', showInList: true },
    { key: 'moving', name: 'Moving', kind: 'status', valueType: 'boolean', showInList: true },
    { key: 'sos', name: 'SOS', kind: 'alarm', valueType: 'boolean', showInList: true },
    { key: 'low_battery', name: 'Low battery', kind: 'alarm', valueType: 'boolean', showInList: false },
  ],
  parameters,
  codec: {
    decodeUplink: (uplink) => decodeWith(() => decode(uplink.bytes, uplink.receivedAt)),
    encodeDownlink: encode,
  },
};
