import type { SignalDefinition } from '../codecs/device-type.js';
import { z } from '../validation.js';
import { Alarm, AlarmTransitionSchema } from './alarms.js';
import { Version } from './common.js';
import { ParameterizationStatus } from './devices.js';
import { DeviceLocation } from './places.js';

/** Signals count as recent while their last reading is at most this old (SPEC section 9). */
export const RECENT_SIGNAL_MS = 24 * 60 * 60 * 1000;

/** Whether a signal value or a last-seen time (ISO date) still counts as recent at `now`. */
export const isRecentSignal = (date: string, now: number = Date.now()) => now - Date.parse(date) <= RECENT_SIGNAL_MS;

/**
 * How many registers (readings) one data query may ask for (SPEC section 5: more than a minimum, up to a limit).
 * Above `max` the answer is cut at the newest `max` readings and says how many there were and from which date on.
 */
export const READINGS_LIMITS = { min: 1, max: 10_000 } as const;

/** Networks an integration token is issued for; `http` is the platform's own JSON ingest call. */
export const INTEGRATION_NETWORKS = ['sigfox', 'chirpstack', 'ttn', 'http'] as const;
export const IntegrationNetwork = z.enum(INTEGRATION_NETWORKS);
export type IntegrationNetwork = z.infer<typeof IntegrationNetwork>;

/** SPEC section 4: what the commissioning tab lists, oldest first. */
export const COMMISSIONING_EVENTS = [
  /** The network accepted the device's join or rejoin (ChirpStack `join`, The Things Stack `join_accept`). */
  'JOINED',
  'COMMISSIONING_START',
  'LINK_QUALITY_COMPUTED',
  'REQUESTED_PARAM',
  'REQUESTED_PARAM_TIMEOUT',
  'CONFIRMATION_PARAM_TIMEOUT',
  'OK',
] as const;
export const CommissioningEventKind = z.enum(COMMISSIONING_EVENTS);
export type CommissioningEventKind = z.infer<typeof CommissioningEventKind>;

export const LINK_QUALITIES = ['GOOD', 'MEDIUM', 'BAD', 'UNAVAILABLE'] as const;
export const LinkQuality = z.enum(LINK_QUALITIES);
export type LinkQuality = z.infer<typeof LinkQuality>;

/** What the network told about the radio link of one uplink (best gateway or base station). */
export interface RadioMetadata {
  rssi?: number | undefined;
  snr?: number | undefined;
  /** Gateways (LoRa) or base stations (Sigfox) that heard the frame. */
  receivers?: number | undefined;
  /** LoRa: the data rate the frame was sent at (`SF7BW125`). */
  dataRate?: string | undefined;
}

/**
 * Link quality from the radio metadata of one uplink. Thresholds, from the networks' own coverage guidance:
 * - LoRa: GOOD when SNR ≥ 0 dB and RSSI ≥ -105 dBm; MEDIUM when SNR ≥ -10 dB and RSSI ≥ -120 dBm; else BAD.
 * - Sigfox: GOOD when RSSI ≥ -110 dBm and at least 3 base stations heard it; MEDIUM when RSSI ≥ -125 dBm; else BAD.
 *   A data callback names only the station that heard it best: without a count of stations, the RSSI decides.
 * - Wi-Fi and cellular (RSSI the device reports): GOOD ≥ -70 dBm, MEDIUM ≥ -85 dBm, else BAD.
 * UNAVAILABLE when the uplink carried no RSSI.
 */
export function linkQuality(network: 'lora' | 'sigfox' | 'ip', radio: RadioMetadata | undefined): LinkQuality {
  const rssi = radio?.rssi;
  if (rssi === undefined || !Number.isFinite(rssi)) return 'UNAVAILABLE';
  if (network === 'lora') {
    const snr = radio?.snr ?? 0;
    if (snr >= 0 && rssi >= -105) return 'GOOD';
    if (snr >= -10 && rssi >= -120) return 'MEDIUM';
    return 'BAD';
  }
  if (network === 'sigfox') {
    if (rssi >= -110 && (radio?.receivers ?? 3) >= 3) return 'GOOD';
    if (rssi >= -125) return 'MEDIUM';
    return 'BAD';
  }
  if (rssi >= -70) return 'GOOD';
  if (rssi >= -85) return 'MEDIUM';
  return 'BAD';
}

const Position = z.object({
  lat: z.number(),
  lon: z.number(),
  alt: z.number().optional(),
  /** A position the network computed: its accuracy radius in metres, and how it was computed (`NETWORK_SIGNALS`). */
  accuracy: z.number().optional(),
  source: z.string().max(64).optional(),
});
export const SignalValueSchema = z.union([z.number(), z.boolean(), z.string().max(256), Position]);

/** What both kinds of device message carry. */
const messageCommon = {
  seq: z
    .number()
    .int()
    .min(0)
    .max(2 ** 53),
  ts: z.number().int().min(0).optional(),
  rssi: z.number().optional(),
};
const ValuesMessage = z.object({
  ...messageCommon,
  values: z.record(z.string().min(1).max(64), SignalValueSchema),
});
const FrameMessage = z.object({
  ...messageCommon,
  data: z
    .string()
    .max(512)
    .regex(/^([0-9a-fA-F]{2})*$/),
  port: z.number().int().min(0).max(255).optional(),
});

/**
 * One message of a Wi-Fi or cellular device, as published on `devices/{uuid}/up` or posted to `/api/ingest/http`:
 * either values by signal key (`ts` epoch ms, the device's own clock; absent: time of arrival) or a frame for the
 * device type's codec (`data` hex, `port` as LoRaWAN would give it). `seq` is the device's message counter, which
 * makes a resent message a duplicate. `rssi` is the device's own reading of its radio, when it has one.
 */
export const DeviceMessage = z.union([ValuesMessage, FrameMessage]);
export type DeviceMessage = z.infer<typeof DeviceMessage>;

/**
 * `POST /api/ingest/http`: one message, or up to 1,000 for as many devices. Each kind of message with its device, rather
 * than an intersection with `{ device }`: zod reads an intersection's value twice and merges the two copies. Checking
 * requests of 100 messages made 22% of what the server allocated under `bench:ingest` on PostgreSQL; 16% without it.
 */
const device = z.string().min(1).max(64);
export const HttpIngestMessage = z.union([ValuesMessage.extend({ device }), FrameMessage.extend({ device })]);
export const HttpIngestRequest = z.union([HttpIngestMessage, z.array(HttpIngestMessage).min(1).max(1000)]);

export const IngestResult = z.object({ stored: z.number().int(), duplicates: z.number().int() });

/** `GET /api/devices/{uuid}/readings`: signals by key, newest first, within [from, to]. */
export const ReadingsQuery = z
  .object({
    signals: z
      .string()
      .min(1)
      .max(2000)
      .transform((text) => [...new Set(text.split(',').filter(Boolean))]),
    from: z.coerce.number().int().min(0),
    to: z.coerce.number().int().min(0),
    limit: z.coerce.number().int().min(READINGS_LIMITS.min).max(READINGS_LIMITS.max).default(READINGS_LIMITS.max),
  })
  .refine((query) => query.from <= query.to, { error: 'validation.invalid', path: ['from'] });

export const StoredReading = z.object({ date: z.number(), value: SignalValueSchema });
export const SignalReadings = z.object({
  signal: z.string(),
  readings: z.array(StoredReading),
  /** Readings in the range; more than `readings.length` when the answer was cut. */
  total: z.number().int(),
  truncated: z.boolean(),
  /** When truncated: the date of the oldest reading given (older ones were left out). */
  cutoff: z.number().nullable(),
});
export const ReadingsAnswer = z.object({ signals: z.array(SignalReadings) });
export type ReadingsAnswer = z.infer<typeof ReadingsAnswer>;

/**
 * Readings the networks themselves report, under these keys whatever the device's type: the battery level (LoRaWAN's
 * device status, The Things Stack's last battery percentage), the battery voltage (Sigfox's status callback) and the
 * position the network computed (Sigfox Atlas, ChirpStack's geolocation, The Things Stack's `location_solved`), which
 * carries its `source` and `accuracy`. Keys of their own, apart from any a codec reports (a tracker's own `battery`):
 * decoding a device's messages again replaces what the codec read and keeps what the network told.
 */
export const NETWORK_SIGNALS = [
  {
    key: 'network_battery',
    name: 'Battery (network)',
    unit: '%',
    kind: 'value',
    valueType: 'number',
    showInList: false,
  },
  {
    key: 'network_battery_voltage',
    name: 'Battery voltage (network)',
    unit: 'V',
    kind: 'value',
    valueType: 'number',
    showInList: false,
  },
  { key: 'network_position', name: 'Network position', kind: 'value', valueType: 'position', showInList: false },
] as const satisfies readonly SignalDefinition[];

/** `GET /api/devices/{uuid}/messages`: the messages received from the device (newest first), with what the network
 * told of each. */
export const ReceivedMessage = z.object({
  date: z.string(),
  kind: z.enum(['frame', 'decoded-frame', 'values', 'unreadable']),
  /** Frame bytes in hex, or the message's JSON. */
  data: z.string(),
  port: z.number().nullable(),
  rssi: z.number().nullable(),
  snr: z.number().nullable(),
  /** Gateways or base stations that heard it. */
  receivers: z.number().nullable(),
  dataRate: z.string().nullable(),
  /** A message The Things Stack simulated (console or API): kept apart, it made no readings. */
  simulated: z.boolean(),
});
export type ReceivedMessage = z.infer<typeof ReceivedMessage>;
export const ReceivedMessagesAnswer = z.object({ messages: z.array(ReceivedMessage) });
export type ReceivedMessagesAnswer = z.infer<typeof ReceivedMessagesAnswer>;

/** `GET /api/devices/{uuid}/frames`: raw frames the codec could not decode (newest first), for the data tab. */
export const UndecodedFrame = z.object({
  date: z.string(),
  data: z.string(),
  port: z.number().nullable(),
  error: z.string(),
});
export const UndecodedFramesAnswer = z.object({ frames: z.array(UndecodedFrame) });

export const CommissioningEvent = z.object({
  event: CommissioningEventKind,
  date: z.string(),
  /** LINK_QUALITY_COMPUTED: the quality; others: null. */
  detail: z.string().nullable(),
});
export type CommissioningEvent = z.infer<typeof CommissioningEvent>;
export const CommissioningAnswer = z.object({ events: z.array(CommissioningEvent) });

/** What `GET /api/events` streams (server-sent events, one JSON per `data:` line), only about devices the user may see. */
export const LiveEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('readings'),
    deviceUUID: z.string(),
    businessId: z.string(),
    lastSeenAt: z.string(),
    /** Latest value per signal key that this uplink changed, as `Device.signalValues` holds them. */
    signalValues: z.record(z.string(), z.object({ value: SignalValueSchema, date: z.string() })),
  }),
  z.object({
    type: z.literal('parameterization'),
    deviceUUID: z.string(),
    businessId: z.string(),
    status: ParameterizationStatus.nullable(),
  }),
  z.object({
    type: z.literal('commissioning'),
    deviceUUID: z.string(),
    businessId: z.string(),
    event: CommissioningEvent,
  }),
  z.object({
    type: z.literal('alarm'),
    deviceUUID: z.string(),
    businessId: z.string(),
    /**
     * What just happened to the alarm; the snackbar shows alarms that became active. Null for a change of status the
     * state machine names no transition for (a snooze that ended with the condition gone: the alarm is latched again).
     */
    transition: AlarmTransitionSchema.nullable(),
    alarm: Alarm,
  }),
  /** The device's location state changed (positions taken, or the lost sweep). */
  z.object({
    type: z.literal('location'),
    deviceUUID: z.string(),
    businessId: z.string(),
    location: DeviceLocation,
  }),
]);
export type LiveEvent = z.infer<typeof LiveEvent>;

/** A network integration of a business: its token authenticates the network's callbacks (shown once, on creation). */
export const Integration = z.object({
  id: z.string(),
  businessId: z.string(),
  network: IntegrationNetwork,
  name: z.string(),
  /** The first characters of the token, so a user can tell tokens apart. */
  tokenHint: z.string(),
  /** LoRa network server API (ChirpStack REST / The Things Stack) for downlinks; null when none. */
  serverUrl: z.string().nullable(),
  /** Whether an API key for the network server is kept (never shown back). */
  hasServerKey: z.boolean(),
  /** The Things Stack: the application id and the webhook id the downlink push goes through. */
  applicationId: z.string().nullable(),
  webhookId: z.string().nullable(),
  createdAt: z.number(),
  version: z.number(),
});
export type Integration = z.infer<typeof Integration>;

/** How an integration's calls went: the last one, counts over the last 24 hours, and the last error told. */
export const IntegrationHealth = z.object({
  lastCallAt: z.number().nullable(),
  last24h: z.object({
    stored: z.number(),
    duplicates: z.number(),
    refused: z.number(),
    /** Calls about devices the platform does not know in the integration's business. */
    unknownDevices: z.number(),
  }),
  /** A refused call, a downlink the network server did not take, or an error the network server logged. */
  lastError: z.object({ message: z.string(), at: z.number() }).nullable(),
});
export type IntegrationHealth = z.infer<typeof IntegrationHealth>;
export const ListedIntegration = Integration.extend({ health: IntegrationHealth });
export type ListedIntegration = z.infer<typeof ListedIntegration>;

/** An id of The Things Stack (application, webhook, device): lowercase letters, digits and single inner dashes. */
export const TtnId = z.string().regex(/^(?=.{2,36}$)[a-z0-9](?:-?[a-z0-9])+$/);

export const CreateIntegrationRequest = z.object({
  network: IntegrationNetwork,
  name: z.string().trim().min(1).max(100),
  serverUrl: z.url().max(500).nullable().optional(),
  serverKey: z.string().min(1).max(2000).nullable().optional(),
  applicationId: TtnId.nullable().optional(),
  webhookId: TtnId.nullable().optional(),
});
export const UpdateIntegrationRequest = CreateIntegrationRequest.omit({ network: true }).extend({
  version: Version,
});
export const CreatedIntegration = z.object({ integration: Integration, token: z.string() });

/** `POST /api/devices/{uuid}/mqtt-credentials`: a new MQTT password for the device (shown once; the old one stops). */
export const MqttCredentials = z.object({
  username: z.string(),
  password: z.string(),
  topicUp: z.string(),
  topicDown: z.string(),
});
