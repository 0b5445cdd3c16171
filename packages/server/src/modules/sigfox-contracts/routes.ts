import { ErrorResponse, SigfoxTokenRecords } from '@iot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, sessionOf } from '../../http/authenticate.js';
import type { AuthService } from '../auth/service.js';
import type { SigfoxContractsService } from './service.js';

const tags = ['sigfox'];

export const sigfoxContractsRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  sigfoxContracts: SigfoxContractsService;
}> = async (app, { auth, sigfoxContracts }) => {
  // On request, before anything else is read: a signed-out caller learns nothing.
  const onRequest = requireSession(auth);

  app.get(
    '/sigfox-contracts/contract-dots',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "Provider staff: Sigfox tokens per token type, computed over bought, unexpired contracts: tokens bought, devices in the contracts' reach using them, tokens spent, and the share in use",
        response: { 200: SigfoxTokenRecords, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => sigfoxContracts.list(sessionOf(request).user),
  );
};
