import { Overview } from '@iot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, sessionUser } from '../../http/authenticate.js';
import { READ_ERRORS } from '../../http/error-responses.js';
import type { AuthService } from '../auth/service.js';
import type { OverviewService } from './service.js';

/** The home page's overview of the caller's part of the business tree. */
export const overviewRoutes: FastifyPluginAsyncZod<{ auth: AuthService; overview: OverviewService }> = async (
  app,
  { auth, overview },
) => {
  app.get(
    '/overview',
    {
      onRequest: requireSession(auth),
      schema: {
        tags: ['overview'],
        summary:
          "Open alarms by status with the newest ones, silent and never-heard devices and unread notifications, over the caller's reachable tree",
        response: { 200: Overview, ...READ_ERRORS },
      },
    },
    async (request) => overview.overview(sessionUser(request)),
  );
};
