/**
 * TH-S temperature and humidity sensor on Sigfox (device type `th-sensor-sigfox`). Big-endian.
 *
 * Uplink, always 12 bytes (the Sigfox maximum):
 *
 * | offset | size | field            | type   | scaling / meaning                                        | signal           |
 * | ------ | ---- | ---------------- | ------ | -------------------------------------------------------- | ---------------- |
 * | 0      | 1    | frame type       | uint8  | 0x01 periodic report, 0x02 alarm report (sent at once)   | trigger          |
 * | 1      | 2    | temperature      | int16  | 0.01 °C                                                  | temperature      |
 * | 3      | 2    | humidity         | uint16 | 0.01 %RH, at most 100.00                                 | humidity         |
 * | 5      | 2    | battery voltage  | uint16 | 1 mV, reported in V                                      | battery_voltage  |
 * | 7      | 1    | status flags     | bits   | bit 0 temperature alarm (outside a threshold, alarms on) | temperature_alarm |
 * |        |      |                  |        | bit 1 above the high threshold                           | temperature_high |
 * |        |      |                  |        | bit 2 below the low threshold                            | temperature_low  |
 * |        |      |                  |        | bit 3 low battery                                        | low_battery      |
 * |        |      |                  |        | bit 4 sensor fault                                       | sensor_fault     |
 * |        |      |                  |        | bits 5-7 reserved, ignored                               |                  |
 * | 8      | 2    | sequence         | uint16 | counts frames, wraps after 65535                         | sequence         |
 * | 10     | 2    | reporting period | uint16 | minutes, as applied: confirms a parameterization          | reporting_period |
 *
 * Downlink, exactly 8 bytes (a Sigfox `downlinkData` of 16 hex characters):
 *
 * | offset | size | field                      | type   | scaling / meaning               | parameter         |
 * | ------ | ---- | -------------------------- | ------ | ------------------------------- | ----------------- |
 * | 0      | 1    | command                    | uint8  | 0x01 configuration              |                   |
 * | 1      | 2    | reporting period           | uint16 | minutes, 15..1440               | reportingPeriod   |
 * | 3      | 2    | high temperature threshold | int16  | 0.01 °C, -40..85                | temperatureHigh   |
 * | 5      | 2    | low temperature threshold  | int16  | 0.01 °C, -40..85, below the high | temperatureLow    |
 * | 7      | 1    | options                    | bits   | bit 0 alarms on; bits 1-7 zero  | alarmEnabled      |
 */
import type { DeviceType, EncodeResult, Reading, SignalValue } from './device-type.js';
import { decodeWith, expectLength, expectRange, FrameReader, refuse } from './frame-reader.js';
import { checkParameters, inSteps, type ParameterDefinition, type ParameterValues } from './parameters.js';

const FRAME_TRIGGERS: Readonly<Record<number, string>> = { 1: 'periodic', 2: 'alarm' };
const CONFIGURATION_COMMAND = 0x01;

const parameters = [
  // Sigfox allows 140 uplinks a day; one every 15 minutes leaves 44 for alarm reports.
  {
    key: 'reportingPeriod',
    name: 'Reporting period',
    type: 'integer',
    unit: 'min',
    min: 15,
    max: 1440,
    step: 1,
    default: 60,
  },
  {
    key: 'temperatureHigh',
    name: 'High temperature threshold',
    type: 'number',
    unit: '°C',
    min: -40,
    max: 85,
    step: 0.01,
    default: 30,
  },
  {
    key: 'temperatureLow',
    name: 'Low temperature threshold',
    type: 'number',
    unit: '°C',
    min: -40,
    max: 85,
    step: 0.01,
    default: 0,
    below: 'temperatureHigh',
  },
  { key: 'alarmEnabled', name: 'Temperature alarms', type: 'boolean', default: true },
] as const satisfies readonly ParameterDefinition[];

function decode(bytes: Uint8Array, date: Date): Reading[] {
  const frame = new FrameReader(bytes);
  expectLength(frame, 12, 'A TH-S frame');
  const frameType = frame.uint8(0);
  const trigger = FRAME_TRIGGERS[frameType];
  if (!trigger) refuse('decode.unknown_type', `unknown TH-S frame type 0x${frameType.toString(16).padStart(2, '0')}`);
  const flags = frame.uint8(7);
  const values: [string, SignalValue][] = [
    ['trigger', trigger],
    ['temperature', frame.int16(1) / 100],
    ['humidity', expectRange(frame.uint16(3) / 100, 0, 100, 'humidity')],
    ['battery_voltage', frame.uint16(5) / 1000],
    ['temperature_alarm', (flags & 0b1) !== 0],
    ['temperature_high', (flags & 0b10) !== 0],
    ['temperature_low', (flags & 0b100) !== 0],
    ['low_battery', (flags & 0b1000) !== 0],
    ['sensor_fault', (flags & 0b10000) !== 0],
    ['sequence', frame.uint16(8)],
    ['reporting_period', frame.uint16(10)],
  ];
  return values.map(([signal, value]) => ({ signal, value, date }));
}

function encode(input: ParameterValues): EncodeResult {
  const checked = checkParameters(parameters, input);
  if (!checked.ok) return checked;
  const { reportingPeriod, temperatureHigh, temperatureLow, alarmEnabled } = checked.values;
  const bytes = new Uint8Array(8);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, CONFIGURATION_COMMAND);
  view.setUint16(1, reportingPeriod);
  view.setInt16(3, inSteps(temperatureHigh, 0.01));
  view.setInt16(5, inSteps(temperatureLow, 0.01));
  view.setUint8(7, alarmEnabled ? 1 : 0);
  return { ok: true, bytes, port: null };
}

export const thSensorSigfox: DeviceType = {
  id: 'th-sensor-sigfox',
  name: 'TH-S temperature and humidity sensor',
  communicationTypes: ['sigfox'],
  signals: [
    { key: 'trigger', name: 'Report trigger', kind: 'event', valueType: 'string', showInList: false },
    { key: 'temperature', name: 'Temperature', unit: '°C', kind: 'value', valueType: 'number', showInList: true },
    { key: 'humidity', name: 'Relative humidity', unit: '%', kind: 'value', valueType: 'number', showInList: true },
    {
      key: 'battery_voltage',
      name: 'Battery voltage',
      unit: 'V',
      kind: 'value',
      valueType: 'number',
      showInList: false,
    },
    { key: 'temperature_alarm', name: 'Temperature alarm', kind: 'alarm', valueType: 'boolean', showInList: true },
    { key: 'temperature_high', name: 'Above high threshold', kind: 'status', valueType: 'boolean', showInList: false },
    { key: 'temperature_low', name: 'Below low threshold', kind: 'status', valueType: 'boolean', showInList: false },
    { key: 'low_battery', name: 'Low battery', kind: 'alarm', valueType: 'boolean', showInList: false },
    { key: 'sensor_fault', name: 'Sensor fault', kind: 'alarm', valueType: 'boolean', showInList: false },
    { key: 'sequence', name: 'Sequence number', kind: 'debug', valueType: 'number', showInList: false },
    {
      key: 'reporting_period',
      name: 'Reporting period',
      unit: 'min',
      kind: 'status',
      valueType: 'number',
      showInList: false,
    },
  ],
  parameters,
  codec: {
    decodeUplink: (uplink) => decodeWith(() => decode(uplink.bytes, uplink.receivedAt)),
    encodeDownlink: encode,
  },
};
