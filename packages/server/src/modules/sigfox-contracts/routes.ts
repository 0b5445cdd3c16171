import {
  ErrorResponse,
  SigfoxTokenRecord,
  SigfoxTokenRecords,
  SigfoxTokenTypeParams,
  UpdateSigfoxTokenRecordRequest,
} from '@iot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, sessionOf } from '../../http/authenticate.js';
import type { AuthService } from '../auth/service.js';
import { presentSigfoxTokenRecord } from './present.js';
import type { SigfoxContractsService } from './service.js';

const tags = ['sigfox'];

export const sigfoxContractsRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  sigfoxContracts: SigfoxContractsService;
}> = async (app, { auth, sigfoxContracts }) => {
  // On request, before the body is read and validated: a signed-out caller learns nothing about valid input.
  const onRequest = requireSession(auth);

  app.get(
    '/sigfox-contracts/contract-dots',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Provider staff: Sigfox token records with the share of tokens in use',
        response: { 200: SigfoxTokenRecords, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => (await sigfoxContracts.list(sessionOf(request).user)).map(presentSigfoxTokenRecord),
  );

  app.put(
    '/sigfox-contracts/contract-dots/:type',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Provider staff: create a token record (no `version`) or update it (409 when `version` is stale)',
        params: SigfoxTokenTypeParams,
        body: UpdateSigfoxTokenRecordRequest,
        response: {
          200: SigfoxTokenRecord,
          201: SigfoxTokenRecord,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const { record, created } = await sigfoxContracts.save(
        sessionOf(request).user,
        request.params.type,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(presentSigfoxTokenRecord(record));
    },
  );
};
