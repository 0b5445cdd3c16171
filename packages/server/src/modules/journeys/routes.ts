import {
  BusinessParams,
  CreateJourneyRequest,
  DeviceParams,
  JourneyActionParams,
  JourneyActionRequest,
  JourneyDetail,
  JourneyListQuery,
  JourneyPage,
  JourneyParams,
  z,
} from '@iot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, sessionUser } from '../../http/authenticate.js';
import { READ_ERRORS, WRITE_ERRORS } from '../../http/error-responses.js';
import { requestLanguage } from '../../http/language.js';
import type { AuthService } from '../auth/service.js';
import type { JourneysService } from './service.js';

const tags = ['journeys'];

/** A plan without `journeyVisible` answers `plan.unavailable` (422) to every read. */
const READ = { ...READ_ERRORS, 422: WRITE_ERRORS[422] };

/**
 * Journeys of a level's subtree (SPEC 3, 4, 8): every call sees only the caller's reach (another tenant's journey is
 * 404); viewers read, users and above create and act when the plan has `journeyUnlocked`.
 */
export const journeysRoutes: FastifyPluginAsyncZod<{ auth: AuthService; journeys: JourneysService }> = async (
  app,
  { auth, journeys },
) => {
  const onRequest = requireSession(auth);

  app.get(
    '/customer-business/:id/journeys',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "A keyset page of a level subtree's journeys, newest first, by state and device, each with its summary and " +
          'the actions the caller may take (plan: journeyVisible)',
        params: BusinessParams,
        querystring: JourneyListQuery,
        response: { 200: JourneyPage, ...READ },
      },
    },
    async (request) => journeys.list(sessionUser(request), request.params.id, request.query),
  );

  app.post(
    '/customer-business/:id/journeys',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "User on the level: a running journey of a device of the level's subtree; a device already in a running or " +
          'paused journey is `journey.device_busy` (plan: journeyUnlocked)',
        params: BusinessParams,
        body: CreateJourneyRequest,
        response: { 201: JourneyDetail, ...WRITE_ERRORS },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await journeys.create(sessionUser(request), request.params.id, request.body)),
  );

  app.get(
    '/devices/:uuid/journeys',
    {
      onRequest,
      schema: {
        tags,
        summary: "A keyset page of a device's journeys the caller reaches, newest first (plan: journeyVisible)",
        params: DeviceParams,
        querystring: JourneyListQuery,
        response: { 200: JourneyPage, ...READ },
      },
    },
    async (request) => journeys.listOfDevice(sessionUser(request), request.params.uuid, request.query),
  );

  app.get(
    '/journeys/:journeyId',
    {
      onRequest,
      schema: {
        tags,
        summary: 'One reachable journey with its summary, history (oldest first) and track',
        params: JourneyParams,
        response: { 200: JourneyDetail, ...READ },
      },
    },
    async (request) => journeys.get(sessionUser(request), request.params.journeyId),
  );

  app.get(
    '/journeys/:journeyId/export-csv',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "A journey's legs and stops as CSV, in the order they happened, the header in the language of `lang` " +
          '(cells defused for spreadsheets)',
        params: JourneyParams,
        produces: ['text/csv'],
        response: { 200: z.string(), ...READ },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="journey.csv"')
        .send(await journeys.exportCsv(sessionUser(request), request.params.journeyId, requestLanguage(request))),
  );

  app.post(
    '/journeys/:journeyId/:action',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'User on the level: pause, restart, finalize, cancel or comment a journey over the `version` read (409 when ' +
          'stale), as its state allows; a comment is required to comment (plan: journeyUnlocked)',
        params: JourneyActionParams,
        body: JourneyActionRequest,
        response: { 200: JourneyDetail, ...WRITE_ERRORS },
      },
    },
    async (request) =>
      journeys.act(sessionUser(request), request.params.journeyId, request.params.action, request.body),
  );
};
