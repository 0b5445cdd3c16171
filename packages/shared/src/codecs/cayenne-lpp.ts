/**
 * Cayenne Low Power Payload (myDevices), the public LoRaWAN format: a frame is a run of
 * `channel (1 byte) | type (1 byte) | data (size of the type)`, big-endian, any number of times. A reading's signal
 * key is the type's key and the channel: temperature on channel 3 is `temperature_3`; the three axes of an
 * accelerometer on channel 6 are `accelerometer_x_6`, `accelerometer_y_6`, `accelerometer_z_6`, so every reading is
 * a plain number that charts and alarms can use.
 *
 * | type | IPSO | data                 | size | resolution                  | signal key(s)          |
 * | ---- | ---- | -------------------- | ---- | --------------------------- | ---------------------- |
 * | 0    | 3200 | digital input        | 1    | 1, unsigned                 | digital_input          |
 * | 1    | 3201 | digital output       | 1    | 1, unsigned                 | digital_output         |
 * | 2    | 3202 | analog input         | 2    | 0.01, signed                | analog_input           |
 * | 3    | 3203 | analog output        | 2    | 0.01, signed                | analog_output          |
 * | 100  | 3300 | generic sensor       | 4    | 1, unsigned                 | generic                |
 * | 101  | 3301 | illuminance          | 2    | 1 lx, unsigned              | illuminance            |
 * | 102  | 3302 | presence             | 1    | 0 / not 0 → boolean         | presence               |
 * | 103  | 3303 | temperature          | 2    | 0.1 °C, signed              | temperature            |
 * | 104  | 3304 | relative humidity    | 1    | 0.5 %, unsigned             | humidity               |
 * | 113  | 3313 | accelerometer        | 6    | 0.001 G, signed, per axis   | accelerometer_x/_y/_z  |
 * | 115  | 3315 | barometer            | 2    | 0.1 hPa, unsigned           | barometer              |
 * | 116  | 3316 | voltage              | 2    | 0.01 V, unsigned            | voltage                |
 * | 117  | 3317 | current              | 2    | 0.001 A, unsigned           | current                |
 * | 118  | 3318 | frequency            | 4    | 1 Hz, unsigned              | frequency              |
 * | 120  | 3320 | percentage           | 1    | 1 %, unsigned               | percentage             |
 * | 121  | 3321 | altitude             | 2    | 1 m, signed                 | altitude               |
 * | 125  | 3325 | concentration        | 2    | 1 ppm, unsigned             | concentration          |
 * | 128  | 3328 | power                | 2    | 1 W, unsigned               | power                  |
 * | 130  | 3330 | distance             | 4    | 0.001 m, unsigned           | distance               |
 * | 131  | 3331 | energy               | 4    | 0.001 kWh, unsigned         | energy                 |
 * | 132  | 3332 | direction            | 2    | 1 °, unsigned               | direction              |
 * | 133  | 3333 | unix time            | 4    | 1 s, unsigned → ISO string  | unix_time              |
 * | 134  | 3334 | gyrometer            | 6    | 0.01 °/s, signed, per axis  | gyrometer_x/_y/_z      |
 * | 135  | 3335 | colour               | 3    | R, G, B → `#rrggbb`         | colour                 |
 * | 136  | 3336 | GPS location         | 9    | lat, lon 0.0001 ° signed (3 bytes each), alt 0.01 m signed (3 bytes) | gps |
 * | 142  | 3342 | switch               | 1    | 0 / not 0 → boolean         | switch                 |
 *
 * Refused frames: empty, an unknown type, data cut short, the same signal twice, a humidity or percentage above 100,
 * a latitude or longitude outside the globe.
 */
import type { DeviceType, GeoPosition, Reading, SignalDefinition, SignalValue } from './device-type.js';
import { decodeWith, expectRange, FrameReader, refuse } from './frame-reader.js';

interface LppSignal extends Omit<SignalDefinition, 'showInList' | 'perChannel'> {
  /** Reads this signal's value from the type's data, which starts at `offset`. */
  read(frame: FrameReader, offset: number): SignalValue;
}

interface LppType {
  type: number;
  size: number;
  signals: LppSignal[];
}

type RawRead = (frame: FrameReader, offset: number) => number;
const u8: RawRead = (frame, offset) => frame.uint8(offset);
const u16: RawRead = (frame, offset) => frame.uint16(offset);
const s16: RawRead = (frame, offset) => frame.int16(offset);
const u32: RawRead = (frame, offset) => frame.uint32(offset);

interface Measurement {
  key: string;
  name: string;
  unit?: string;
  size: number;
  raw: RawRead;
  /** Raw counts per unit: 10 for a resolution of 0.1. */
  divisor?: number;
  /** Above this the value cannot be meant (a humidity over 100 %), so the frame is refused. */
  max?: number;
}

function measured(type: number, { key, name, unit, size, raw, divisor = 1, max }: Measurement): LppType {
  const read = (frame: FrameReader, offset: number) => {
    const value = raw(frame, offset) / divisor;
    return max === undefined ? value : expectRange(value, 0, max, `${key} (type ${type})`);
  };
  return { type, size, signals: [{ key, name, ...(unit ? { unit } : {}), kind: 'value', valueType: 'number', read }] };
}

/** One byte that a device sets to 0 or 1; any other byte is read as on, as the C libraries write a bool. */
function flag(type: number, key: string, name: string): LppType {
  const read = (frame: FrameReader, offset: number) => frame.uint8(offset) !== 0;
  return { type, size: 1, signals: [{ key, name, kind: 'status', valueType: 'boolean', read }] };
}

/** One unsigned byte of a digital line, kept as a number: devices use it for levels and counts beyond 0 and 1. */
function digital(type: number, key: string, name: string): LppType {
  return { type, size: 1, signals: [{ key, name, kind: 'status', valueType: 'number', read: u8 }] };
}

/** Three signed 16-bit axes, x then y then z. */
function axes(type: number, key: string, name: string, unit: string, divisor: number): LppType {
  return {
    type,
    size: 6,
    signals: (['x', 'y', 'z'] as const).map((axis, index) => ({
      key: `${key}_${axis}`,
      name: `${name} ${axis.toUpperCase()}`,
      unit,
      kind: 'value',
      valueType: 'number',
      read: (frame: FrameReader, offset: number) => frame.int16(offset + index * 2) / divisor,
    })),
  };
}

function readPosition(frame: FrameReader, offset: number): GeoPosition {
  return {
    lat: expectRange(frame.int24(offset) / 10_000, -90, 90, 'GPS latitude'),
    lon: expectRange(frame.int24(offset + 3) / 10_000, -180, 180, 'GPS longitude'),
    alt: frame.int24(offset + 6) / 100,
  };
}

const LPP_TYPES: readonly LppType[] = [
  digital(0, 'digital_input', 'Digital input'),
  digital(1, 'digital_output', 'Digital output'),
  measured(2, { key: 'analog_input', name: 'Analog input', size: 2, raw: s16, divisor: 100 }),
  measured(3, { key: 'analog_output', name: 'Analog output', size: 2, raw: s16, divisor: 100 }),
  measured(100, { key: 'generic', name: 'Generic sensor', size: 4, raw: u32 }),
  measured(101, { key: 'illuminance', name: 'Illuminance', unit: 'lx', size: 2, raw: u16 }),
  flag(102, 'presence', 'Presence'),
  measured(103, { key: 'temperature', name: 'Temperature', unit: '°C', size: 2, raw: s16, divisor: 10 }),
  measured(104, { key: 'humidity', name: 'Relative humidity', unit: '%', size: 1, raw: u8, divisor: 2, max: 100 }),
  axes(113, 'accelerometer', 'Acceleration', 'G', 1000),
  measured(115, { key: 'barometer', name: 'Barometric pressure', unit: 'hPa', size: 2, raw: u16, divisor: 10 }),
  measured(116, { key: 'voltage', name: 'Voltage', unit: 'V', size: 2, raw: u16, divisor: 100 }),
  measured(117, { key: 'current', name: 'Current', unit: 'A', size: 2, raw: u16, divisor: 1000 }),
  measured(118, { key: 'frequency', name: 'Frequency', unit: 'Hz', size: 4, raw: u32 }),
  measured(120, { key: 'percentage', name: 'Percentage', unit: '%', size: 1, raw: u8, max: 100 }),
  measured(121, { key: 'altitude', name: 'Altitude', unit: 'm', size: 2, raw: s16 }),
  measured(125, { key: 'concentration', name: 'Concentration', unit: 'ppm', size: 2, raw: u16 }),
  measured(128, { key: 'power', name: 'Power', unit: 'W', size: 2, raw: u16 }),
  measured(130, { key: 'distance', name: 'Distance', unit: 'm', size: 4, raw: u32, divisor: 1000 }),
  measured(131, { key: 'energy', name: 'Energy', unit: 'kWh', size: 4, raw: u32, divisor: 1000 }),
  measured(132, { key: 'direction', name: 'Direction', unit: '°', size: 2, raw: u16 }),
  {
    type: 133,
    size: 4,
    signals: [
      {
        key: 'unix_time',
        name: 'Device time',
        kind: 'value',
        valueType: 'string',
        read: (frame, offset) => new Date(frame.uint32(offset) * 1000).toISOString(),
      },
    ],
  },
  axes(134, 'gyrometer', 'Angular rate', '°/s', 100),
  {
    type: 135,
    size: 3,
    signals: [
      {
        key: 'colour',
        name: 'Colour',
        kind: 'value',
        valueType: 'string',
        read: (frame, offset) => `#${frame.uint24(offset).toString(16).padStart(6, '0')}`,
      },
    ],
  },
  {
    type: 136,
    size: 9,
    signals: [{ key: 'gps', name: 'GPS location', kind: 'value', valueType: 'position', read: readPosition }],
  },
  flag(142, 'switch', 'Switch'),
];

const LPP_TYPE_BY_ID = new Map(LPP_TYPES.map((lppType) => [lppType.type, lppType]));

/** Shown in the device list by default: what a Cayenne sensor is usually bought for. */
const LISTED = new Set(['temperature', 'humidity', 'gps']);

function decodeLpp(bytes: Uint8Array, date: Date): Reading[] {
  if (bytes.length === 0) refuse('decode.empty', 'Cayenne LPP frame is empty');
  const frame = new FrameReader(bytes);
  const readings: Reading[] = [];
  let offset = 0;
  while (offset < frame.length) {
    const channel = frame.uint8(offset);
    if (offset + 1 >= frame.length) refuse('decode.truncated', `channel ${channel} at offset ${offset} has no type`);
    const typeId = frame.uint8(offset + 1);
    const lppType = LPP_TYPE_BY_ID.get(typeId);
    if (!lppType) refuse('decode.unknown_type', `unknown Cayenne LPP type ${typeId} at offset ${offset + 1}`);
    const data = offset + 2;
    if (data + lppType.size > frame.length) {
      refuse(
        'decode.truncated',
        `channel ${channel} type ${typeId} needs ${lppType.size} bytes at offset ${data}, ${frame.length - data} left`,
      );
    }
    for (const signal of lppType.signals) {
      const key = `${signal.key}_${channel}`;
      if (readings.some((reading) => reading.signal === key)) {
        refuse('decode.duplicate_signal', `${key} appears twice in the frame`);
      }
      readings.push({ signal: key, value: signal.read(frame, data), date });
    }
    offset = data + lppType.size;
  }
  return readings;
}

export const cayenneLpp: DeviceType = {
  id: 'cayenne-lpp',
  name: 'Cayenne LPP device',
  communicationTypes: ['lora'],
  signals: LPP_TYPES.flatMap((lppType) =>
    lppType.signals.map(({ read: _read, ...signal }) => ({
      ...signal,
      showInList: LISTED.has(signal.key),
      perChannel: true as const,
    })),
  ),
  parameters: [],
  codec: {
    decodeUplink: (uplink) => decodeWith(() => decodeLpp(uplink.bytes, uplink.receivedAt)),
  },
};
