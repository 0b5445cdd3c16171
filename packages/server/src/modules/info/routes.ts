import { ErrorResponse, GLOBAL_PUBLIC_KEYS, InfoResponse, PublicKeyParams, PublicKeyResponse } from '@iot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.js';

export const infoRoutes: FastifyPluginAsyncZod<{ info: InfoResponse; publicKeys: Record<string, string> }> = async (
  app,
  { info, publicKeys },
) => {
  app.get(
    '/info',
    {
      schema: {
        tags: ['info'],
        summary: 'Application and server versions, and where the older platform version is (if any)',
        response: { 200: InfoResponse },
      },
    },
    async () => info,
  );

  app.get(
    '/keys/:name',
    {
      schema: {
        tags: ['info'],
        summary:
          'A public key: one of PUBLIC_KEYS (such as the map key), or `vapid` for web push; `map` and `vapid` are ' +
          'answered with a null value when not configured',
        params: PublicKeyParams,
        response: { 200: PublicKeyResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const { name } = request.params;
      if (Object.hasOwn(publicKeys, name)) return { name, value: publicKeys[name] ?? null };
      if ((GLOBAL_PUBLIC_KEYS as readonly string[]).includes(name)) return { name, value: null };
      throw new AppError('not_found');
    },
  );
};
