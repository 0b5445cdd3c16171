import {
  BusinessActions,
  ErrorResponse,
  GeotabCredentials,
  TestActionCallbackRequest,
  TestActionCallbackResponse,
  UpdateBusinessActionsRequest,
  z,
} from '@iot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, sessionUser } from '../../http/authenticate.js';
import type { AuthService } from '../auth/service.js';
import type { ActionsService } from './service.js';

const tags = ['actions'];
const BusinessParams = z.object({ id: z.string().min(1).max(64) });

/** A business's actions (SPEC 3 "Action config", 9 "Action types"). */
export const actionsRoutes: FastifyPluginAsyncZod<{ auth: AuthService; actions: ActionsService }> = async (
  app,
  { auth, actions },
) => {
  const onRequest = requireSession(auth);
  const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

  app.get(
    '/customer-business/:id/actions',
    {
      onRequest,
      schema: {
        tags,
        summary: "A business's actions: its own, else the nearest ancestor's, else the default (admin)",
        params: BusinessParams,
        response: { 200: BusinessActions, ...errors },
      },
    },
    async (request) => actions.get(sessionUser(request), request.params.id),
  );
  app.put(
    '/customer-business/:id/actions',
    {
      onRequest,
      schema: {
        tags,
        summary: "Replace a business's own actions over the version read; null follows the parent again (admin)",
        description:
          'Push (internet, SMS, WhatsApp) and voice actions may name only users who can see the business: any other ' +
          'user id is a 400 with a field error (`actions.<i>.<type>.userIds.<j>`). When an action runs, a named user ' +
          "who has lost access to the device's business is skipped, and the action's status notice names them.",
        params: BusinessParams,
        body: UpdateBusinessActionsRequest,
        response: { 200: BusinessActions, ...errors, 422: ErrorResponse },
      },
    },
    async (request) => actions.update(sessionUser(request), request.params.id, request.body),
  );
  app.post(
    '/customer-business/test-action-callback',
    {
      onRequest,
      schema: {
        tags,
        summary: 'POST a sample alarm event to a callback target and report the answer (admin of the business)',
        body: TestActionCallbackRequest,
        response: { 200: TestActionCallbackResponse, ...errors, 422: ErrorResponse },
      },
    },
    async (request) => actions.testCallback(sessionUser(request), request.body),
  );
  app.post(
    '/geotab/DIG/Authenticate',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Check Geotab credentials before saving a Geotab action',
        body: GeotabCredentials,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors, 422: ErrorResponse, 502: ErrorResponse },
      },
    },
    async (request) => actions.checkGeotab(request.body),
  );
};
