import {
  ErrorResponse,
  HttpIngestRequest,
  hexToBytes,
  IngestResult,
  type IntegrationNetwork,
  type RadioMetadata,
  type SignalValue,
  SignalValueSchema,
  z,
} from '@iot/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.js';
import type { IntegrationsRepo } from '../integrations/repo.js';
import { deviceMessageUplink } from './device-message.js';
import { TTN_CORRELATION_PREFIX } from './lora-downlinks.js';
import type { IngestOutcome, IngestPipeline, LoraRoute, UplinkPayload } from './pipeline.js';

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

/** A Sigfox custom callback (uplink, or bidirectional with `ack`); `{...}` variables arrive as strings or numbers. */
const SigfoxCallback = z.object({
  device: z.string().regex(/^[0-9a-fA-F]{1,8}$/),
  time: z.coerce.number().int().min(0),
  data: Hex(12),
  seqNumber: z.coerce.number().int().min(0).optional(),
  deviceTypeId: z.string().max(64).optional(),
  station: z.string().max(64).optional(),
  rssi: z.coerce.number().optional(),
  snr: z.coerce.number().optional(),
  avgSnr: z.coerce.number().optional(),
  ack: Flag.optional(),
});

/** Base64 as LoRa network servers send payloads. */
const Base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/);
const DevEui = z.string().regex(/^[0-9a-fA-F]{16}$/);

const ChirpstackDeviceInfo = z.object({ devEui: DevEui }).loose();
const ChirpstackUp = z.object({
  deviceInfo: ChirpstackDeviceInfo,
  time: z.iso.datetime({ offset: true }).optional(),
  fCnt: z.number().int().min(0).optional(),
  fPort: z.number().int().min(0).max(255).optional(),
  data: Base64.optional(),
  object: z.record(z.string(), z.unknown()).optional(),
  rxInfo: z.array(z.object({ rssi: z.number().optional(), snr: z.number().optional() }).loose()).optional(),
});
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
    downlink_ack: TtnDownlink.optional(),
    downlink_nack: TtnDownlink.optional(),
    downlink_failed: z.object({ downlink: TtnDownlink.optional(), error: z.object({}).loose().optional() }).optional(),
  })
  .refine((message) => !message.uplink_message || message.end_device_ids.dev_eui, {
    path: ['end_device_ids', 'dev_eui'],
  });
/** The Things Stack console names a device registered by DevEUI `eui-<DevEUI>` unless told otherwise. */
const TTN_DEFAULT_DEVICE_ID = /^eui-([0-9a-f]{16})$/i;

/** The best-heard receiver's RSSI and SNR, and how many heard the frame. */
function bestReceiver(receivers: { rssi?: number | undefined; snr?: number | undefined }[]): RadioMetadata {
  const heard = receivers.filter((receiver) => receiver.rssi !== undefined);
  const best = heard.sort((a, b) => (b.rssi ?? 0) - (a.rssi ?? 0))[0];
  return { rssi: best?.rssi, snr: best?.snr, receivers: receivers.length };
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
}> = async (app, { pipeline, integrationsRepo }) => {
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

  app.post(
    '/ingest/sigfox',
    {
      logLevel: INGEST_LOG_LEVEL,
      onRequest: requireIntegration('sigfox'),
      schema: {
        tags,
        summary: 'Sigfox callback (uplink; with ack: true, the answer carries the downlink when parameters wait)',
        querystring: TokenQuery,
        body: SigfoxCallback,
        response: { 200: z.record(z.string(), z.object({ downlinkData: z.string() })), 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const outcome = assertKnown(
        await pipeline.ingest({
          network: 'sigfox',
          device: { sigfoxId: body.device.toUpperCase() },
          scopePath: integrationOf(request).businessPath,
          // A callback configured without {seqNumber} still tells a resend by its time: the network's reception
          // second of the frame, which a resent callback repeats and the next frame (minutes later at the least,
          // by Sigfox's duty cycle) does not.
          counter: body.seqNumber ?? body.time,
          sentAt: new Date(body.time * 1000),
          payload: { kind: 'frame', bytes: hexToBytes(body.data), port: null },
          radio: { rssi: body.rssi, snr: body.snr ?? body.avgSnr },
          downlinkRequested: body.ack === true,
        }),
        body.device,
      );
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
          'ChirpStack v4 HTTP integration (?event=up stores the uplink; ack and txack confirm a downlink, an ack not ' +
          'acknowledged puts the parameters back to waiting)',
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
          await pipeline.ingest({
            network: 'lora',
            device: { loraEui: devEui },
            scopePath: integration.businessPath,
            counter: up.fCnt ?? null,
            sentAt: up.time ? new Date(up.time) : null,
            payload: networkDecodedPayload(up.object, new Uint8Array(bytes), up.fPort ?? null),
            radio: bestReceiver(up.rxInfo ?? []),
            ...loraRoute(integration),
          }),
          devEui,
        );
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
      }
      // Other events (join, status, log, location) carry nothing the platform keeps.
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
          'The Things Stack v3 webhook (uplink message; downlink ack confirms a downlink, downlink nack and failed put ' +
          'the parameters back to waiting)',
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
        // A downlink's failed message names the device without its DevEUI: it is then found by its default id.
        const devEui = (ids.dev_eui ?? TTN_DEFAULT_DEVICE_ID.exec(ids.device_id)?.[1])?.toUpperCase();
        const downlink = up.downlink_ack ?? up.downlink_nack ?? up.downlink_failed?.downlink;
        const ref = downlink?.correlation_ids?.find((id) => id.startsWith(TTN_CORRELATION_PREFIX));
        const known =
          devEui !== undefined &&
          (await pipeline.reportLoraDownlink({ loraEui: devEui }, integration.businessPath, delivered, ref));
        if (!known) throw new AppError('ingest.unknown_device', { device: devEui ?? ids.device_id });
        return reply.code(204).send(null);
      }
      const message = up.uplink_message;
      // Join accepts, downlinks queued or sent, locations: nothing the platform keeps.
      if (!message) return reply.code(204).send(null);
      // The schema requires the DevEUI with an uplink message.
      const devEui = (ids.dev_eui as string).toUpperCase();
      const receivedAt = message.received_at ?? up.received_at;
      assertKnown(
        await pipeline.ingest({
          network: 'lora',
          device: { loraEui: devEui },
          scopePath: integration.businessPath,
          counter: message.f_cnt,
          sentAt: receivedAt ? new Date(receivedAt) : null,
          payload: networkDecodedPayload(
            message.decoded_payload,
            new Uint8Array(Buffer.from(message.frm_payload, 'base64')),
            message.f_port ?? null,
          ),
          radio: bestReceiver(
            (message.rx_metadata ?? []).map((receiver) => ({
              rssi: receiver.rssi ?? receiver.channel_rssi,
              snr: receiver.snr,
            })),
          ),
          ...loraRoute(integration, {
            applicationId: ids.application_ids.application_id,
            deviceId: ids.device_id,
          }),
        }),
        devEui,
      );
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
      const [only] = messages;
      if (only && outcomes[0]) assertKnown(outcomes[0], only.device);
      return {
        stored: outcomes.filter((outcome) => outcome.status === 'stored').length,
        duplicates: outcomes.filter((outcome) => outcome.status === 'duplicate').length,
      };
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
  }
}
