/**
 * WM-L water meter pulse counter on LoRaWAN (device type `water-meter-lora`). Big-endian. The fPort says what a frame
 * is:
 *
 * | fPort | direction | frame                                                               | layout        |
 * | ----- | --------- | ------------------------------------------------------------------- | ------------- |
 * | 1     | uplink    | periodic index report                                               | index         |
 * | 2     | uplink    | alarm report, sent at once when a flag changes                      | index         |
 * | 3     | uplink    | configuration report, sent after a configuration is applied         | configuration |
 * | 3     | downlink  | configuration                                                       | configuration |
 *
 * Index layout, 8 bytes:
 *
 * | offset | size | field        | type   | scaling / meaning                                          | signal       |
 * | ------ | ---- | ------------ | ------ | ---------------------------------------------------------- | ------------ |
 * | 0      | 4    | pulse count  | uint32 | pulses since installation, wraps after 4 294 967 295       | pulse_count  |
 * | 4      | 2    | pulse weight | uint16 | 0.1 L per pulse, as applied by the device; 0 is refused    | pulse_weight |
 * | 6      | 1    | flags        | bits   | bit 0 leak: the flow never fell below the leak threshold for 24 h | leak  |
 * |        |      |              |        | bit 1 backflow                                             | backflow     |
 * |        |      |              |        | bit 2 low battery                                          | low_battery  |
 * |        |      |              |        | bit 3 tamper (magnet or cut cable)                         | tamper       |
 * |        |      |              |        | bits 4-7 reserved, ignored                                 |              |
 * | 7      | 1    | battery      | uint8  | %, at most 100                                             | battery      |
 *
 * The volume (signal `volume`, m³) is pulse count × pulse weight, both from the frame, so it needs no stored state.
 *
 * Configuration layout, 6 bytes:
 *
 * | offset | size | field              | type   | scaling / meaning       | parameter         | signal             |
 * | ------ | ---- | ------------------ | ------ | ----------------------- | ----------------- | ------------------ |
 * | 0      | 2    | reporting interval | uint16 | minutes, 15..1440       | reportingInterval | reporting_interval |
 * | 2      | 2    | pulse weight       | uint16 | 0.1 L, 0.1..1000 L      | pulseWeight       | pulse_weight       |
 * | 4      | 2    | leak threshold     | uint16 | 1 L/h, 1..10000         | leakThreshold     | leak_threshold     |
 */
import type { DeviceType, EncodeResult, Reading, SignalValue } from './device-type.js';
import { decodeWith, expectLength, expectRange, FrameReader, refuse } from './frame-reader.js';
import { checkParameters, inSteps, type ParameterDefinition, type ParameterValues } from './parameters.js';

const INDEX_PORTS: Readonly<Record<number, string>> = { 1: 'periodic', 2: 'alarm' };
const CONFIGURATION_PORT = 3;
/** Pulse weights travel in tenths of a litre. */
const PULSE_WEIGHT_STEP = 0.1;

const parameters = [
  {
    key: 'reportingInterval',
    name: 'Reporting interval',
    type: 'integer',
    unit: 'min',
    min: 15,
    max: 1440,
    step: 1,
    default: 60,
  },
  {
    key: 'pulseWeight',
    name: 'Pulse weight',
    type: 'number',
    unit: 'L',
    min: 0.1,
    max: 1000,
    step: PULSE_WEIGHT_STEP,
    default: 1,
  },
  {
    key: 'leakThreshold',
    name: 'Leak threshold',
    type: 'integer',
    unit: 'L/h',
    min: 1,
    max: 10_000,
    step: 1,
    default: 20,
  },
] as const satisfies readonly ParameterDefinition[];

function decodeIndex(frame: FrameReader, trigger: string): [string, SignalValue][] {
  expectLength(frame, 8, 'A WM-L index frame');
  const pulseCount = frame.uint32(0);
  const weightInSteps = expectRange(frame.uint16(4), 1, 0xffff, 'pulse weight');
  const flags = frame.uint8(6);
  return [
    ['trigger', trigger],
    ['pulse_count', pulseCount],
    ['pulse_weight', weightInSteps / 10],
    // Integer product first (below 2^53), one division last: no rounding error builds up on large counts.
    ['volume', (pulseCount * weightInSteps) / 10_000],
    ['leak', (flags & 0b1) !== 0],
    ['backflow', (flags & 0b10) !== 0],
    ['low_battery', (flags & 0b100) !== 0],
    ['tamper', (flags & 0b1000) !== 0],
    ['battery', expectRange(frame.uint8(7), 0, 100, 'battery')],
  ];
}

function decodeConfiguration(frame: FrameReader): [string, SignalValue][] {
  expectLength(frame, 6, 'A WM-L configuration frame');
  return [
    ['trigger', 'configuration'],
    ['reporting_interval', frame.uint16(0)],
    ['pulse_weight', frame.uint16(2) / 10],
    ['leak_threshold', frame.uint16(4)],
  ];
}

function decode(bytes: Uint8Array, port: number | null, date: Date): Reading[] {
  const frame = new FrameReader(bytes);
  const indexTrigger = port === null ? undefined : INDEX_PORTS[port];
  let values: [string, SignalValue][];
  if (indexTrigger) values = decodeIndex(frame, indexTrigger);
  else if (port === CONFIGURATION_PORT) values = decodeConfiguration(frame);
  else values = refuse('decode.unknown_port', `WM-L sends on fPort 1, 2 or 3, not ${port ?? 'without a port'}`);
  return values.map(([signal, value]) => ({ signal, value, date }));
}

function encode(input: ParameterValues): EncodeResult {
  const checked = checkParameters(parameters, input);
  if (!checked.ok) return checked;
  const bytes = new Uint8Array(6);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, checked.values.reportingInterval);
  view.setUint16(2, inSteps(checked.values.pulseWeight, PULSE_WEIGHT_STEP));
  view.setUint16(4, checked.values.leakThreshold);
  return { ok: true, bytes, port: CONFIGURATION_PORT };
}

export const waterMeterLora: DeviceType = {
  id: 'water-meter-lora',
  name: 'WM-L water meter pulse counter',
  communicationTypes: ['lora'],
  signals: [
    { key: 'trigger', name: 'Report trigger', kind: 'event', valueType: 'string', showInList: false },
    { key: 'volume', name: 'Volume', unit: 'm³', kind: 'value', valueType: 'number', showInList: true },
    { key: 'pulse_count', name: 'Pulse count', kind: 'debug', valueType: 'number', showInList: false },
    { key: 'pulse_weight', name: 'Pulse weight', unit: 'L', kind: 'status', valueType: 'number', showInList: false },
    { key: 'leak', name: 'Leak', kind: 'alarm', valueType: 'boolean', showInList: true },
    { key: 'backflow', name: 'Backflow', kind: 'alarm', valueType: 'boolean', showInList: false },
    { key: 'low_battery', name: 'Low battery', kind: 'alarm', valueType: 'boolean', showInList: false },
    { key: 'tamper', name: 'Tamper', kind: 'alarm', valueType: 'boolean', showInList: false },
    { key: 'battery', name: 'Battery', unit: '%', kind: 'value', valueType: 'number', showInList: false },
    {
      key: 'reporting_interval',
      name: 'Reporting interval',
      unit: 'min',
      kind: 'status',
      valueType: 'number',
      showInList: false,
    },
    {
      key: 'leak_threshold',
      name: 'Leak threshold',
      unit: 'L/h',
      kind: 'status',
      valueType: 'number',
      showInList: false,
    },
  ],
  parameters,
  codec: {
    decodeUplink: (uplink) => decodeWith(() => decode(uplink.bytes, uplink.port, uplink.receivedAt)),
    encodeDownlink: encode,
  },
};
