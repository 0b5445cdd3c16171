import { ErrorResponse, PlanQuery, PlanResponse } from '@iot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, sessionOf } from '../../http/authenticate.js';
import type { AuthService } from '../auth/service.js';
import type { PlansService } from './service.js';

export const plansRoutes: FastifyPluginAsyncZod<{ auth: AuthService; plans: PlansService }> = async (
  app,
  { auth, plans },
) => {
  app.get(
    '/contracts/pfs',
    {
      onRequest: requireSession(auth),
      schema: {
        tags: ['plans'],
        summary: "A reachable node's plan: its nearest ancestor-or-self contract's features, else the default plan",
        querystring: PlanQuery,
        response: { 200: PlanResponse, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => plans.get(sessionOf(request).user, request.query.businessId),
  );
};
