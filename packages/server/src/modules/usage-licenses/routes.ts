import {
  CreateUsageLicenseRequest,
  UpdateUsageLicenseRequest,
  UsageLicense,
  UsageLicenseDeleteQuery,
  UsageLicenseDevicePage,
  UsageLicenseDevicesQuery,
  UsageLicenseListQuery,
  UsageLicensePage,
  UsageLicenseParams,
  z,
} from '@iot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, sessionOf } from '../../http/authenticate.js';
import { READ_ERRORS, WRITE_ERRORS } from '../../http/error-responses.js';
import type { AuthService } from '../auth/service.js';
import type { UsageLicensesService } from './service.js';

const tags = ['usage-licenses'];

/**
 * Usage licenses: provider staff keep them; customers read those of the levels they reach and of those levels'
 * ancestors (their devices may name them). A license out of sight is 404; a change by anyone else who sees it, 403.
 */
export const usageLicensesRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  usageLicenses: UsageLicensesService;
}> = async (app, { auth, usageLicenses }) => {
  const onRequest = requireSession(auth);

  app.get(
    '/usage-licenses',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'A page of the usage licenses the caller sees by license id (keyset paging), searched on license id and ' +
          'corporate name, of one level (`businessId`), those a device of a level may name (`forBusinessId`: its ' +
          "own and its ancestors'), or those ending within some days; each with how many devices name it",
        querystring: UsageLicenseListQuery,
        response: { 200: UsageLicensePage, ...READ_ERRORS },
      },
    },
    async (request) => usageLicenses.list(sessionOf(request).user, request.query),
  );

  app.get(
    '/usage-licenses/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'One usage license the caller sees, with whether it has expired and how many devices name it',
        params: UsageLicenseParams,
        response: { 200: UsageLicense, ...READ_ERRORS },
      },
    },
    async (request) => usageLicenses.get(sessionOf(request).user, request.params.id),
  );

  app.get(
    '/usage-licenses/:id/devices',
    {
      onRequest,
      schema: {
        tags,
        summary: 'A page of the devices the caller reaches that name a usage license, by description (keyset paging)',
        params: UsageLicenseParams,
        querystring: UsageLicenseDevicesQuery,
        response: { 200: UsageLicenseDevicePage, ...READ_ERRORS },
      },
    },
    async (request) => usageLicenses.devices(sessionOf(request).user, request.params.id, request.query),
  );

  app.post(
    '/usage-licenses',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Provider staff: a new usage license of a level; its license id must be new in the level ' +
          '(`usage_license.id_taken`), its start before its end',
        body: CreateUsageLicenseRequest,
        response: { 201: UsageLicense, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => reply.status(201).send(await usageLicenses.create(sessionOf(request).user, request.body)),
  );

  app.patch(
    '/usage-licenses/:id',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Provider staff: edit a usage license over the `version` read (409 when stale); absent fields stay, ' +
          '`null` dates are open-ended',
        params: UsageLicenseParams,
        body: UpdateUsageLicenseRequest,
        response: { 200: UsageLicense, ...WRITE_ERRORS },
      },
    },
    async (request) => usageLicenses.update(sessionOf(request).user, request.params.id, request.body),
  );

  app.delete(
    '/usage-licenses/:id',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Provider staff: delete a usage license over the `version` read; one that devices still name is refused ' +
          '(`usage_license.in_use`)',
        params: UsageLicenseParams,
        querystring: UsageLicenseDeleteQuery,
        response: { 204: z.null(), ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      await usageLicenses.delete(sessionOf(request).user, request.params.id, request.query.version);
      return reply.status(204).send(null);
    },
  );
};
