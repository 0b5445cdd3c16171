import { ErrorResponse, InfoResponse, PublicKeyParams, PublicKeyResponse } from '@iot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.js';

export const infoRoutes: FastifyPluginAsyncZod<{ info: InfoResponse; publicKeys: Record<string, string> }> = async (
  app,
  { info, publicKeys },
) => {
  app.get(
    '/info',
    { schema: { tags: ['info'], summary: 'Application and server versions', response: { 200: InfoResponse } } },
    async () => info,
  );

  app.get(
    '/keys/:name',
    {
      schema: {
        tags: ['info'],
        summary: 'A public key: one of PUBLIC_KEYS (such as the map key), or `vapid` for web push',
        params: PublicKeyParams,
        response: { 200: PublicKeyResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const value = Object.hasOwn(publicKeys, request.params.name) ? publicKeys[request.params.name] : undefined;
      if (value === undefined) throw new AppError('not_found');
      return { name: request.params.name, value };
    },
  );
};
