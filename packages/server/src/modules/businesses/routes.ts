import {
  AddBusinessUsersRequest,
  AddBusinessUsersResponse,
  Business,
  BusinessConfig,
  BusinessCount,
  Businesses,
  BusinessLogPage,
  BusinessLogsQuery,
  BusinessModeQuery,
  BusinessParams,
  BusinessUserParams,
  BusinessUsers,
  CreateBusinessRequest,
  translate,
  UpdateBusinessConfigRequest,
  UpdateBusinessRequest,
  UpdateBusinessUserRequest,
  z,
} from '@iot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, sessionOf } from '../../http/authenticate.js';
import { READ_ERRORS, WRITE_ERRORS } from '../../http/error-responses.js';
import { requestLanguage } from '../../http/language.js';
import { typedAnswer } from '../../http/typed-answer.js';
import type { AuthService } from '../auth/service.js';
import { createListingCache } from './listing-cache.js';
import { presentBusiness, presentBusinessLog } from './present.js';
import { isProviderStaff } from './repo.js';
import type { BusinessesService } from './service.js';

const tags = ['businesses'];
/** What the tree listings kept for answering again may take: a few of the largest trees' listings. */
const LISTING_CACHE_BYTES = 64 * 1024 * 1024;
const base = '/customer-business';

/** The business tree; every call sees only the caller's reachable nodes (another tenant's node is 404). */
export const businessesRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  businesses: BusinessesService;
}> = async (app, { auth, businesses }) => {
  // On request, before the body is read and validated: a signed-out caller learns nothing about valid input.
  const onRequest = requireSession(auth);
  const listings = createListingCache(LISTING_CACHE_BYTES);

  app.get(
    base,
    {
      onRequest,
      schema: {
        tags,
        summary: "The caller's reachable tree as a flat list sorted by description; `mode=count` counts it",
        querystring: BusinessModeQuery,
        response: {
          200: z.union([Businesses, BusinessCount]),
          304: z.null().describe('The listing is unchanged since the one tagged by `If-None-Match`'),
          ...READ_ERRORS,
        },
      },
      ...typedAnswer,
    },
    async (request, reply) => {
      const user = sessionOf(request).user;
      if (request.query.mode === 'count') return { count: await businesses.count(user) };
      // Read before the listing: an answer is never older than the revision it is kept and tagged under.
      const revision = await businesses.treeRevision();
      // Provider staff all reach the whole tree: one listing serves them all.
      const listing = isProviderStaff(user) ? 'provider-staff' : user.id;
      const etag = `"tree-${revision}-${listing}"`;
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      let json = listings.get(listing, revision);
      if (json === undefined) {
        json = Buffer.from(JSON.stringify((await businesses.list(user)).map(presentBusiness)));
        listings.set(listing, revision, json);
      }
      // Already the JSON of a `Businesses`: bytes are sent as they are.
      return reply.type('application/json; charset=utf-8').send(json as unknown as Businesses);
    },
  );

  app.get(
    `${base}/root`,
    {
      onRequest,
      schema: {
        tags,
        summary: "The tops of the caller's tree (nodes whose parent the caller does not reach)",
        response: { 200: Businesses, ...READ_ERRORS },
      },
    },
    async (request) => (await businesses.roots(sessionOf(request).user)).map(presentBusiness),
  );

  app.get(
    `${base}/:id`,
    {
      onRequest,
      schema: {
        tags,
        summary: 'One reachable node; `mode=count` answers how many nodes lie below it',
        params: BusinessParams,
        querystring: BusinessModeQuery,
        response: { 200: z.union([Business, BusinessCount]), ...READ_ERRORS },
      },
    },
    async (request) => {
      const user = sessionOf(request).user;
      if (request.query.mode === 'count') {
        return { count: await businesses.countDescendants(user, request.params.id) };
      }
      return presentBusiness(await businesses.get(user, request.params.id));
    },
  );

  app.post(
    base,
    {
      onRequest,
      schema: {
        tags,
        summary: 'Provider staff: a new top-level business',
        body: CreateBusinessRequest,
        response: { 201: Business, ...WRITE_ERRORS },
      },
    },
    async (request, reply) =>
      reply.status(201).send(presentBusiness(await businesses.createTopLevel(sessionOf(request).user, request.body))),
  );

  app.post(
    `${base}/:id`,
    {
      onRequest,
      schema: {
        tags,
        summary: 'Admin on the node: add a child',
        params: BusinessParams,
        body: CreateBusinessRequest,
        response: { 201: Business, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const child = await businesses.addChild(sessionOf(request).user, request.params.id, request.body);
      return reply.status(201).send(presentBusiness(child));
    },
  );

  app.put(
    `${base}/:id`,
    {
      onRequest,
      schema: {
        tags,
        summary: 'Admin on the node: rename and/or move under `parent` (admin there too); 409 on a stale `version`',
        params: BusinessParams,
        body: UpdateBusinessRequest,
        response: { 200: Business, ...WRITE_ERRORS },
      },
    },
    async (request) =>
      presentBusiness(await businesses.update(sessionOf(request).user, request.params.id, request.body)),
  );

  app.delete(
    `${base}/:id`,
    {
      onRequest,
      schema: {
        tags,
        summary: 'Admin on the node: delete a node without sublevels or devices',
        params: BusinessParams,
        response: { 204: z.null(), ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      await businesses.delete(sessionOf(request).user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  for (const [action, active] of [
    ['activate', true],
    ['deactivate', false],
  ] as const) {
    app.post(
      `${base}/:id/${action}`,
      {
        onRequest,
        schema: {
          tags,
          summary: `Admin on the node: ${action} it (status ${active ? 0 : 1})`,
          params: BusinessParams,
          response: { 200: Business, ...WRITE_ERRORS },
        },
      },
      async (request) =>
        presentBusiness(await businesses.setActive(sessionOf(request).user, request.params.id, active)),
    );
  }

  for (const [action, locked] of [
    ['lock', true],
    ['unlock', false],
  ] as const) {
    app.post(
      `${base}/:id/${action}`,
      {
        onRequest,
        schema: {
          tags,
          summary: `Provider staff: ${action} a level (only while its cfg and merged locks agree)`,
          params: BusinessParams,
          response: { 200: Business, ...WRITE_ERRORS },
        },
      },
      async (request) =>
        presentBusiness(await businesses.setLocked(sessionOf(request).user, request.params.id, locked)),
    );
  }

  app.get(
    `${base}/:id/logs`,
    {
      onRequest,
      schema: {
        tags,
        summary: "One page of a reachable node's activity log (oldest first; `reverseOrder=true` newest first)",
        params: BusinessParams,
        querystring: BusinessLogsQuery,
        response: { 200: BusinessLogPage, ...READ_ERRORS },
      },
    },
    async (request) => {
      const page = await businesses.logs(sessionOf(request).user, request.params.id, request.query);
      return { data: page.rows.map(presentBusinessLog), totalElements: page.total, hasNext: page.hasNext };
    },
  );

  app.get(
    `${base}/:id/config`,
    {
      onRequest,
      schema: {
        tags,
        summary: "A reachable node's theme, logo and per-role views, with what it inherits from its ancestors",
        params: BusinessParams,
        response: { 200: BusinessConfig, ...READ_ERRORS },
      },
    },
    async (request) => businesses.config(sessionOf(request).user, request.params.id),
  );

  app.patch(
    `${base}/:id/config`,
    {
      onRequest,
      schema: {
        tags,
        summary: 'Admin on the node: set or unset theme, logo (plan: customColorAndLogo) and per-role views',
        params: BusinessParams,
        body: UpdateBusinessConfigRequest,
        response: { 200: BusinessConfig, ...WRITE_ERRORS },
      },
    },
    async (request) => businesses.updateConfig(sessionOf(request).user, request.params.id, request.body),
  );

  app.get(
    `${base}/:id/users`,
    {
      onRequest,
      schema: {
        tags,
        summary: "A reachable node's users; `inherited` marks the roles that come from its ancestors' entries",
        params: BusinessParams,
        response: { 200: BusinessUsers, ...READ_ERRORS },
      },
    },
    async (request) => businesses.users(sessionOf(request).user, request.params.id),
  );

  app.post(
    `${base}/:id/users`,
    {
      onRequest,
      schema: {
        tags,
        summary: 'Admin on the node: add users by e-mail (unknown addresses are invited), answered per address',
        description:
          'Known and unknown addresses are answered alike (`added`): a known one is told by mail, an unknown one is ' +
          'invited by mail to choose a password. 403 `business.role_above_own` (nothing stored) when the role given ' +
          "is above the caller's own on the node, or an address's user holds a role there (own or inherited) that is " +
          "not below the caller's.",
        params: BusinessParams,
        body: AddBusinessUsersRequest,
        response: { 200: AddBusinessUsersResponse, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const language = requestLanguage(request);
      const results = await businesses.addUsers(sessionOf(request).user, request.params.id, request.body, language);
      return {
        results: results.map((result) => ({
          ...result,
          message: translate(result.code, language, { email: result.email, ...result.params }),
        })),
      };
    },
  );

  app.patch(
    `${base}/:id/users`,
    {
      onRequest,
      schema: {
        tags,
        summary:
          "Admin on the node: change the role of a listed user whose role is below the caller's (to at most the caller's)",
        params: BusinessParams,
        body: UpdateBusinessUserRequest,
        response: { 200: BusinessUsers, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const user = sessionOf(request).user;
      await businesses.updateUser(user, request.params.id, request.body);
      return businesses.users(user, request.params.id);
    },
  );

  app.delete(
    `${base}/:id/users/:email`,
    {
      onRequest,
      schema: {
        tags,
        summary: "Admin on the node: take a user whose role is below the caller's off its list",
        params: BusinessUserParams,
        response: { 204: z.null(), ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      await businesses.removeUser(sessionOf(request).user, request.params.id, request.params.email);
      return reply.status(204).send(null);
    },
  );
};
