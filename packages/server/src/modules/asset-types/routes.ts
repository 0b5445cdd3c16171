import {
  AssetType,
  AssetTypeParams,
  CreateAssetTypeRequest,
  ErrorResponse,
  UpdateAssetTypeRequest,
  z,
} from '@iot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, sessionOf } from '../../http/authenticate.js';
import type { AuthService } from '../auth/service.js';
import { presentAssetType } from './present.js';
import type { AssetTypesService } from './service.js';

const tags = ['asset-types'];

/** Asset types with their custom field definitions: read by everyone signed in, written by provider staff. */
export const assetTypesRoutes: FastifyPluginAsyncZod<{ auth: AuthService; assetTypes: AssetTypesService }> = async (
  app,
  { auth, assetTypes },
) => {
  const onRequest = requireSession(auth);
  const read = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse };
  const write = { ...read, 403: ErrorResponse, 409: ErrorResponse };

  app.get(
    '/asset-types',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Every asset type by name, with its custom fields',
        response: { 200: z.array(AssetType), 401: ErrorResponse },
      },
    },
    async (request) => (await assetTypes.list(sessionOf(request).user)).map(presentAssetType),
  );

  app.get(
    '/asset-types/:id',
    {
      onRequest,
      schema: { tags, summary: 'One asset type', params: AssetTypeParams, response: { 200: AssetType, ...read } },
    },
    async (request) => presentAssetType(await assetTypes.get(sessionOf(request).user, request.params.id)),
  );

  app.post(
    '/asset-types',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Provider staff: a new asset type (name unique; an `options` field lists its choices)',
        body: CreateAssetTypeRequest,
        response: { 201: AssetType, ...write },
      },
    },
    async (request, reply) =>
      reply.status(201).send(presentAssetType(await assetTypes.create(sessionOf(request).user, request.body))),
  );

  app.put(
    '/asset-types/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Provider staff: edit an asset type over the `version` read (409 when stale)',
        params: AssetTypeParams,
        body: UpdateAssetTypeRequest,
        response: { 200: AssetType, ...write },
      },
    },
    async (request) =>
      presentAssetType(await assetTypes.update(sessionOf(request).user, request.params.id, request.body)),
  );

  app.delete(
    '/asset-types/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Provider staff: delete an asset type',
        params: AssetTypeParams,
        response: { 204: z.null(), ...write },
      },
    },
    async (request, reply) => {
      await assetTypes.delete(sessionOf(request).user, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
