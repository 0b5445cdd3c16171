import {
  CreatedIntegration,
  CreateIntegrationRequest,
  ErrorResponse,
  Integration,
  ListedIntegration,
  UpdateIntegrationRequest,
  z,
} from '@iot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, sessionUser } from '../../http/authenticate.js';
import type { AuthService } from '../auth/service.js';
import type { IntegrationsService } from './service.js';

const tags = ['integrations'];
const BusinessParams = z.object({ id: z.string().min(1).max(64) });
const IntegrationParams = z.object({ id: z.string().min(1).max(64) });

/** The network integrations of a business (SPEC: ingest endpoints authenticate with an integration token). */
export const integrationsRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  integrations: IntegrationsService;
}> = async (app, { auth, integrations }) => {
  const onRequest = requireSession(auth);
  const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
  /** A network server URL on this machine or a private network. */
  const saveErrors = { ...errors, 422: ErrorResponse };

  app.get(
    '/customer-business/:id/integrations',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "A business's network integrations (admin), each with its health: last call, counts over 24 h, last error",
        params: BusinessParams,
        response: { 200: z.object({ integrations: z.array(ListedIntegration) }), ...errors },
      },
    },
    async (request) => integrations.list(sessionUser(request), request.params.id),
  );
  app.post(
    '/customer-business/:id/integrations',
    {
      onRequest,
      schema: {
        tags,
        summary: 'A new integration; its token is in this answer only',
        params: BusinessParams,
        body: CreateIntegrationRequest,
        response: { 201: CreatedIntegration, ...saveErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await integrations.create(sessionUser(request), request.params.id, request.body)),
  );
  app.patch(
    '/integrations/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Change an integration over the version read (its token stays)',
        params: IntegrationParams,
        body: UpdateIntegrationRequest,
        response: { 200: Integration, ...saveErrors },
      },
    },
    async (request) => integrations.update(sessionUser(request), request.params.id, request.body),
  );
  app.delete(
    '/integrations/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Remove an integration: its token stops working',
        params: IntegrationParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await integrations.delete(sessionUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
