import { hash } from 'node:crypto';
import {
  type CommissioningEventKind,
  type DeviceType,
  findDeviceType,
  findSignal,
  type GeoPosition,
  isGeoPosition,
  isOnInternet,
  type LinkQuality,
  type LiveEvent,
  linkQuality,
  type ParameterizationStatus,
  type RadioMetadata,
  type Reading,
  type SignalDefinition,
  type SignalValue,
} from '@iot/shared';
import { awaitsConfirmation, isUnsent, parseOutputs, type StoredOutput } from '../devices/outputs.js';
import { advanceJourney, parseJourneySummary } from '../journeys/progress.js';
import {
  advanceLocation,
  type DeviceLocationNow,
  heardAgain,
  type LocationStateRow,
  type PositionFix,
  parseTrack,
  positionFix,
  type TakenPosition,
} from '../locations/location-state.js';
import type { PlaceIndex } from '../locations/place-index.js';
import {
  type ConditionEventRow,
  conditionEdges,
  conditionEventIds,
  type TypeRules,
  watchesOf,
} from './alarm-conditions.js';
import type { LiveEventEnvelope } from './live-events.js';
import type { DeviceKey, IngestDeviceRow } from './repo.js';
import type { JourneyPointRow, MessageRow, ReadingRow, StoreOps, UndecodedRow } from './store.js';

/** A LoRa uplink's way back: the integration it came through and, on The Things Stack, the ids the push needs. */
export interface LoraRoute {
  integrationId: string;
  ttn?: { applicationId: string; deviceId: string };
}

/**
 * A frame's bytes (with, when the network server decoded them itself, its values: ChirpStack's `object`), or the values
 * of a JSON message. Which of a frame's two readings is taken is decided by `decode` with the device's type, so that
 * reprocessing later decides again with the type as it is then.
 */
export type UplinkPayload =
  | { kind: 'frame'; bytes: Uint8Array; port: number | null; networkValues?: Record<string, SignalValue> }
  | { kind: 'values'; values: Record<string, SignalValue> }
  /** A device's own message that is not one (not JSON of the documented shape): kept, marked, never read. */
  | { kind: 'unreadable'; text: string }
  /**
   * No message of the device: what its network reported of it (a join, its battery level, a position the network
   * computed). Nothing is kept as a message, and last seen and link quality stay as they are.
   */
  | { kind: 'none' };
/** The payload of a message of the device, which is kept. */
export type MessagePayload = Exclude<UplinkPayload, { kind: 'none' }>;

/** One uplink as every network's transport hands it over, normalised. */
export interface InboundUplink {
  /** `ip`: Wi-Fi and cellular devices, over MQTT or the HTTP JSON call. */
  network: 'sigfox' | 'lora' | 'ip';
  device: DeviceKey;
  /** The integration's business path: a device outside it is unknown. Null when the device authenticated itself. */
  scopePath: string | null;
  /** The device's message counter (Sigfox sequence number, LoRa frame counter, `seq`); null when it has none. */
  counter: number | null;
  /**
   * When the message says it was sent (the device's clock, or the network's time of reception); null when it says
   * nothing, and it is dated on arrival. Readings carry this date when it is plausible (`readingDate`).
   */
  sentAt: Date | null;
  payload: UplinkPayload;
  radio?: RadioMetadata;
  /** Readings the network itself reported with the uplink (`NETWORK_SIGNALS`), stored beside the decoded ones. */
  networkReadings?: Reading[];
  /** The network accepted the device's join (or rejoin): a commissioning event. */
  joined?: boolean;
  /**
   * The Things Stack simulated the uplink (console or API): its message is kept, marked, but it makes no readings and
   * changes nothing of the device, so that a test never passes for what the device measured.
   */
  simulated?: boolean;
  /** Sigfox bidirectional callback: the network waits for the downlink in the answer. */
  downlinkRequested?: boolean;
  lora?: LoraRoute;
}

export interface Downlink {
  hex: string;
  port: number | null;
}

/** Output commands for a device: the value of each output sent, by its key. */
export type OutputValues = Record<string, boolean>;

export type IngestOutcome =
  | { status: 'stored' | 'duplicate'; deviceId: string; downlink: Downlink | null; outputs: OutputValues | null }
  | { status: 'unknown_device' }
  /** An internet message (MQTT, HTTP) of a LoRa or Sigfox device: not its network, not stored. */
  | { status: 'other_network'; deviceId: string };

/** What goes to a Wi-Fi or cellular device on its MQTT `down` topic: parameters, or output commands. */
export type IpDownlink = { downlink: Downlink } | { outputs: OutputValues };
export type IpDownlinkSender = (deviceId: string, message: IpDownlink) => Promise<void>;

/**
 * A counter seen again within this time, with the same content, is the same message resent (network retries, an MQTT
 * client resending after a reconnect); seen again later, or with other content, it is a new message whose counter
 * wrapped or restarted (a Sigfox sequence after 4,096 messages, a LoRa device that rejoined, a device that rebooted).
 */
export const DUPLICATE_WINDOW_MS = 60 * 60 * 1000;

/**
 * A device's stored last-seen time moves only by this much or more: the column is indexed (lists sort by it), and
 * leaving it alone lets most telemetry updates rewrite the row without touching any index (a PostgreSQL HOT update).
 * Live events carry the exact time; lists and the "recent within 24 hours" rule do not need it finer.
 */
export const LAST_SEEN_RESOLUTION_MS = 60_000;

/** The outputs to store for a device after a batch: null when the batch left them as they were. */
export const storedOutputs = (change: DeviceChange): string | null =>
  change.outputsMoved && change.outputs ? JSON.stringify(change.outputs) : null;

/** The location track to store for a device after a batch: null when the batch took none of its positions. */
export const storedTrack = (change: DeviceChange): string | null =>
  change.location?.track ? JSON.stringify(change.location.track) : null;

/** The last-seen time to store for a device after a batch. */
export function storedLastSeen(change: DeviceChange): number | null {
  const stored = change.row.lastSeenAt;
  const seen = change.lastSeenAt;
  if (seen === null || stored === null) return seen;
  return seen - stored >= LAST_SEEN_RESOLUTION_MS || seen < stored ? seen : stored;
}

/**
 * At most this many uplinks go into one transaction; more wait for the next. Readings are indexed by device, so each
 * transaction touches about one index page per device whatever its size: bigger batches write far fewer pages per
 * reading (measured on SQLite, 1,000 devices: 66k readings/s at 1,000 uplinks per transaction, 115k at 5,000), while
 * one batch still commits well within the latency a publisher waits for its acknowledgement.
 */
export const BATCH_MAX = 4000;

/** Sigfox downlinks are exactly 8 bytes. */
const SIGFOX_DOWNLINK_HEX = 16;

export interface DeviceChange {
  row: IngestDeviceRow;
  signalValues: Record<string, { value: SignalValue; date: number }>;
  changedSignals: Set<string>;
  lastSeenAt: number | null;
  linkQuality: LinkQuality | null;
  status: ParameterizationStatus | null;
  statusAt: number | null;
  events: { event: CommissioningEventKind; detail: string | null; date: number }[];
  /** The device's alarm conditions that are up (keys), and what it watches to move them. */
  conditions: Record<string, true>;
  watches: ReturnType<typeof watchesOf>;
  /** Read from the row at the device's first uplink that may command them; `outputsMoved` once one is marked. */
  outputs: StoredOutput[] | null;
  outputsMoved: boolean;
  /** The valid positions the batch brought, as they came; null for a device that sent none (most). */
  fixes: PositionFix[] | null;
  /**
   * Where the device is after the batch, when its positions (or a word from it while lost) were taken: its track is
   * written then, its state, place and since only when `moved`. Null otherwise.
   */
  location: (DeviceLocationNow & { placeName: string | null; moved: boolean }) | null;
  /** The positions taken, with the place the device was inside after each (a running journey's track). */
  taken: TakenPosition[];
}

/** The alarm condition of a device at a forbidden place, and the signal its alarm names (`SIGNAL_NAMES`). */
export const FORBIDDEN_PLACE_CONDITION = 'place:forbidden';
export const FORBIDDEN_PLACE_SIGNAL = 'forbidden_place';

/** What a committed batch answers: each uplink's outcome, in order, the live events to publish, how many alarm
 * condition edges it recorded (for the actions' dispatcher to take), and its time (the outputs it sent are marked
 * sent at it). */
export interface StoredBatch {
  outcomes: IngestOutcome[];
  published: LiveEventEnvelope[];
  conditionEvents: number;
  at: number;
}

/**
 * One batch of uplinks in one transaction of `ops`: deduplicate → decode → readings → latest values → commissioning
 * → output commands. Answers each uplink's outcome (with what to send the device) and the live events to publish once
 * committed. `typeRules`: the alarm rules of each device type, which its devices watch on top of their own (read once
 * for the batch, not per device).
 */
export async function storeBatch(
  ops: StoreOps,
  uplinks: InboundUplink[],
  at: number,
  typeRules: TypeRules,
): Promise<StoredBatch> {
  const devices = await ops.findDevices(uplinks.map((uplink) => uplink.device));
  const resolved = uplinks.map((uplink) => {
    const row = devices.find(uplink.device);
    return row && (uplink.scopePath === null || row.businessPath.startsWith(uplink.scopePath)) ? row : undefined;
  });
  // A message over the internet names its device by uuid; only Wi-Fi and cellular devices report that way.
  const onItsNetwork = (uplink: InboundUplink, row: IngestDeviceRow) =>
    uplink.network !== 'ip' || isOnInternet(row.communication);
  const kept = uplinks.map((uplink) => (uplink.payload.kind === 'none' ? null : rawOf(uplink.payload)));
  const digests = uplinks.map((uplink, index) => contentDigest(kept[index] ?? reportContent(uplink), uplink.sentAt));
  const fresh = await ops.claimCounters(
    uplinks.flatMap((uplink, index) => {
      const row = resolved[index];
      return row && onItsNetwork(uplink, row) && uplink.counter !== null
        ? [{ deviceKey: row.key, counter: uplink.counter, digest: digests[index] as number }]
        : [];
    }),
    at,
    DUPLICATE_WINDOW_MS,
  );
  const changes = new Map<string, DeviceChange>();
  const readings: ReadingRow[] = [];
  const undecoded: UndecodedRow[] = [];
  const messages: MessageRow[] = [];
  const edges: ConditionEventRow[] = [];
  const nextEdgeId = conditionEventIds(at);
  const outcomes: IngestOutcome[] = uplinks.map((uplink, index) => {
    const row = resolved[index];
    if (!row) return { status: 'unknown_device' };
    if (!onItsNetwork(uplink, row)) return { status: 'other_network', deviceId: row.id };
    if (uplink.counter !== null && !fresh.take(row.key, uplink.counter, digests[index] as number)) {
      return { status: 'duplicate', deviceId: row.id, downlink: resentSigfoxDownlink(row, uplink), outputs: null };
    }
    const date = readingDate(uplink.sentAt, at);
    const message = kept[index];
    if (message) messages.push(messageRow(row.key, date, message, uplink));
    if (uplink.simulated) return { status: 'stored', deviceId: row.id, downlink: null, outputs: null };
    const change = changes.get(row.id) ?? startChange(row, typeRules);
    changes.set(row.id, change);
    if (uplink.joined) change.events.push({ event: 'JOINED', detail: null, date: at });
    const takeReadings = (taken: Reading[]) => {
      // Most uplinks carry no position: nothing is allocated for them.
      let positions: { value: GeoPosition; date: number }[] | null = null;
      let speed: number | null = null;
      for (const reading of taken) {
        const time = reading.date.getTime();
        if (typeof reading.value === 'object') {
          if (isGeoPosition(reading.value)) {
            positions ??= [];
            positions.push({ value: reading.value, date: time });
          }
        } else if (reading.signal === 'speed' && typeof reading.value === 'number') speed = reading.value;
        readings.push({
          deviceKey: row.key,
          signal: reading.signal,
          date: time,
          value: JSON.stringify(reading.value),
        });
        const latest = change.signalValues[reading.signal];
        if (!latest || latest.date <= time) {
          change.signalValues[reading.signal] = { value: reading.value, date: time };
          change.changedSignals.add(reading.signal);
        }
      }
      edges.push(...conditionEdges(row.id, change.watches, change.conditions, taken, at, nextEdgeId));
      if (positions === null) return;
      for (const { value, date } of positions) {
        const fix = positionFix(value, date, speed);
        if (!fix) continue;
        change.fixes ??= [];
        change.fixes.push(fix);
      }
    };
    takeReadings(uplink.networkReadings ?? []);
    if (uplink.payload.kind === 'none') return { status: 'stored', deviceId: row.id, downlink: null, outputs: null };
    const decoded = decode(row, { payload: uplink.payload, receivedAt: new Date(date) });
    if (decoded.ok) takeReadings(decoded.readings);
    else undecoded.push({ deviceId: row.id, date, data: decoded.data, port: decoded.port, error: decoded.error });
    return {
      status: 'stored',
      deviceId: row.id,
      downlink: commission(change, uplink, date, at),
      outputs: commandOutputs(change, uplink, at),
    };
  });
  const locationRows = await locateDevices(ops, [...changes.values()], edges, nextEdgeId, at);
  await ops.insertMessages(messages);
  await ops.insertReadings(readings);
  await ops.insertUndecoded(undecoded);
  await ops.saveChanges([...changes.values()]);
  await ops.saveLocationStates(locationRows);
  await advanceJourneys(ops, [...changes.values()], at);
  await ops.insertCommissioningEvents(
    [...changes.values()].flatMap((change) => change.events.map((event) => ({ deviceId: change.row.id, ...event }))),
  );
  await ops.insertConditionEvents(edges);
  return { outcomes, published: [...changes.values()].flatMap(liveEventsOf), conditionEvents: edges.length, at };
}

/**
 * Last seen, link quality and parameterization after one more uplink: a device's first uplink starts its
 * commissioning; a change of link quality is recorded (not its absence from an uplink, once known); parameters WAITING are sent in answer to this uplink (on
 * Sigfox only when the callback asks for a downlink). Parameters SENT to a Sigfox or IP device are confirmed by a later
 * uplink, their downlink having been delivered in answer to the one before. A LoRa class A downlink is only queued on
 * the network server, to go out in the receive window after the device's next uplink: no uplink tells whether it
 * arrived, the network server does (`IngestPipeline.reportLoraDownlink`).
 */
function commission(change: DeviceChange, uplink: InboundUplink, date: number, at: number): Downlink | null {
  const { row } = change;
  if (change.lastSeenAt === null) change.events.push({ event: 'COMMISSIONING_START', detail: null, date: at });
  change.lastSeenAt = Math.max(change.lastSeenAt ?? 0, date);
  const quality = linkQuality(uplink.network, uplink.radio);
  // An uplink without radio metadata says nothing of the link: a quality already known stands.
  if (quality !== change.linkQuality && !(quality === 'UNAVAILABLE' && change.linkQuality !== null)) {
    change.linkQuality = quality;
    change.events.push({ event: 'LINK_QUALITY_COMPUTED', detail: quality, date: at });
  }
  if (change.status === 'SENT' && uplink.network !== 'lora' && (change.statusAt ?? 0) < at) {
    change.status = 'CONFIRMED';
    change.statusAt = at;
    change.events.push({ event: 'OK', detail: null, date: at });
    return null;
  }
  if (change.status !== 'WAITING' || !row.downlinkData) return null;
  const downlink =
    uplink.network === 'sigfox' ? sigfoxDownlink(row, uplink) : { hex: row.downlinkData, port: row.downlinkPort };
  if (!downlink || (uplink.network === 'lora' && !uplink.lora)) return null;
  change.status = 'SENT';
  change.statusAt = at;
  change.events.push({ event: 'REQUESTED_PARAM', detail: null, date: at });
  return downlink;
}

/**
 * The parameters as a Sigfox callback's answer: 8 bytes, zero-padded; none when the callback asks for no downlink or
 * the parameters do not fit.
 */
function sigfoxDownlink(row: IngestDeviceRow, uplink: InboundUplink): Downlink | null {
  if (!uplink.downlinkRequested || !row.downlinkData || row.downlinkData.length > SIGFOX_DOWNLINK_HEX) return null;
  return { hex: row.downlinkData.padEnd(SIGFOX_DOWNLINK_HEX, '0'), port: row.downlinkPort };
}

/**
 * A Sigfox bidirectional callback the network sends again (its answer to the first was lost) is answered with the
 * parameters sent then, while they await confirmation: otherwise the device would never get them, though they show
 * as sent.
 */
function resentSigfoxDownlink(row: IngestDeviceRow, uplink: InboundUplink): Downlink | null {
  return uplink.network === 'sigfox' && row.parametersStatus === 'SENT' ? sigfoxDownlink(row, uplink) : null;
}

/**
 * The output commands answered to an uplink of a Wi-Fi or cellular device, as its parameters are: outputs sent in
 * answer to an earlier uplink are confirmed by this one; outputs changed since they were last sent go out now and are
 * marked sent. No codec encodes outputs, so Sigfox and LoRa devices get none. A device without outputs costs nothing,
 * and one with outputs only the reading of its list once per batch.
 */
function commandOutputs(change: DeviceChange, uplink: InboundUplink, at: number): OutputValues | null {
  if (uplink.network !== 'ip' || change.row.outputs === '[]') return null;
  change.outputs ??= parseOutputs(change.row.outputs);
  let sent: OutputValues | null = null;
  for (const output of change.outputs) {
    if (awaitsConfirmation(output) && output.lastSent < at) {
      output.lastConfirmed = at;
      change.outputsMoved = true;
    } else if (isUnsent(output)) {
      output.lastSent = at;
      sent ??= {};
      sent[output.key] = output.value;
      change.outputsMoved = true;
    }
  }
  return sent;
}

function startChange(row: IngestDeviceRow, typeRules: TypeRules): DeviceChange {
  return {
    row,
    signalValues: parseObject(row.signalValues),
    changedSignals: new Set(),
    lastSeenAt: row.lastSeenAt,
    linkQuality: row.linkQuality,
    status: row.parametersStatus,
    statusAt: row.parametersStatusAt,
    events: [],
    conditions: parseObject<true>(row.alarmConditions),
    watches: watchesOf(row.deviceType, typeRules.get(row.deviceType) ?? [], row.alarmsConfig),
    outputs: null,
    outputsMoved: false,
    fixes: null,
    location: null,
    taken: [],
  };
}

/**
 * The running journeys of the devices whose positions were taken: their summaries advanced position by position (the
 * place each is in, when in one) and written back, and the positions added to their tracks. One read and two writes
 * for the batch, none for a batch without positions of a journey's device.
 */
async function advanceJourneys(ops: StoreOps, changes: DeviceChange[], at: number) {
  const travelling = changes.filter((change) => change.row.journeyId !== null && change.taken.length > 0);
  if (travelling.length === 0) return;
  const summaries = await ops.journeySummaries(travelling.map((change) => change.row.journeyId ?? ''));
  const saved: { id: string; summary: string }[] = [];
  const points: JourneyPointRow[] = [];
  for (const change of travelling) {
    const journeyId = change.row.journeyId ?? '';
    const stored = summaries.get(journeyId);
    // Paused or ended meanwhile: its device's link to it is on the way out.
    if (stored === undefined) continue;
    let summary = parseJourneySummary(stored);
    for (const { fix, inside } of change.taken) {
      const advanced = advanceJourney(summary, { ...fix, place: inside });
      // The track holds the positions the summary took, so the two always tell the same journey.
      if (advanced !== summary)
        points.push({ journeyId, date: fix.date, lat: fix.lat, lon: fix.lon, speedKmh: fix.speedKmh });
      summary = advanced;
    }
    saved.push({ id: journeyId, summary: JSON.stringify(summary) });
  }
  await ops.saveJourneySummaries(saved, at);
  await ops.insertJourneyPoints(points);
}

const locationOf = (row: IngestDeviceRow): DeviceLocationNow => ({
  state: row.locationState,
  placeId: row.locationPlaceId,
  since: row.locationSince,
  track: parseTrack(row.locationTrack),
});

/**
 * The location states of the devices that sent positions, from their rows (`location-state.ts`), with the history
 * rows to write and the forbidden-place condition's edges. The place index is read only for a batch with positions;
 * a device without any costs nothing, but for a lost one heard from again, which is lost no more.
 */
async function locateDevices(
  ops: StoreOps,
  changes: DeviceChange[],
  edges: ConditionEventRow[],
  nextEdgeId: () => string,
  at: number,
): Promise<LocationStateRow[]> {
  const rows: LocationStateRow[] = [];
  let places: PlaceIndex | null = null;
  for (const change of changes) {
    const { row } = change;
    if (change.fixes === null && row.locationState !== 'lost') continue;
    let now = locationOf(row);
    let placeName: string | null = null;
    if (change.fixes) {
      places ??= await ops.placeIndex();
      const index = places;
      const advanced = advanceLocation(row.id, now, change.fixes, (point, margin) =>
        index.near(row.businessPath, point, margin),
      );
      // The forbidden place the device was in, which a clearing edge names.
      let forbidden = index.place(row.locationPlaceId ?? now.track?.inside?.placeId ?? '')?.name ?? '';
      for (const moved of advanced.changes) {
        placeName = moved.place?.name ?? null;
        if (moved.state === 'atForbiddenPoi') forbidden = placeName ?? '';
        forbiddenPlaceEdge(change, moved.state === 'atForbiddenPoi', forbidden, moved.date);
      }
      now = advanced.next;
      rows.push(...advanced.rows);
      change.taken = advanced.taken;
    }
    const heard = change.lastSeenAt !== row.lastSeenAt && change.lastSeenAt !== null;
    const found = heard ? heardAgain(row.id, now, change.lastSeenAt ?? 0) : null;
    if (found) {
      now = found.next;
      placeName = null;
      rows.push(found.row);
    }
    if (now.track === null) continue;
    const moved = now.state !== row.locationState || now.placeId !== row.locationPlaceId;
    change.location = { ...now, placeName, moved: moved || now.since !== row.locationSince };
  }
  return rows;

  function forbiddenPlaceEdge(change: DeviceChange, raised: boolean, place: string, date: number) {
    if (raised === (change.conditions[FORBIDDEN_PLACE_CONDITION] === true)) return;
    if (raised) change.conditions[FORBIDDEN_PLACE_CONDITION] = true;
    else delete change.conditions[FORBIDDEN_PLACE_CONDITION];
    // Inhibited alarms still follow their conditions, as the signals' and the rules' do (`conditionEdges`).
    if (change.watches.inhibited) return;
    edges.push({
      id: nextEdgeId(),
      deviceId: change.row.id,
      conditionKey: FORBIDDEN_PLACE_CONDITION,
      signal: FORBIDDEN_PLACE_SIGNAL,
      kind: 'alarm',
      raised: raised ? 1 : 0,
      value: JSON.stringify(place),
      date,
      createdAt: at,
    });
  }
}

function parseObject<T>(json: string): Record<string, T> {
  const value: unknown = JSON.parse(json);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, T>) : {};
}

/** A device's calibration as stored when it has none. */
const NO_CALIBRATION = '{}';

type Decoded = { ok: true; readings: Reading[] } | { ok: false; data: string; port: number | null; error: string };

type KeptMessage = Pick<MessageRow, 'kind' | 'data' | 'port'>;

/** A message as stored, with what the network told of it. */
function messageRow(deviceKey: number, date: number, message: KeptMessage, uplink: InboundUplink): MessageRow {
  const radio = uplink.radio;
  return {
    deviceKey,
    date,
    ...message,
    rssi: radio?.rssi ?? null,
    snr: radio?.snr ?? null,
    receivers: radio?.receivers ?? null,
    dataRate: radio?.dataRate ?? null,
    simulated: uplink.simulated ? 1 : null,
  };
}

/** What tells a network's report from another under one counter, as a message's content does (`contentDigest`). */
const reportContent = (uplink: InboundUplink) => ({
  kind: 'report',
  data: JSON.stringify({ readings: uplink.networkReadings ?? [], joined: uplink.joined === true }),
  port: null,
});

const hexOf = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const bytesOf = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));

/**
 * A payload as it is kept: a frame's bytes as hex with its port; a frame the network decoded as JSON of its bytes as
 * hex and the network's values, with its port; or a JSON message's values.
 */
export function rawOf(payload: MessagePayload): KeptMessage {
  if (payload.kind === 'values') return { kind: 'values', data: JSON.stringify(payload.values), port: null };
  if (payload.kind === 'unreadable') return { kind: 'unreadable', data: payload.text, port: null };
  if (!payload.networkValues) return { kind: 'frame', data: hexOf(payload.bytes), port: payload.port };
  const data = JSON.stringify({ bytes: hexOf(payload.bytes), values: payload.networkValues });
  return { kind: 'decoded-frame', data, port: payload.port };
}

/**
 * What tells a resent message from a new one under the same counter: a digest of its content as kept and of the date
 * it gives itself (a resend gives the same; a device that restarted its count sends the same value at a later date).
 * A message dated on arrival is judged by its content alone, since a resend would arrive later. 48 bits of MD5, a
 * number in JavaScript and a bigint in the database.
 */
export const contentDigest = (message: { kind: string; data: string; port: number | null }, sentAt: Date | null) =>
  Number.parseInt(
    hash('md5', `${message.kind}|${message.port ?? ''}|${message.data}|${sentAt?.getTime() ?? ''}`).slice(0, 12),
    16,
  );

/** How far ahead of the platform's clock a message's own date may be (the clocks of devices and networks drift). */
export const CLOCK_SKEW_MS = 5 * 60_000;
/** Earlier dates come from a clock never set (1970), or from seconds taken for milliseconds. */
const EARLIEST_PLAUSIBLE_DATE = Date.UTC(2000, 0, 1);

/**
 * The date an uplink's readings carry: the date the message gives, unless it is in the future or before 2000, where
 * it would stand as the device's latest value for years, or pass for 1970; then, as for a message without a date,
 * the time it arrived (`at`).
 */
export function readingDate(sentAt: Date | null, at: number): number {
  const date = sentAt?.getTime();
  return date === undefined || Number.isNaN(date) || date > at + CLOCK_SKEW_MS || date < EARLIEST_PLAUSIBLE_DATE
    ? at
    : date;
}

/** The payload of a kept message, as its uplink carried it. */
export function payloadOf(message: KeptMessage): MessagePayload {
  if (message.kind === 'values') {
    return { kind: 'values', values: JSON.parse(message.data) as Record<string, SignalValue> };
  }
  if (message.kind === 'frame') return { kind: 'frame', bytes: bytesOf(message.data), port: message.port };
  if (message.kind === 'unreadable') return { kind: 'unreadable', text: message.data };
  const { bytes, values } = JSON.parse(message.data) as { bytes: string; values: Record<string, SignalValue> };
  return { kind: 'frame', bytes: bytesOf(bytes), port: message.port, networkValues: values };
}

const VALUE_KINDS: Record<SignalDefinition['valueType'], (value: SignalValue) => boolean> = {
  number: (value) => typeof value === 'number',
  boolean: (value) => typeof value === 'boolean',
  string: (value) => typeof value === 'string',
  position: isGeoPosition,
};

/** Why values named by a message cannot be the device type's readings: a signal it lacks, or a value of another kind. */
function valuesRefusal(
  deviceType: DeviceType,
  values: Record<string, SignalValue>,
): 'ingest.unknown_signal' | 'ingest.invalid_value' | null {
  for (const [key, value] of Object.entries(values)) {
    const signal = findSignal(deviceType, key);
    if (!signal) return 'ingest.unknown_signal';
    if (!VALUE_KINDS[signal.valueType](value)) return 'ingest.invalid_value';
  }
  return null;
}
const readingsOf = (values: Record<string, SignalValue>, date: Date): Reading[] =>
  Object.entries(values).map(([signal, value]) => ({ signal, value, date }));

/**
 * The readings of an uplink, calibrated; or why none can be taken from it (the frame, or the JSON message, is then kept
 * raw). A frame the network decoded is read from the network's values when they name signals of the device's type
 * only, each with a value of its kind; otherwise the type's codec decodes its bytes.
 */
export function decode(
  row: Pick<IngestDeviceRow, 'deviceType' | 'calibration'>,
  uplink: { payload: MessagePayload; receivedAt: Date },
): Decoded {
  const deviceType = findDeviceType(row.deviceType);
  const { payload, receivedAt } = uplink;
  // A frame is shown as its bytes in the data tab, whatever the network decoded of it.
  const raw = () =>
    payload.kind === 'frame'
      ? { data: hexOf(payload.bytes), port: payload.port }
      : { data: payload.kind === 'values' ? JSON.stringify(payload.values) : payload.text, port: null };
  if (payload.kind === 'unreadable') return { ok: false, ...raw(), error: 'ingest.unreadable_message' };
  if (!deviceType) return { ok: false, ...raw(), error: 'device.unknown_type' };
  let readings: Reading[];
  if (payload.kind === 'frame') {
    if (!payload.networkValues && (payload.bytes.length === 0 || payload.port === 0)) {
      // No application data (an empty frame, or LoRaWAN's port 0, which carries network commands only): nothing to
      // decode, and nothing wrong; the uplink still tells that the device is there.
      readings = [];
    } else if (payload.networkValues && valuesRefusal(deviceType, payload.networkValues) === null) {
      readings = readingsOf(payload.networkValues, receivedAt);
    } else {
      const result = deviceType.codec.decodeUplink({ bytes: payload.bytes, port: payload.port, receivedAt });
      if (!result.ok) return { ok: false, ...raw(), error: result.error.code };
      readings = result.readings;
    }
  } else {
    const refusal = valuesRefusal(deviceType, payload.values);
    if (refusal) return { ok: false, ...raw(), error: refusal };
    readings = readingsOf(payload.values, receivedAt);
  }
  // Most devices have no calibration: their readings are taken as decoded, without reading it for every uplink.
  if (row.calibration === NO_CALIBRATION) return { ok: true, readings };
  const calibration = parseObject<{ factor: number; offset: number }>(row.calibration);
  return {
    ok: true,
    readings: readings.map((reading) => {
      const linear = calibration[reading.signal];
      return linear && typeof reading.value === 'number'
        ? { ...reading, value: reading.value * linear.factor + linear.offset }
        : reading;
    }),
  };
}

function liveEventsOf(change: DeviceChange) {
  const { row } = change;
  const base = { deviceUUID: row.id, businessId: row.businessId };
  const iso = (time: number) => new Date(time).toISOString();
  const published = [];
  if (change.lastSeenAt !== null) {
    published.push({
      businessPath: row.businessPath,
      event: {
        type: 'readings' as const,
        ...base,
        lastSeenAt: iso(change.lastSeenAt),
        signalValues: Object.fromEntries(
          [...change.changedSignals].map((key) => {
            const latest = change.signalValues[key] as { value: SignalValue; date: number };
            return [key, { value: latest.value, date: iso(latest.date) }];
          }),
        ),
      },
    });
  }
  if (change.status !== row.parametersStatus) {
    published.push({
      businessPath: row.businessPath,
      event: { type: 'parameterization' as const, ...base, status: change.status },
    });
  }
  const { location } = change;
  if (location?.moved) {
    const event: LiveEvent = {
      type: 'location',
      ...base,
      location: {
        state: location.state,
        place: location.placeId === null ? null : { id: location.placeId, name: location.placeName ?? '' },
        since: location.since === null ? null : iso(location.since),
      },
    };
    published.push({ businessPath: row.businessPath, event });
  }
  for (const event of change.events) {
    published.push({
      businessPath: row.businessPath,
      event: {
        type: 'commissioning' as const,
        ...base,
        event: { event: event.event, detail: event.detail, date: iso(event.date) },
      },
    });
  }
  return published;
}
