import {
  Asset,
  AssetCount,
  AssetDetail,
  AssetExportQuery,
  AssetImportQuery,
  AssetImportResult,
  AssetListQuery,
  AssetPage,
  AssetParams,
  BusinessParams,
  CreateAssetRequest,
  DeleteAssetsRequest,
  UpdateAssetRequest,
  z,
} from '@iot/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession, sessionOf } from '../../http/authenticate.js';
import { READ_ERRORS, WRITE_ERRORS } from '../../http/error-responses.js';
import { typedAnswer } from '../../http/typed-answer.js';
import type { AuthService } from '../auth/service.js';
import type { AssetsService } from './service.js';

const tags = ['assets'];

/** A plan without `assetSupport` answers `plan.unavailable` (422) to every call. */
const READ = { ...READ_ERRORS, 422: WRITE_ERRORS[422] };

/**
 * Assets of a level's subtree; every call sees only the caller's reach (another tenant's asset is 404) and needs the
 * plan feature `assetSupport`. Viewers and users read; admins of an asset's level write.
 */
export const assetsRoutes: FastifyPluginAsyncZod<{ auth: AuthService; assets: AssetsService }> = async (
  app,
  { auth, assets },
) => {
  const onRequest = requireSession(auth);

  app.get(
    '/customer-business/:id/assets',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "A page of a level subtree's assets by description (keyset paging), filtered by search, asset type and " +
          'orphans, each with its fields and linked device; with `mode=count`, how many match',
        params: BusinessParams,
        querystring: AssetListQuery,
        response: { 200: z.union([AssetPage, AssetCount]), ...READ },
      },
      ...typedAnswer,
    },
    async (request) => {
      const { user } = sessionOf(request);
      if (request.query.mode === 'count') return assets.count(user, request.params.id, request.query);
      return assets.list(user, request.params.id, request.query);
    },
  );

  app.post(
    '/customer-business/:id/asset',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "Admin on the level: a new asset there, its values checked against its type's fields, optionally linked to " +
          "a free device of the level's subtree",
        params: BusinessParams,
        body: CreateAssetRequest,
        response: { 201: Asset, ...WRITE_ERRORS },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await assets.create(sessionOf(request).user, request.params.id, request.body)),
  );

  app.patch(
    '/customer-business/:id/asset',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "Admin on the asset's level: edit it over the `version` read (409 when stale); `deviceUUID` links a free " +
          'device (unlinking the one before), null unlinks; every link is kept with its dates',
        params: BusinessParams,
        body: UpdateAssetRequest,
        response: { 200: Asset, ...WRITE_ERRORS },
      },
    },
    async (request) => assets.update(sessionOf(request).user, request.params.id, request.body),
  );

  app.delete(
    '/customer-business/:id/asset',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "Admin on the assets' levels: delete assets of the level's subtree, all or none; their devices become free " +
          'and keep their readings',
        params: BusinessParams,
        body: DeleteAssetsRequest,
        response: { 204: z.null(), ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      await assets.delete(sessionOf(request).user, request.params.id, request.body.assets);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/assets/:assetId',
    {
      onRequest,
      schema: {
        tags,
        summary: 'One reachable asset with its type, values, linked device and link history (newest first)',
        params: AssetParams,
        response: { 200: AssetDetail, ...READ },
      },
    },
    async (request) => assets.get(sessionOf(request).user, request.params.assetId),
  );

  app.get(
    '/customer-business/:id/assets/export-csv',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "The level subtree's assets that match as CSV: description, asset type, device uuid, then the asset types' " +
          'fields (cells defused for spreadsheets)',
        params: BusinessParams,
        querystring: AssetExportQuery,
        produces: ['text/csv'],
        response: { 200: z.string(), ...READ },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="assets.csv"')
        .send(await assets.exportCsv(sessionOf(request).user, request.params.id, request.query)),
  );

  await app.register(async (csv) => {
    csv.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    csv.withTypeProvider<ZodTypeProvider>().post(
      '/customer-business/:id/assets/import-csv',
      {
        onRequest,
        schema: {
          tags,
          summary:
            'Admin on the level: CSV import (text/csv) of assets of one type there; a header line names the columns ' +
            "(Description, optional Device, the type's fields); a malformed file is `asset.csv_invalid` at its line, " +
            'values are checked per line, and a wrong line imports nothing',
          params: BusinessParams,
          querystring: AssetImportQuery,
          body: z.string(),
          response: { 200: AssetImportResult, ...WRITE_ERRORS },
        },
      },
      async (request) => ({
        created: await assets.importCsv(
          sessionOf(request).user,
          request.params.id,
          request.query.assetType,
          request.body,
        ),
      }),
    );
  });
};
