import type { ServerResponse } from 'node:http';
import {
  CommissioningAnswer,
  DeviceParams,
  ErrorResponse,
  ReadingsAnswer,
  ReadingsQuery,
  ReceivedMessagesAnswer,
  ReprocessReceivedDataRequest,
  ReprocessReceivedDataResponse,
  UndecodedFramesAnswer,
} from '@iot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, sessionOf, sessionUser } from '../../http/authenticate.js';
import type { AuthService } from '../auth/service.js';
import type { ReadingsService } from './readings-service.js';
import type { Reprocess } from './reprocess.js';

const tags = ['devices'];

/** How often an idle event stream sends a comment, so proxies and browsers keep it open. */
const KEEP_ALIVE_MS = 25_000;

/**
 * What arrived from a device (readings, undecodable frames, commissioning), decoding it again, and the live stream of
 * new arrivals.
 */
export const readingsRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  readings: ReadingsService;
  reprocess: Reprocess;
}> = async (app, { auth, readings, reprocess }) => {
  const onRequest = requireSession(auth);
  const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse };

  app.get(
    '/devices/:uuid/readings',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Readings of some signals in a time range, newest first, cut at `limit` per signal',
        params: DeviceParams,
        querystring: ReadingsQuery,
        response: { 200: ReadingsAnswer, ...errors },
      },
    },
    async (request) => readings.readings(sessionUser(request), request.params.uuid, request.query),
  );
  app.post(
    '/devices/advanced/reprocess-received-data',
    {
      onRequest,
      schema: {
        tags,
        summary: "Admin: decode a device's messages of a time range again, optionally running the actions again",
        body: ReprocessReceivedDataRequest,
        response: { 200: ReprocessReceivedDataResponse, ...errors, 403: ErrorResponse },
      },
    },
    async (request) => reprocess(sessionUser(request), request.body),
  );
  app.get(
    '/devices/:uuid/frames',
    {
      onRequest,
      schema: {
        tags,
        summary: "Frames the device type's codec could not decode, newest first",
        params: DeviceParams,
        response: { 200: UndecodedFramesAnswer, ...errors },
      },
    },
    async (request) => readings.undecodedFrames(sessionUser(request), request.params.uuid),
  );
  app.get(
    '/devices/:uuid/messages',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'The newest messages received from the device, with the radio metadata the network gave (RSSI, SNR, ' +
          'gateways or base stations, data rate) and whether The Things Stack simulated them',
        params: DeviceParams,
        response: { 200: ReceivedMessagesAnswer, ...errors },
      },
    },
    async (request) => readings.messages(sessionUser(request), request.params.uuid),
  );
  app.get(
    '/devices/:uuid/commissioning',
    {
      onRequest,
      schema: {
        tags,
        summary: "The device's commissioning events, oldest first",
        params: DeviceParams,
        response: { 200: CommissioningAnswer, ...errors },
      },
    },
    async (request) => readings.commissioning(sessionUser(request), request.params.uuid),
  );

  const streams = new Set<ServerResponse>();
  // Open streams never end by themselves: closing the server ends them, or it would wait for them forever.
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });
  app.get(
    '/events',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Server-sent events: new readings, parameterization and commissioning of devices the caller sees',
        response: { 401: ErrorResponse },
      },
    },
    async (request, reply) => {
      let session = sessionOf(request);
      let reaches = await readings.reachTest(session.user);
      const stream = reply.raw;
      reply.hijack();
      stream.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // Proxies that buffer answers (nginx) would hold events back.
        'x-accel-buffering': 'no',
      });
      stream.write(': connected\n\n');
      streams.add(stream);
      // The stream lasts as long as its session: what is written goes out only while the session does (a sign-out,
      // here or everywhere, ends the stream at the next event), and at each keep-alive what its user may see is read
      // again (a role taken away stops that business's events). Events are filtered by reach first, and the events
      // that arrive together (a batch publishes its events at once) go out after one check of the session.
      let queued: string[] = [];
      let flushing = false;
      const flush = async () => {
        try {
          while (queued.length > 0 && !stream.writableEnded) {
            const live = await auth.recheck(session);
            if (!live) return void stream.end();
            session = live;
            stream.write(queued.join(''));
            queued = [];
          }
        } catch (error) {
          request.log.error({ err: error }, 'live event stream ended');
          stream.end();
        } finally {
          flushing = false;
        }
      };
      const send = (text: string) => {
        queued.push(text);
        if (flushing) return;
        flushing = true;
        void flush();
      };
      const unsubscribe = readings.subscribe((envelope) => {
        if (reaches(envelope.businessPath)) send(`data: ${JSON.stringify(envelope.event)}\n\n`);
      });
      const keepAlive = setInterval(() => {
        readings.reachTest(session.user).then(
          (refreshed) => {
            reaches = refreshed;
            send(': keep-alive\n\n');
          },
          (error: unknown) => {
            request.log.error({ err: error }, 'live event stream ended');
            stream.end();
          },
        );
      }, KEEP_ALIVE_MS);
      stream.on('close', () => {
        clearInterval(keepAlive);
        unsubscribe();
        streams.delete(stream);
      });
    },
  );
};
