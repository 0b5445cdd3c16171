import { randomUUID } from 'node:crypto';
import {
  bytesToHex,
  type CommunicationType,
  checkParameters,
  communicationType,
  findDeviceType,
  type ParameterizationStatus,
  type ParameterValues,
} from '@iot/shared';
import type { Database } from './db/schema.js';
import type { DevicesRepo } from './modules/devices/repo.js';

const MINUTE_MS = 60 * 1000;

type NetworkIds = { loraEUI?: string; mac?: string; sigfoxID?: string; IMEI?: string };

interface DemoDevice {
  description: string;
  deviceType: string;
  ids: NetworkIds;
  /** Latest values by signal key; positions as `{ lat, lon }`. */
  values?: Record<string, unknown>;
  /** Minutes since the device was last heard from; absent: never seen. */
  seenMinutesAgo?: number;
  parametersStatus?: ParameterizationStatus;
  /** Outputs the device has (a relay, a valve), all off and never changed. */
  outputs?: { key: string; name: string }[];
}

/** The index frame's pulse weight (the type's default): the simulator counts on from the seeded pulses with it. */
const METER_PULSE_LITRES = 1;

/**
 * A water meter reading `cubicMetres`, its values as its index frame gives them (volume = pulses × pulse weight, the
 * battery in %), so the simulator carries on from the same reading.
 */
const meter = (n: number, cubicMetres: number, leak = false): DemoDevice => ({
  description: `Water meter ${n}`,
  deviceType: 'water-meter-lora',
  ids: { loraEUI: `70B3D57ED00010${String(n).padStart(2, '0')}` },
  values: {
    volume: cubicMetres,
    pulse_count: (cubicMetres * 1000) / METER_PULSE_LITRES,
    pulse_weight: METER_PULSE_LITRES,
    leak,
    backflow: false,
    battery: 90 - n * 4,
  },
  seenMinutesAgo: 10 + n * 7,
  parametersStatus: n % 3 === 0 ? 'WAITING' : 'CONFIRMED',
});

const sensor = (n: number, temperature: number, humidity: number): DemoDevice => ({
  description: `Cold room ${n}`,
  deviceType: 'th-sensor-sigfox',
  ids: { sigfoxID: `1A2B${String(n).padStart(2, '0')}` },
  values: { temperature, humidity, battery_voltage: 3.1, temperature_alarm: temperature > 8 },
  seenMinutesAgo: 5 + n * 11,
  parametersStatus: n === 2 ? 'SENT' : 'CONFIRMED',
});

const tracker = (n: number, imei: string, lat: number, lon: number, moving: boolean): DemoDevice => ({
  description: `Van ${n}`,
  deviceType: 'gps-tracker',
  ids: { IMEI: imei },
  values: { position: { lat, lon }, speed: moving ? 42 : 0, battery: 80 - n * 9, moving, satellites: 9 },
  seenMinutesAgo: 2 + n * 3,
  outputs: [
    { key: 'immobiliser', name: 'Engine immobiliser' },
    { key: 'cabin_light', name: 'Cabin light' },
  ],
});

/**
 * Devices of every type across the demo tree, by the description of their business, with plausible latest values
 * (the simulator of the ingest issue will keep them moving): some waiting for parameters, one never seen.
 */
export const DEMO_DEVICES: Record<string, DemoDevice[]> = {
  'Porto plant': [meter(1, 15230), meter(2, 8044, true), meter(3, 22710), sensor(1, 4.2, 61), sensor(2, 9.1, 70)],
  'Braga plant': [
    meter(4, 3310),
    meter(5, 12009),
    { description: 'Spare meter', deviceType: 'water-meter-lora', ids: { loraEUI: '70B3D57ED0001099' } },
  ],
  'Lisbon plant': [
    tracker(1, '356938035643809', 38.7223, -9.1393, true),
    tracker(2, '490154203237518', 38.7369, -9.1427, false),
    {
      description: 'Pump room sensor',
      deviceType: 'cayenne-lpp',
      ids: { loraEUI: '70B3D57ED0002001' },
      values: { temperature_1: 21.5, humidity_2: 48, analog_input_3: 2.75 },
      seenMinutesAgo: 45,
    },
  ],
  'Lisbon warehouse': [tracker(3, '353918057822658', 38.7077, -9.1365, true), sensor(3, 6.4, 55)],
};

/** Inserts the demo devices under the businesses of the demo tree (found by description). */
export async function insertDemoDevices(
  devices: DevicesRepo,
  businesses: { id: string; path: string; description: string }[],
  now: number,
  trx: Database,
): Promise<number> {
  let count = 0;
  for (const business of businesses) {
    for (const demo of DEMO_DEVICES[business.description] ?? []) {
      const seenAt = demo.seenMinutesAgo === undefined ? null : now - demo.seenMinutesAgo * MINUTE_MS;
      const communication: CommunicationType = communicationType(demo.ids);
      // Parameters that wait or were sent are the type's defaults, encoded, so the device's next uplinks move them on.
      const pending = demo.parametersStatus === 'WAITING' || demo.parametersStatus === 'SENT';
      const encoded = pending ? findDeviceType(demo.deviceType)?.codec.encodeDownlink?.({}) : undefined;
      await devices.insert(
        {
          id: randomUUID(),
          businessId: business.id,
          businessPath: business.path,
          description: demo.description,
          serialNumber: `DEMO-${String(count + 1).padStart(4, '0')}`,
          deviceType: demo.deviceType,
          fwVersion: '1.0.0',
          loraEui: demo.ids.loraEUI ?? null,
          mac: demo.ids.mac ?? null,
          sigfoxId: demo.ids.sigfoxID ?? null,
          imei: demo.ids.IMEI ?? null,
          communication,
          usageLicenseId: null,
          signalValues: JSON.stringify(
            Object.fromEntries(Object.entries(demo.values ?? {}).map(([key, value]) => [key, { value, date: seenAt }])),
          ),
          parametersStatus: demo.parametersStatus ?? null,
          ...(encoded?.ok
            ? { downlinkData: bytesToHex(encoded.bytes), downlinkPort: encoded.port, parametersStatusAt: now }
            : {}),
          routeDestination: null,
          outputs: JSON.stringify(
            (demo.outputs ?? []).map((output) => ({
              ...output,
              value: false,
              lastChange: null,
              lastSent: null,
              lastConfirmed: null,
            })),
          ),
          lastSeenAt: seenAt,
          createdAt: now,
          version: 1,
        },
        trx,
      );
      count += 1;
    }
  }
  return count;
}

interface DemoPreset {
  name: string;
  description: string;
  model: string;
  values: ParameterValues;
}

/** Parameter presets by the business they belong to, so a demo can configure devices in a few clicks. */
const DEMO_PRESETS: Record<string, DemoPreset[]> = {
  'Acme Water': [
    {
      name: 'Cold room, chilled goods',
      description: 'Report every 30 minutes; alarm outside 2–8 °C',
      model: 'th-sensor-sigfox',
      values: { reportingPeriod: 30, temperatureHigh: 8, temperatureLow: 2, alarmEnabled: true },
    },
    {
      name: 'Meter, night leak watch',
      description: 'Hourly reports; a leak from 10 pulses an hour',
      model: 'water-meter-lora',
      values: { reportingInterval: 60, pulseWeight: 1, leakThreshold: 10 },
    },
  ],
  'Blue Harbour Logistics': [
    {
      name: 'Frozen storage',
      description: 'Report every 15 minutes; alarm above -15 °C',
      model: 'th-sensor-sigfox',
      values: { reportingPeriod: 15, temperatureHigh: -15, temperatureLow: -30, alarmEnabled: true },
    },
  ],
};

/** The demo's parameter presets, their values checked against their device type as the presets page checks them. */
export async function insertDemoPresets(
  businesses: { id: string; path: string; description: string }[],
  now: number,
  trx: Database,
): Promise<void> {
  for (const business of businesses) {
    for (const preset of DEMO_PRESETS[business.description] ?? []) {
      const parameters = findDeviceType(preset.model)?.parameters ?? [];
      const checked = checkParameters(parameters, preset.values);
      if (!checked.ok) throw new Error(`demo preset ${preset.name}: ${JSON.stringify(checked.errors)}`);
      await trx
        .insertInto('parameterPresets')
        .values({
          id: randomUUID(),
          businessId: business.id,
          businessPath: business.path,
          name: preset.name,
          description: preset.description,
          model: preset.model,
          profile: JSON.stringify(checked.values),
          createdAt: now,
          updatedAt: now,
          version: 1,
        })
        .execute();
    }
  }
}
