import { AssetParams, ReadingsAnswer, ReadingsQuery } from '@iot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, sessionUser } from '../../http/authenticate.js';
import { READ_ERRORS, WRITE_ERRORS } from '../../http/error-responses.js';
import type { AuthService } from '../auth/service.js';
import type { AssetHistoryService } from './history.js';

const tags = ['assets'];

/** An asset's data over its continuous history (`history.ts`). */
export const assetHistoryRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  assetHistory: AssetHistoryService;
}> = async (app, { auth, assetHistory }) => {
  app.get(
    '/assets/:assetId/readings',
    {
      onRequest: requireSession(auth),
      schema: {
        tags,
        summary:
          'Readings of some signals in a time range over the asset: of whichever device was linked to it when, ' +
          'newest first, cut at `limit` per signal (plan: assetSupport)',
        params: AssetParams,
        querystring: ReadingsQuery,
        // A plan without `assetSupport` answers `plan.unavailable` (422).
        response: { 200: ReadingsAnswer, ...READ_ERRORS, 422: WRITE_ERRORS[422] },
      },
    },
    async (request) => assetHistory.readings(sessionUser(request), request.params.assetId, request.query),
  );
};
