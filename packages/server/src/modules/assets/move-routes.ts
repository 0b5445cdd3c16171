import { BusinessParams, MoveAssetsRequest, MoveAssetsResult } from '@iot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, sessionUser } from '../../http/authenticate.js';
import { WRITE_ERRORS } from '../../http/error-responses.js';
import { requestLanguage } from '../../http/language.js';
import type { AuthService } from '../auth/service.js';
import type { AssetMoveService } from './move.js';

const tags = ['assets'];

/** Moving assets with their devices (`move.ts`). */
export const assetMoveRoutes: FastifyPluginAsyncZod<{ auth: AuthService; assetMove: AssetMoveService }> = async (
  app,
  { auth, assetMove },
) => {
  app.post(
    '/customer-business/:id/asset/move',
    {
      onRequest: requireSession(auth),
      schema: {
        tags,
        summary:
          'Admin on the assets and on level `{id}`: move the assets there with their linked devices, forcing those ' +
          "devices' open alarms to acknowledged; `dryRun` answers what would happen and changes nothing " +
          '(plan: assetSupport)',
        params: BusinessParams,
        body: MoveAssetsRequest,
        response: { 200: MoveAssetsResult, ...WRITE_ERRORS },
      },
    },
    async (request) => assetMove.move(sessionUser(request), request.params.id, request.body, requestLanguage(request)),
  );
};
