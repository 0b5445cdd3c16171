import { type CommissioningEventKind, isOnInternet, type ParameterizationStatus } from '@iot/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/database.js';
import type { TypeRules } from './alarm-conditions.js';
import {
  BATCH_MAX,
  type Downlink,
  type InboundUplink,
  type IngestOutcome,
  type IpDownlinkSender,
  type LoraRoute,
  type OutputValues,
  type StoredBatch,
} from './batch.js';
import type { LiveEventEnvelope, LiveEvents } from './live-events.js';
import type { LoraRoutes } from './lora-routes.js';
import { createIngestRepo, type DeviceKey, type IngestDeviceRow } from './repo.js';
import { createIngestStore } from './store.js';

export type { Downlink, InboundUplink, IngestOutcome, IpDownlink, LoraRoute, UplinkPayload } from './batch.js';
export { DUPLICATE_WINDOW_MS } from './batch.js';
export type { DeviceKey } from './repo.js';

interface Pending {
  uplink: InboundUplink;
  resolve(outcome: IngestOutcome): void;
  reject(error: unknown): void;
}

export interface IngestPipelineOptions {
  database: DatabaseHandle;
  events: LiveEvents;
  log: FastifyBaseLogger;
  /** Queues a LoRa downlink on the network server the uplink came through; answers the server's reference of it. */
  sendLoraDownlink?: (route: LoraRoute, device: IngestDeviceRow, downlink: Downlink) => Promise<string | null>;
  /** The way back to LoRa devices: told the route of each stored uplink, asked for a device's when parameters wait. */
  loraRoutes?: Pick<LoraRoutes, 'remember' | 'routeOf'>;
  /**
   * The alarm rules of every device type, read once per batch; kept in memory by their repo, so this costs no query
   * per device (nor, mostly, per batch).
   */
  typeAlarmRules: () => Promise<TypeRules>;
  /** Told after a batch that recorded alarm condition edges is committed, so they are dispatched at once. */
  onConditionEvents?: () => void;
  now?: () => number;
}

export type IngestPipeline = ReturnType<typeof createIngestPipeline>;

/**
 * normalise (done by each transport) → deduplicate → decode → store readings → update latest values → publish.
 * Uplinks that arrive while a transaction runs are stored together in the next one, so throughput grows with load
 * while each caller is answered as soon as its uplink is committed (never before: an acknowledged uplink is stored).
 */
export function createIngestPipeline(options: IngestPipelineOptions) {
  const { events, log } = options;
  const { db } = options.database;
  const now = options.now ?? Date.now;
  const repo = createIngestRepo(db);
  const store = createIngestStore(options.database);
  let queue: Pending[] = [];
  let running: Promise<void> | null = null;
  let sendIpDownlink: IpDownlinkSender | null = null;

  /** Takes the next batch off the queue and starts storing it. */
  function storeNext() {
    const batch = queue.slice(0, BATCH_MAX);
    queue = queue.slice(BATCH_MAX);
    const uplinks = batch.map((pending) => pending.uplink);
    return { batch, stored: options.typeAlarmRules().then((typeRules) => store.storeBatch(uplinks, now(), typeRules)) };
  }

  /**
   * One batch is stored at a time. Once one is committed, the next is handed to the store before the first's
   * publishers are answered (on the next turn of the event loop): answering thousands of publishers (an MQTT PUBACK
   * each) took the main thread long enough for the ingest writer to sit idle, waiting for its next batch, while the
   * messages for it were already queued.
   */
  async function drain() {
    let next: ReturnType<typeof storeNext> | null = storeNext();
    while (next) {
      const { batch, stored } = next;
      const result = await stored.catch((error: unknown) => {
        for (const pending of batch) pending.reject(error);
        return null;
      });
      next = queue.length > 0 ? storeNext() : null;
      if (result) setImmediate(() => answer(batch, result));
    }
    running = null;
  }

  function answer(batch: Pending[], { outcomes, published, conditionEvents, at }: StoredBatch) {
    batch.forEach((pending, index) => {
      pending.resolve(outcomes[index] as IngestOutcome);
    });
    events.publish(published);
    if (conditionEvents > 0) options.onConditionEvents?.();
    deliverDownlinks(batch, outcomes, at);
  }

  function deliverDownlinks(batch: Pending[], outcomes: IngestOutcome[], at: number) {
    batch.forEach(({ uplink }, index) => {
      const outcome = outcomes[index];
      if (outcome?.status !== 'stored') return;
      if (uplink.lora) options.loraRoutes?.remember(outcome.deviceId, uplink.lora);
      if (outcome.downlink) deliverParameters(uplink, outcome.deviceId, outcome.downlink);
      if (outcome.outputs) deliverOutputs(outcome.deviceId, outcome.outputs, at);
    });
  }

  function deliverParameters(uplink: InboundUplink, deviceId: string, downlink: Downlink) {
    let delivery: Promise<void> | undefined;
    if (uplink.network === 'ip' && sendIpDownlink) delivery = sendIpDownlink(deviceId, { downlink });
    if (uplink.network === 'lora' && uplink.lora) delivery = queueLoraDownlink(uplink.lora, deviceId, downlink);
    restoreWhenUndelivered(deviceId, delivery);
  }

  function queueLoraDownlink(route: LoraRoute, deviceId: string, downlink: Downlink) {
    const send = options.sendLoraDownlink;
    if (!send) return undefined;
    return repo.findById(deviceId).then(async (row) => {
      // Kept even when the server named none, so an earlier downlink's reference cannot stand for this one.
      if (row) await repo.setDownlinkRef(deviceId, await send(route, row, downlink));
    });
  }

  function restoreWhenUndelivered(deviceId: string, delivery: Promise<void> | undefined) {
    delivery
      ?.catch(async (error: unknown) => {
        log.warn({ err: error, deviceId }, 'downlink not delivered: parameters wait for the next uplink');
        await moveParameterization(deviceId, ['SENT'], 'WAITING', null);
      })
      .catch((error: unknown) => log.error({ err: error, deviceId }, 'parameterization status not restored'));
  }

  /**
   * Output commands go to Wi-Fi and cellular devices only (`outputs` is null for the others). Not delivered, they are
   * marked unsent again, so they go with the next uplink.
   */
  function deliverOutputs(deviceId: string, outputs: OutputValues, sentAt: number) {
    sendIpDownlink?.(deviceId, { outputs })
      .catch(async (error: unknown) => {
        log.warn({ err: error, deviceId }, 'output commands not delivered: they wait for the next uplink');
        await repo.unsendOutputs(deviceId, Object.keys(outputs), sentAt);
      })
      .catch((error: unknown) => log.error({ err: error, deviceId }, 'output commands not marked unsent'));
  }

  /**
   * Moves a device's parameters from one of `from` to `to`, recording `event` with the move, and publishes both; nothing
   * when the status is no longer one of `from` (a user set new parameters meanwhile, or another report came first).
   */
  async function moveParameterization(
    deviceId: string,
    from: readonly ParameterizationStatus[],
    to: ParameterizationStatus,
    event: CommissioningEventKind | null,
  ) {
    const at = now();
    const moved = await db.transaction().execute(async (trx) => {
      const device = await repo.setStatus(deviceId, from, to, at, trx);
      if (device && event) await repo.insertCommissioningEvents([{ deviceId, event, detail: null, date: at }], trx);
      return device;
    });
    if (!moved) return false;
    const { businessPath } = moved;
    const base = { deviceUUID: deviceId, businessId: moved.businessId };
    const published: LiveEventEnvelope[] = [{ businessPath, event: { type: 'parameterization', ...base, status: to } }];
    if (event) {
      const date = new Date(at).toISOString();
      published.push({ businessPath, event: { type: 'commissioning', ...base, event: { event, detail: null, date } } });
    }
    events.publish(published);
    return true;
  }

  return {
    /** Resolves once the uplink is committed (or known to be a duplicate, or of no device in scope). */
    ingest(uplink: InboundUplink): Promise<IngestOutcome> {
      return new Promise((resolve, reject) => {
        queue.push({ uplink, resolve, reject });
        running ??= new Promise((start) => setImmediate(start)).then(drain);
      });
    },

    /**
     * The first of these devices that a call over the internet may not report for, and why: none in the scope by that
     * uuid, or a LoRa or Sigfox device; so that such a call is refused before any of its messages is stored.
     */
    async firstRefusedInternetDevice(
      ids: string[],
      scopePath: string | null,
    ): Promise<{ id: string; refusal: 'ingest.unknown_device' | 'ingest.not_internet_device' } | undefined> {
      const devices = await store.findDevices(ids.map((id) => ({ id })));
      for (const id of ids) {
        const row = devices.find({ id });
        if (!row || (scopePath !== null && !row.businessPath.startsWith(scopePath))) {
          return { id, refusal: 'ingest.unknown_device' };
        }
        if (!isOnInternet(row.communication)) return { id, refusal: 'ingest.not_internet_device' };
      }
      return undefined;
    },

    /**
     * What a LoRa network server said of the downlink queued for a device's parameters. `delivered` (ChirpStack `ack`
     * acknowledged or `txack`, The Things Stack `downlink_ack`) confirms SENT parameters, recording OK. Not delivered
     * (ChirpStack `ack` not acknowledged, The Things Stack `downlink_nack` or `downlink_failed`) puts them back to
     * WAITING, so they are sent again on the next uplink; from CONFIRMED too, as ChirpStack's `txack` (the gateway took
     * the frame) confirms before the device's acknowledgement, or its absence, is known. A word naming another downlink
     * (`ref`) than the one last queued is about earlier parameters and changes nothing. Answers false when the device
     * is not one of the scope's.
     */
    async reportLoraDownlink(
      device: DeviceKey,
      scopePath: string,
      delivered: boolean,
      ref: string | undefined,
    ): Promise<boolean> {
      const row = (await store.findDevices([device])).find(device);
      if (!row?.businessPath.startsWith(scopePath)) return false;
      const queued = ref === undefined ? null : await repo.downlinkRefOf(row.id);
      if (queued !== null && queued !== ref) return true;
      if (delivered) await moveParameterization(row.id, ['SENT'], 'CONFIRMED', 'OK');
      else if (row.downlinkData) await moveParameterization(row.id, ['SENT', 'CONFIRMED'], 'WAITING', null);
      return true;
    },

    /**
     * Parameters just set (WAITING) for these devices: a LoRa device's are queued on the network server it was last
     * heard through at once, for the receive window after its next uplink, instead of being handed over only at that
     * uplink (and so delivered only after the one following it). They are SENT from then on, confirmed or put back to
     * waiting by the network server's word as after an uplink; the timeouts run from now. A device never heard, or
     * heard through an integration without a network server, waits for its next uplink as before.
     */
    async parametersWaiting(deviceIds: readonly string[]) {
      const { loraRoutes } = options;
      if (!loraRoutes || !options.sendLoraDownlink) return;
      for (const deviceId of deviceIds) {
        const route = await loraRoutes.routeOf(deviceId);
        const row = route && (await repo.findById(deviceId));
        if (!route || !row?.downlinkData || row.parametersStatus !== 'WAITING') continue;
        const downlink = { hex: row.downlinkData, port: row.downlinkPort };
        // Claimed first, so an uplink arriving meanwhile does not hand the same parameters over a second time.
        if (!(await moveParameterization(deviceId, ['WAITING'], 'SENT', 'REQUESTED_PARAM'))) continue;
        restoreWhenUndelivered(deviceId, queueLoraDownlink(route, deviceId, downlink));
      }
    },

    setIpDownlinkSender(send: IpDownlinkSender) {
      sendIpDownlink = send;
    },

    /** Waits for what is queued to be stored, then ends the store. */
    async close() {
      while (running) await running;
      await store.close();
    },
  };
}
