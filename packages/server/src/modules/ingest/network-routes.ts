import { hash } from 'node:crypto';
import {
  ErrorResponse,
  HttpIngestRequest,
  hexToBytes,
  IngestResult,
  type IntegrationNetwork,
  type RadioMetadata,
  type Reading,
  type SignalValue,
  SignalValueSchema,
  translate,
  z,
} from '@iot/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.js';
import type { CallOutcome, IntegrationHealthRecorder } from '../integrations/health.js';
import type { IntegrationsRepo } from '../integrations/repo.js';
import { deviceMessageUplink } from './device-message.js';
import { TTN_CORRELATION_PREFIX } from './lora-downlinks.js';
import type { LoraRoutes } from './lora-routes.js';
import type { DeviceKey, InboundUplink, IngestOutcome, IngestPipeline, LoraRoute, UplinkPayload } from './pipeline.js';

const tags = ['ingest'];
const TOKEN_HEADER = 'x-integration-token';

/**
 * The way back to a LoRa device: through the integration's network server. An integration without one has none, so
 * waiting parameters stay waiting (and nothing is tried and logged as failed on each uplink).
 */
function loraRoute(
  integration: { id: string; serverUrl: string | null },
  ttn?: { applicationId: string; deviceId: string },
): { lora?: LoraRoute } {
  if (!integration.serverUrl) return {};
  return { lora: { integrationId: integration.id, ...(ttn ? { ttn } : {}) } };
}
/** A fleet's uplinks would bury every other line of the log: only their warnings and errors are logged. */
const INGEST_LOG_LEVEL = 'warn';

const Hex = (maxBytes: number) => z.string().regex(new RegExp(`^([0-9a-fA-F]{2}){0,${maxBytes}}$`));
const Flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((text) => text === 'true')]);

/**
 * A variable of a Sigfox callback that the network may have no value for (radio metadata without the contract's
 * network metadata option): a template that quotes every variable sends `"null"`, an unquoted one `null`; both, an
 * empty text and its absence mean none. (Coerced, `null` and `""` would otherwise be 0: an RSSI of 0 dBm.)
 */
const SigfoxOptional = <T extends z.ZodType>(schema: T) =>
  z.union([z.union([z.null(), z.literal('null'), z.literal('')]).transform(() => undefined), schema]).optional();
const SigfoxNumber = z.coerce.number().refine(Number.isFinite);

/**
 * A Sigfox callback: a custom data callback (uplink, or bidirectional with `ack`), the DATA_ADVANCED service callback
 * (with the base stations that heard the frame and the position Sigfox Atlas computed), or the STATUS service callback
 * (battery voltage, without data). `{...}` variables arrive as strings or numbers.
 */
const SigfoxCallback = z
  .object({
    device: z.string().regex(/^[0-9a-fA-F]{1,8}$/),
    time: z.coerce.number().int().min(0),
    data: SigfoxOptional(Hex(12)),
    seqNumber: SigfoxOptional(z.coerce.number().int().min(0)),
    deviceTypeId: SigfoxOptional(z.string().max(64)),
    station: SigfoxOptional(z.string().max(64)),
    rssi: SigfoxOptional(SigfoxNumber),
    snr: SigfoxOptional(SigfoxNumber),
    avgSnr: SigfoxOptional(SigfoxNumber),
    ack: SigfoxOptional(Flag),
    /** STATUS: the battery voltage, in volts. */
    batt: SigfoxOptional(SigfoxNumber.pipe(z.number().min(0).max(100))),
    duplicates: SigfoxOptional(
      z
        .array(z.object({ bsId: z.string().max(64), rssi: z.number().optional(), snr: z.number().optional() }).loose())
        .max(1000),
    ),
    computedLocation: SigfoxOptional(
      z
        .object({
          lat: z.number().min(-90).max(90),
          lng: z.number().min(-180).max(180),
          radius: z.number().min(0).optional(),
          // 1: located; other values tell why no position was computed.
          status: z.number().int().optional(),
        })
        .loose(),
    ),
  })
  .refine((callback) => callback.data !== undefined || callback.batt !== undefined, { path: ['data'] });

/** A position Sigfox Atlas computed, as a network reading; none when Atlas could not locate the device. */
function sigfoxPosition(callback: z.infer<typeof SigfoxCallback>): Reading[] {
  const location = callback.computedLocation;
  if (!location || (location.status !== undefined && location.status !== 1)) return [];
  const value = { lat: location.lat, lon: location.lng, accuracy: location.radius, source: 'SIGFOX_ATLAS' };
  return [{ signal: 'network_position', value, date: new Date(callback.time * 1000) }];
}

/** A position a network computed, as ChirpStack and The Things Stack write one. */
const NetworkLocation = z
  .object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    altitude: z.number().optional(),
    accuracy: z.number().min(0).optional(),
    source: z.string().max(64).optional(),
  })
  .loose();
const networkPosition = (location: z.infer<typeof NetworkLocation>, date: Date): Reading => ({
  signal: 'network_position',
  value: {
    lat: location.latitude,
    lon: location.longitude,
    alt: location.altitude,
    accuracy: location.accuracy,
    // Protobuf's JSON leaves the first value of an enum out: ChirpStack's and The Things Stack's are UNKNOWN.
    source: location.source ?? 'UNKNOWN',
  },
  date,
});

/** A LoRa frame's spreading factor and bandwidth (`SF7BW125`), as both network servers describe its modulation. */
function loraDataRate(lora: { spreadingFactor?: number; bandwidth?: number } | undefined): string | undefined {
  if (!lora?.spreadingFactor) return undefined;
  return `SF${lora.spreadingFactor}${lora.bandwidth ? `BW${lora.bandwidth / 1000}` : ''}`;
}

/**
 * ChirpStack names each event of an uplink by its deduplication id, which a resent event repeats: as a counter, it
 * tells a resend even where the frame counter cannot (older v4 releases leave `fCnt` out when it is 0, like any zero
 * of protobuf's JSON). Above every frame counter (32 bits), so the two never meet; per kind of event, as an uplink's
 * `up`, `join` and `status` events share theirs.
 */
const deduplicationCounter = (event: string, id: string) =>
  2 ** 32 + Number.parseInt(hash('md5', `${event}|${id}`).slice(0, 11), 16);

/** Base64 as LoRa network servers send payloads. */
const Base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/);
const DevEui = z.string().regex(/^[0-9a-fA-F]{16}$/);

const ChirpstackDeviceInfo = z.object({ devEui: DevEui }).loose();
const DeduplicationId = z.string().min(1).max(64).optional();
const ChirpstackUp = z.object({
  deviceInfo: ChirpstackDeviceInfo,
  deduplicationId: DeduplicationId,
  time: z.iso.datetime({ offset: true }).optional(),
  fCnt: z.number().int().min(0).optional(),
  fPort: z.number().int().min(0).max(255).optional(),
  data: Base64.optional(),
  object: z.record(z.string(), z.unknown()).optional(),
  rxInfo: z.array(z.object({ rssi: z.number().optional(), snr: z.number().optional() }).loose()).optional(),
  txInfo: z
    .object({
      modulation: z
        .object({
          lora: z.object({ spreadingFactor: z.number().int().optional(), bandwidth: z.number().optional() }).loose(),
        })
        .loose()
        .optional(),
    })
    .loose()
    .optional(),
});
const ChirpstackEventBase = {
  deviceInfo: ChirpstackDeviceInfo,
  deduplicationId: DeduplicationId,
  time: z.iso.datetime({ offset: true }).optional(),
};
/** `join`: the device joined (or rejoined), told at its first uplink after. */
const ChirpstackJoin = z.object(ChirpstackEventBase);
/** `status`: the device's answer to the network's status request; zero values left out, as protobuf's JSON does. */
const ChirpstackStatus = z.object({
  ...ChirpstackEventBase,
  batteryLevel: z.number().min(0).max(100).default(0),
  batteryLevelUnavailable: z.boolean().default(false),
  externalPowerSource: z.boolean().default(false),
});
/** `location`: a position the geolocation resolver computed. */
const ChirpstackLocation = z.object({ ...ChirpstackEventBase, location: NetworkLocation });

/** What a ChirpStack `join`, `status` or `location` event reports of its device, without a message of it. */
function chirpstackReport(event: 'join' | 'status' | 'location', body: unknown) {
  const report = parse(ChirpstackJoin, body);
  const date = report.time ? new Date(report.time) : new Date();
  const readings: Reading[] = [];
  if (event === 'location') readings.push(networkPosition(parse(ChirpstackLocation, body).location, date));
  if (event === 'status') {
    const status = parse(ChirpstackStatus, body);
    // A device on external power, or that cannot measure its battery, has no level to tell.
    if (!status.batteryLevelUnavailable && !status.externalPowerSource) {
      readings.push({ signal: 'network_battery', value: status.batteryLevel, date });
    }
  }
  return {
    devEui: report.deviceInfo.devEui.toUpperCase(),
    counter: report.deduplicationId ? deduplicationCounter(event, report.deduplicationId) : null,
    sentAt: report.time ? date : null,
    networkReadings: readings,
    joined: event === 'join',
  };
}
/** The queue item an `ack` or `txack` is about, as ChirpStack answered its queueing. */
const QueueItemId = z.string().min(1).max(64).optional();
/** `ack`: the device acknowledged the confirmed downlink, or (false, which protobuf's JSON may leave out) it timed out. */
const ChirpstackAck = z.object({
  deviceInfo: ChirpstackDeviceInfo,
  queueItemId: QueueItemId,
  acknowledged: z.boolean().default(false),
});
/** `txack`: a gateway took the downlink for transmission. */
const ChirpstackTxAck = z.object({ deviceInfo: ChirpstackDeviceInfo, queueItemId: QueueItemId });
/** `log`: something ChirpStack found wrong with a device's frames (a codec error, a wrong MIC, a frame counter reset). */
const ChirpstackLog = z.object({
  deviceInfo: ChirpstackDeviceInfo,
  time: z.iso.datetime({ offset: true }).optional(),
  // Protobuf's JSON leaves the first value of an enum (INFO, UNKNOWN) out.
  level: z.string().max(32).default('INFO'),
  code: z.string().max(64).default('UNKNOWN'),
  description: z.string().max(2000).default(''),
});
/** Log levels that tell of a problem, which the integration's health shows as its last error. */
const CHIRPSTACK_PROBLEM_LEVELS = new Set(['WARNING', 'ERROR']);

/** Any application message of The Things Stack names its device so; a downlink's `failed` message without DevEUI. */
const TtnDeviceIds = z
  .object({
    device_id: z.string().min(1).max(64),
    application_ids: z.object({ application_id: z.string().min(1).max(64) }),
    dev_eui: DevEui.optional(),
  })
  .loose();
const TtnUplinkMessage = z
  .object({
    // Protobuf's JSON leaves zero values out: the first frame of a session has no f_cnt.
    f_cnt: z.number().int().min(0).default(0),
    f_port: z.number().int().min(0).max(255).optional(),
    frm_payload: Base64.default(''),
    // What the application's payload formatter made of the frame, when it has one.
    decoded_payload: z.record(z.string(), z.unknown()).optional(),
    received_at: z.iso.datetime({ offset: true }).optional(),
    rx_metadata: z
      .array(
        z
          .object({ rssi: z.number().optional(), channel_rssi: z.number().optional(), snr: z.number().optional() })
          .loose(),
      )
      .optional(),
    settings: z
      .object({
        data_rate: z
          .object({
            lora: z
              .object({ spreading_factor: z.number().int().optional(), bandwidth: z.number().optional() })
              .loose()
              .optional(),
          })
          .loose()
          .optional(),
      })
      .loose()
      .optional(),
    // The battery level the device last reported to the network (LoRaWAN's device status), with its time.
    last_battery_percentage: z
      .object({
        value: z.number().min(0).max(100).default(0),
        received_at: z.iso.datetime({ offset: true }).optional(),
      })
      .loose()
      .optional(),
  })
  .loose();
/** A downlink as The Things Stack tells of it, with the correlation ids it was pushed with among its own. */
const TtnDownlink = z.object({ correlation_ids: z.array(z.string().max(200)).max(50).optional() }).loose();
/**
 * A message of a The Things Stack v3 webhook: its uplink message, or what became of a downlink (`downlink_ack`,
 * `downlink_nack`, `downlink_failed`). The webhook may post them all to one path; other messages are answered and left.
 */
const TtnMessage = z
  .object({
    end_device_ids: TtnDeviceIds,
    received_at: z.iso.datetime({ offset: true }).optional(),
    uplink_message: TtnUplinkMessage.optional(),
    /** Sent by The Things Stack's console or API, not by the device. */
    simulated: z.boolean().optional(),
    join_accept: z.object({}).loose().optional(),
    location_solved: z.object({ location: NetworkLocation }).loose().optional(),
    downlink_ack: TtnDownlink.optional(),
    downlink_nack: TtnDownlink.optional(),
    downlink_failed: z.object({ downlink: TtnDownlink.optional(), error: z.object({}).loose().optional() }).optional(),
  })
  .refine((message) => !message.uplink_message || message.end_device_ids.dev_eui, {
    path: ['end_device_ids', 'dev_eui'],
  });
/** A TTN uplink's LoRa modulation, named as ChirpStack names it. */
function ttnLora(message: z.infer<typeof TtnUplinkMessage>) {
  const lora = message.settings?.data_rate?.lora;
  return lora && { spreadingFactor: lora.spreading_factor, bandwidth: lora.bandwidth };
}

/** The battery level The Things Stack last heard from the device, as a reading dated when it was heard. */
function ttnBattery(message: z.infer<typeof TtnUplinkMessage>): Reading[] {
  const battery = message.last_battery_percentage;
  if (!battery) return [];
  const date = new Date(battery.received_at ?? message.received_at ?? Date.now());
  return [{ signal: 'network_battery', value: battery.value, date }];
}

/** The Things Stack console names a device registered by DevEUI `eui-<DevEUI>` unless told otherwise. */
const TTN_DEFAULT_DEVICE_ID = /^eui-([0-9a-f]{16})$/i;

/** The best-heard receiver's RSSI and SNR, and how many heard the frame. */
function bestReceiver(receivers: { rssi?: number | undefined; snr?: number | undefined }[]): RadioMetadata {
  const heard = receivers.filter((receiver) => receiver.rssi !== undefined);
  const best = heard.sort((a, b) => (b.rssi ?? 0) - (a.rssi ?? 0))[0];
  // No receivers listed: the network told nothing of them (not that none heard the frame).
  return { rssi: best?.rssi, snr: best?.snr, receivers: receivers.length > 0 ? receivers.length : undefined };
}

/** ChirpStack's body depends on its `event` query parameter, so it is checked here rather than by the route. */
function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const fields = Object.fromEntries(
      parsed.error.issues.map((issue) => [issue.path.join('.'), 'validation.invalid' as const]),
    );
    throw new AppError('validation.failed', {}, fields);
  }
  return parsed.data;
}

/** How each outcome of an uplink counts on its integration. */
const OUTCOME_COUNTED: Record<IngestOutcome['status'], CallOutcome> = {
  stored: 'stored',
  duplicate: 'duplicates',
  unknown_device: 'unknownDevices',
  other_network: 'refused',
};

/** A refused call as the integration's health tells it (in English, as network servers' own logs are). */
function describeRefusal(url: string, error: unknown): string {
  const path = url.split('?')[0];
  if (error instanceof AppError) {
    const fields = error.fields ? ` (${Object.keys(error.fields).join(', ')})` : '';
    return `${path}: ${translate(error.code, 'en', error.params)}${fields}`;
  }
  const fastifyError = error as { validation?: unknown; message?: string };
  return `${path}: ${fastifyError.message ?? String(error)}`;
}

function assertKnown(outcome: IngestOutcome, device: string) {
  if (outcome.status === 'unknown_device') throw new AppError('ingest.unknown_device', { device });
  if (outcome.status === 'other_network') throw new AppError('ingest.not_internet_device', { device });
  return outcome;
}

/**
 * Where networks deliver uplinks: Sigfox callbacks, ChirpStack v4 and The Things Stack v3 webhooks, and the
 * platform's own JSON call. Each authenticates with a token of an integration of the right network; devices are
 * looked for in that integration's business subtree only. Answers come once the uplink is stored.
 */
export const ingestRoutes: FastifyPluginAsyncZod<{
  pipeline: IngestPipeline;
  integrationsRepo: IntegrationsRepo;
  health: IntegrationHealthRecorder;
  loraRoutes: Pick<LoraRoutes, 'deviceOfTtnIds'>;
}> = async (app, { pipeline, integrationsRepo, health, loraRoutes }) => {
  /** The integration of the request's token, when it is one of `network`'s; else 401 before the body is read. */
  function requireIntegration(network: IntegrationNetwork) {
    return async (request: FastifyRequest) => {
      const header = request.headers[TOKEN_HEADER];
      const bearer = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      const query = (request.query as { token?: unknown } | undefined)?.token;
      const token = typeof header === 'string' ? header : (bearer ?? (typeof query === 'string' ? query : undefined));
      const integration = token ? await integrationsRepo.findByToken(token) : undefined;
      if (!integration || integration.network !== network) throw new AppError('ingest.invalid_token');
      request.integration = integration;
    };
  }
  const integrationOf = (request: FastifyRequest) => {
    if (!request.integration) throw new AppError('ingest.invalid_token');
    return request.integration;
  };
  const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse };
  const TokenQuery = z.object({ token: z.string().max(200).optional() });
  app.decorateRequest('integration', undefined);
  app.decorateRequest('ingestOutcome', undefined);

  /**
   * The device a The Things Stack message is about: by the application and device ids it was heard with through this
   * integration, else by its DevEUI (which a downlink's failed message leaves out), else by the console's default
   * device id (`eui-<DevEUI>`).
   */
  async function ttnDevice(integrationId: string, ids: z.infer<typeof TtnDeviceIds>): Promise<DeviceKey | undefined> {
    const id = await loraRoutes.deviceOfTtnIds(integrationId, ids.application_ids.application_id, ids.device_id);
    if (id) return { id };
    const devEui = ids.dev_eui ?? TTN_DEFAULT_DEVICE_ID.exec(ids.device_id)?.[1];
    return devEui ? { loraEui: devEui.toUpperCase() } : undefined;
  }

  /** Ingests an uplink, noting what became of it for the integration's health. */
  async function ingestFor(request: FastifyRequest, uplink: InboundUplink) {
    const outcome = await pipeline.ingest(uplink);
    request.ingestOutcome = OUTCOME_COUNTED[outcome.status];
    return outcome;
  }
  // Each call counts once on its integration, by how it was answered; a refusal's reason becomes the last error.
  app.addHook('onError', (request, _reply, error, done) => {
    if (request.integration) health.error(request.integration.id, describeRefusal(request.url, error));
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const { integration, ingestOutcome } = request;
    if (integration && ingestOutcome !== 'counted') {
      const outcome: CallOutcome | undefined =
        reply.statusCode === 404 ? 'unknownDevices' : reply.statusCode >= 400 ? 'refused' : ingestOutcome;
      if (outcome) health.count(integration.id, outcome);
      else health.called(integration.id);
    }
    done();
  });

  app.post(
    '/ingest/sigfox',
    {
      logLevel: INGEST_LOG_LEVEL,
      onRequest: requireIntegration('sigfox'),
      schema: {
        tags,
        summary:
          'Sigfox callback: uplink (with ack: true, the answer carries the downlink when parameters wait), ' +
          'DATA_ADVANCED (base stations, position computed by Atlas) or STATUS (battery voltage)',
        querystring: TokenQuery,
        body: SigfoxCallback,
        response: { 200: z.record(z.string(), z.object({ downlinkData: z.string() })), 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const device = { sigfoxId: body.device.toUpperCase() };
      const scopePath = integrationOf(request).businessPath;
      const sentAt = new Date(body.time * 1000);
      const report = (networkReadings: Reading[]) =>
        ingestFor(request, {
          network: 'sigfox',
          device,
          scopePath,
          counter: null,
          sentAt,
          payload: { kind: 'none' },
          networkReadings,
        });
      if (body.data === undefined) {
        // STATUS: the battery voltage (which the schema requires without data), and no message of the device.
        assertKnown(
          await report([{ signal: 'network_battery_voltage', value: body.batt as number, date: sentAt }]),
          body.device,
        );
        return reply.code(204).send(null);
      }
      // DATA_ADVANCED repeats its frame's data callback (a duplicate then) with the position Atlas computed.
      const position = sigfoxPosition(body);
      const [frame] = await Promise.all([
        ingestFor(request, {
          network: 'sigfox',
          device,
          scopePath,
          // A callback configured without {seqNumber} still tells a resend by its time: the network's reception
          // second of the frame, which a resent callback repeats and the next frame (minutes later at the least,
          // by Sigfox's duty cycle) does not.
          counter: body.seqNumber ?? body.time,
          sentAt,
          payload: { kind: 'frame', bytes: hexToBytes(body.data), port: null },
          radio: body.duplicates ? bestReceiver(body.duplicates) : { rssi: body.rssi, snr: body.snr ?? body.avgSnr },
          downlinkRequested: body.ack === true,
        }),
        position.length > 0 ? report(position) : null,
      ]);
      const outcome = assertKnown(frame, body.device);
      if (body.ack && outcome.downlink) {
        return reply.code(200).send({ [body.device]: { downlinkData: outcome.downlink.hex } });
      }
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/ingest/lora/chirpstack',
    {
      logLevel: INGEST_LOG_LEVEL,
      onRequest: requireIntegration('chirpstack'),
      schema: {
        tags,
        summary:
          'ChirpStack v4 HTTP integration (?event=up stores the uplink with its radio metadata; join, status and ' +
          'location record the join, the battery level and the computed position; ack and txack confirm a downlink, ' +
          'an ack not acknowledged puts the parameters back to waiting; log errors show on the integration)',
        querystring: TokenQuery.extend({ event: z.string().max(32) }),
        body: z.record(z.string(), z.unknown()),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const integration = integrationOf(request);
      const { event } = request.query;
      if (event === 'up') {
        const up = parse(ChirpstackUp, request.body);
        const bytes = Buffer.from(up.data ?? '', 'base64');
        const devEui = up.deviceInfo.devEui.toUpperCase();
        assertKnown(
          await ingestFor(request, {
            network: 'lora',
            device: { loraEui: devEui },
            scopePath: integration.businessPath,
            counter: up.deduplicationId ? deduplicationCounter(event, up.deduplicationId) : (up.fCnt ?? null),
            sentAt: up.time ? new Date(up.time) : null,
            payload: networkDecodedPayload(up.object, new Uint8Array(bytes), up.fPort ?? null),
            radio: { ...bestReceiver(up.rxInfo ?? []), dataRate: loraDataRate(up.txInfo?.modulation?.lora) },
            ...loraRoute(integration),
          }),
          devEui,
        );
      } else if (event === 'join' || event === 'status' || event === 'location') {
        const { devEui, ...report } = chirpstackReport(event, request.body);
        // A report of a device unknown here is counted on the integration (`ingestFor`), and answered as taken.
        await ingestFor(request, {
          network: 'lora',
          device: { loraEui: devEui },
          scopePath: integration.businessPath,
          payload: { kind: 'none' },
          ...report,
        });
      } else if (event === 'ack' || event === 'txack') {
        const report =
          event === 'ack'
            ? parse(ChirpstackAck, request.body)
            : { ...parse(ChirpstackTxAck, request.body), acknowledged: true };
        const devEui = report.deviceInfo.devEui.toUpperCase();
        const known = await pipeline.reportLoraDownlink(
          { loraEui: devEui },
          integration.businessPath,
          report.acknowledged,
          report.queueItemId,
        );
        if (!known) {
          throw new AppError('ingest.unknown_device', { device: devEui });
        }
      } else if (event === 'log') {
        const entry = parse(ChirpstackLog, request.body);
        if (CHIRPSTACK_PROBLEM_LEVELS.has(entry.level)) {
          const devEui = entry.deviceInfo.devEui.toUpperCase();
          health.error(integration.id, `ChirpStack ${entry.level} ${entry.code} (${devEui}): ${entry.description}`);
        }
      }
      // Other events carry nothing the platform keeps.
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/ingest/lora/ttn',
    {
      logLevel: INGEST_LOG_LEVEL,
      onRequest: requireIntegration('ttn'),
      schema: {
        tags,
        summary:
          'The Things Stack v3 webhook (uplink message, kept apart when simulated; join accept and solved location; ' +
          'downlink ack confirms a downlink, downlink nack and failed put the parameters back to waiting; devices are ' +
          'found by their application and device ids or DevEUI, and a message about one unknown here is answered 204 ' +
          'and counted on the integration)',
        querystring: TokenQuery,
        body: TtnMessage,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const integration = integrationOf(request);
      const up = request.body;
      const ids = up.end_device_ids;
      const delivered = up.downlink_ack ? true : up.downlink_nack || up.downlink_failed ? false : undefined;
      if (delivered !== undefined) {
        const downlink = up.downlink_ack ?? up.downlink_nack ?? up.downlink_failed?.downlink;
        const ref = downlink?.correlation_ids?.find((id) => id.startsWith(TTN_CORRELATION_PREFIX));
        const device = await ttnDevice(integration.id, ids);
        const known =
          device !== undefined && (await pipeline.reportLoraDownlink(device, integration.businessPath, delivered, ref));
        // The Things Stack turns a webhook off after repeated failures, and with it every device of the application:
        // a message about a device unknown here is answered as taken, stored nowhere, counted on the integration.
        if (!known) request.ingestOutcome = 'unknownDevices';
        return reply.code(204).send(null);
      }
      const message = up.uplink_message;
      if (!message && (up.join_accept || up.location_solved)) {
        const device = await ttnDevice(integration.id, ids);
        const date = up.received_at ? new Date(up.received_at) : new Date();
        if (!device) request.ingestOutcome = 'unknownDevices';
        else {
          await ingestFor(request, {
            network: 'lora',
            device,
            scopePath: integration.businessPath,
            counter: null,
            sentAt: up.received_at ? date : null,
            payload: { kind: 'none' },
            joined: up.join_accept !== undefined,
            networkReadings: up.location_solved ? [networkPosition(up.location_solved.location, date)] : [],
          });
        }
        return reply.code(204).send(null);
      }
      // Downlinks queued or sent: nothing the platform keeps.
      if (!message) return reply.code(204).send(null);
      // The schema requires the DevEUI with an uplink message.
      const devEui = (ids.dev_eui as string).toUpperCase();
      const receivedAt = message.received_at ?? up.received_at;
      const outcome = await ingestFor(request, {
        network: 'lora',
        device: { loraEui: devEui },
        scopePath: integration.businessPath,
        // A simulated uplink's frame counter is whatever the simulation said: it must not make a real one a duplicate.
        counter: up.simulated ? null : message.f_cnt,
        sentAt: receivedAt ? new Date(receivedAt) : null,
        simulated: up.simulated === true,
        networkReadings: ttnBattery(message),
        payload: networkDecodedPayload(
          message.decoded_payload,
          new Uint8Array(Buffer.from(message.frm_payload, 'base64')),
          message.f_port ?? null,
        ),
        radio: {
          ...bestReceiver(
            (message.rx_metadata ?? []).map((receiver) => ({
              rssi: receiver.rssi ?? receiver.channel_rssi,
              snr: receiver.snr,
            })),
          ),
          dataRate: loraDataRate(ttnLora(message)),
        },
        ...loraRoute(integration, {
          applicationId: ids.application_ids.application_id,
          deviceId: ids.device_id,
        }),
      });
      // Unknown here: answered as taken (see the downlink messages above), counted on the integration.
      if (outcome.status !== 'unknown_device') assertKnown(outcome, devEui);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/ingest/http',
    {
      logLevel: INGEST_LOG_LEVEL,
      onRequest: requireIntegration('http'),
      schema: {
        tags,
        summary: 'Messages of Wi-Fi or cellular devices by uuid: one, or a batch of up to 1,000',
        querystring: TokenQuery,
        body: HttpIngestRequest,
        response: { 200: IngestResult, ...errors },
      },
    },
    async (request) => {
      const { businessPath } = integrationOf(request);
      const messages = Array.isArray(request.body) ? request.body : [request.body];
      // A batch naming an unknown device is refused whole, before anything of it is stored (one message of an unknown
      // device is refused by the pipeline itself, storing nothing, without this extra query).
      if (messages.length > 1) {
        const refused = await pipeline.firstRefusedInternetDevice(
          messages.map((message) => message.device),
          businessPath,
        );
        if (refused) throw new AppError(refused.refusal, { device: refused.id });
      }
      const outcomes = await Promise.all(
        messages.map((message) => pipeline.ingest(deviceMessageUplink(message.device, message, businessPath))),
      );
      const stored = outcomes.filter((outcome) => outcome.status === 'stored').length;
      const duplicates = outcomes.filter((outcome) => outcome.status === 'duplicate').length;
      const [only] = messages;
      if (only && outcomes[0]) assertKnown(outcomes[0], only.device);
      // A batch counts as the messages it holds.
      const { id } = integrationOf(request);
      if (stored > 0) health.count(id, 'stored', stored);
      if (duplicates > 0) health.count(id, 'duplicates', duplicates);
      request.ingestOutcome = 'counted';
      return { stored, duplicates };
    },
  );
};

/**
 * The frame as a LoRa network server sent it, with its own decoding (ChirpStack's `object`, the `decoded_payload` of
 * The Things Stack's payload formatter) when that holds only values a signal can take; whether those values or the
 * device type's codec make the readings is decided with the type (`decode`).
 */
function networkDecodedPayload(
  object: Record<string, unknown> | undefined,
  bytes: Uint8Array,
  port: number | null,
): UplinkPayload {
  const entries = Object.entries(object ?? {});
  if (entries.length === 0 || !entries.every(([, value]) => SignalValueSchema.safeParse(value).success)) {
    return { kind: 'frame', bytes, port };
  }
  return { kind: 'frame', bytes, port, networkValues: Object.fromEntries(entries) as Record<string, SignalValue> };
}

declare module 'fastify' {
  interface FastifyRequest {
    integration: (Awaited<ReturnType<IntegrationsRepo['findByToken']>> & object) | undefined;
    /** What became of the call, for its integration's health; `counted` when the handler counted it itself. */
    ingestOutcome: CallOutcome | 'counted' | undefined;
  }
}
