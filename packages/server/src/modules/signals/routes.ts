import {
  CreateSignalRequest,
  ErrorResponse,
  isProviderStaff,
  Signal,
  SignalHistoryPage,
  SignalHistoryQuery,
  SignalIdParams,
  SignalListQuery,
  SignalParams,
  UpdateSignalRequest,
  z,
} from '@iot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, sessionOf } from '../../http/authenticate.js';
import type { AuthService } from '../auth/service.js';
import { presentSignal, presentSignalHistoryEntry } from './present.js';
import type { SignalsService } from './service.js';

const tags = ['signals'];

/** The signal catalogue: everyone signed in reads it; provider staff change it under an edit lock. */
export const signalsRoutes: FastifyPluginAsyncZod<{ auth: AuthService; signals: SignalsService }> = async (
  app,
  { auth, signals },
) => {
  const onRequest = requireSession(auth);
  const read = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
  const write = { ...read, 409: ErrorResponse, 422: ErrorResponse };

  app.get(
    '/signals',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Every signal of the catalogue by key; `editionCtrl=true` (provider staff) adds each lock state',
        querystring: SignalListQuery,
        response: { 200: z.array(Signal), ...read },
      },
    },
    async (request) => {
      const { editionCtrl } = request.query;
      const rows = await signals.list(sessionOf(request).user, editionCtrl);
      return rows.map((row) => presentSignal(row, editionCtrl));
    },
  );

  app.get(
    '/signals/:uuid',
    {
      onRequest,
      schema: {
        tags,
        summary: 'One signal (with its lock state for provider staff)',
        params: SignalParams,
        response: { 200: Signal, ...read },
      },
    },
    async (request) => {
      const { user } = sessionOf(request);
      return presentSignal(await signals.get(user, request.params.uuid), isProviderStaff(user));
    },
  );

  app.post(
    '/signals',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Provider staff: a new signal (its key unique)',
        body: CreateSignalRequest,
        response: { 201: Signal, ...write },
      },
    },
    async (request, reply) =>
      reply.status(201).send(presentSignal(await signals.create(sessionOf(request).user, request.body), true)),
  );

  app.put(
    '/signals',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Provider staff holding the lock: edit a signal over the `version` read (409 when stale)',
        body: UpdateSignalRequest,
        response: { 200: Signal, ...write },
      },
    },
    async (request) => presentSignal(await signals.update(sessionOf(request).user, request.body), true),
  );

  app.delete(
    '/signals/:uuid',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Provider staff: delete a signal nobody else holds locked (its history stays)',
        params: SignalParams,
        response: { 204: z.null(), ...write },
      },
    },
    async (request, reply) => {
      await signals.delete(sessionOf(request).user, request.params.uuid);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/signals/lock/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Provider staff: lock a signal for editing (refused while another staff user holds it)',
        params: SignalIdParams,
        response: { 200: Signal, ...write },
      },
    },
    async (request) => presentSignal(await signals.lock(sessionOf(request).user, request.params.id), true),
  );

  app.put(
    '/signals/unlock/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: "Provider staff: release the caller's edit lock of a signal",
        params: SignalIdParams,
        response: { 200: Signal, ...write },
      },
    },
    async (request) => presentSignal(await signals.unlock(sessionOf(request).user, request.params.id), true),
  );

  app.put(
    '/signals/sync/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: "Provider staff: re-read a signal's definition from the device-type codecs defining its key",
        params: SignalIdParams,
        response: { 200: Signal, ...write },
      },
    },
    async (request) => presentSignal(await signals.sync(sessionOf(request).user, request.params.id), true),
  );

  app.get(
    '/signals/history/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: "Provider staff: one page of a signal's changes (who, what, when), newest first",
        params: SignalIdParams,
        querystring: SignalHistoryQuery,
        response: { 200: SignalHistoryPage, ...read },
      },
    },
    async (request) => {
      const page = await signals.history(sessionOf(request).user, request.params.id, request.query);
      return { data: page.rows.map(presentSignalHistoryEntry), totalElements: page.total, hasNext: page.hasNext };
    },
  );
};
