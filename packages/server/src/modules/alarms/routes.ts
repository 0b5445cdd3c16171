import {
  AcknowledgeAlarmRequest,
  AlarmKeysetPage,
  AlarmListQuery,
  AlarmPage,
  AlarmWithHistory,
  CommentAlarmRequest,
  SnoozeAlarmRequest,
  VisibleAlarmsQuery,
  z,
} from '@iot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, sessionUser } from '../../http/authenticate.js';
import { READ_ERRORS, WRITE_ERRORS } from '../../http/error-responses.js';
import type { AuthService } from '../auth/service.js';
import type { AlarmsService } from './service.js';

const tags = ['alarms'];
const BusinessParams = z.object({ id: z.string().min(1).max(64) });
const AlarmParams = z.object({ id: z.string().min(1).max(64) });

/** The alarms of the caller's devices: list, read with history, acknowledge, snooze, comment. */
export const alarmsRoutes: FastifyPluginAsyncZod<{ auth: AuthService; alarms: AlarmsService }> = async (
  app,
  { auth, alarms },
) => {
  const onRequest = requireSession(auth);

  app.get(
    '/customer-business/:id/alarms',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "The alarms of a business's subtree the caller sees, newest raised first; with `assetID`, those of the " +
          'asset: of the devices linked to it, raised while they were',
        params: BusinessParams,
        querystring: AlarmListQuery,
        response: { 200: AlarmPage, ...READ_ERRORS },
      },
    },
    async (request) => alarms.list(sessionUser(request), request.params.id, request.query),
  );
  app.get(
    '/alarms',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'The alarms of every business the caller sees (provider staff: all), or of one subtree or device, newest ' +
          'raised first; a keyset page at a time (`after` is the `next` of the page before)',
        querystring: VisibleAlarmsQuery,
        response: { 200: AlarmKeysetPage, ...READ_ERRORS },
      },
    },
    async (request) => alarms.listVisible(sessionUser(request), request.query),
  );
  app.get(
    '/alarms/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'An alarm with its history, oldest first',
        params: AlarmParams,
        response: { 200: AlarmWithHistory, ...READ_ERRORS },
      },
    },
    async (request) => alarms.get(sessionUser(request), request.params.id),
  );
  app.post(
    '/alarms/:id/acknowledge',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Acknowledge an alarm over the version read (closes it)',
        params: AlarmParams,
        body: AcknowledgeAlarmRequest,
        response: { 200: AlarmWithHistory, ...WRITE_ERRORS },
      },
    },
    async (request) => alarms.acknowledge(sessionUser(request), request.params.id, request.body),
  );
  app.post(
    '/alarms/:id/snooze',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Snooze an alarm for some minutes over the version read',
        params: AlarmParams,
        body: SnoozeAlarmRequest,
        response: { 200: AlarmWithHistory, ...WRITE_ERRORS },
      },
    },
    async (request) => alarms.snooze(sessionUser(request), request.params.id, request.body),
  );
  app.post(
    '/alarms/:id/comment',
    {
      onRequest,
      schema: {
        tags,
        summary: "Add a comment to an alarm's history over the version read",
        params: AlarmParams,
        body: CommentAlarmRequest,
        response: { 200: AlarmWithHistory, ...WRITE_ERRORS },
      },
    },
    async (request) => alarms.comment(sessionUser(request), request.params.id, request.body),
  );
};
