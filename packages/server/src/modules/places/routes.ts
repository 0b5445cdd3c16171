import {
  BusinessParams,
  CreatePlaceGroupRequest,
  CreatePlaceRequest,
  DeleteVersionQuery,
  Place,
  PlaceDevicePage,
  PlaceDevicesQuery,
  PlaceGroup,
  PlaceGroupList,
  PlaceGroupParams,
  PlaceListQuery,
  PlacePage,
  PlaceParams,
  UpdatePlaceGroupRequest,
  UpdatePlaceRequest,
  z,
} from '@iot/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, sessionOf } from '../../http/authenticate.js';
import { READ_ERRORS, WRITE_ERRORS } from '../../http/error-responses.js';
import { typedAnswer } from '../../http/typed-answer.js';
import type { AuthService } from '../auth/service.js';
import type { PlacesService } from './service.js';

const tags = ['places'];

/** A plan without `poiSupport` answers `plan.unavailable` (422) to every call. */
const READ = { ...READ_ERRORS, 422: WRITE_ERRORS[422] };

const PlaceIdParams = z.object({ placeId: PlaceParams.shape.placeId });

/**
 * An answer already written as JSON text where it was read (a page of the devices at a place): sent as it is, neither
 * parsed nor checked against the schema on the way out (the route's tests parse it with the schema).
 */
function sendJson(reply: FastifyReply, text: string) {
  return reply.type('application/json; charset=utf-8').send(text);
}

/**
 * Places (points of interest) and place groups of a level's subtree; every call sees only the caller's reach (another
 * tenant's place is 404) and needs the plan feature `poiSupport`. Viewers and users read; admins of a place's or a
 * group's level write.
 */
export const placesRoutes: FastifyPluginAsyncZod<{ auth: AuthService; places: PlacesService }> = async (
  app,
  { auth, places },
) => {
  const onRequest = requireSession(auth);

  app.get(
    '/customer-business/:id/places',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "A page of a level subtree's places by name (keyset paging, up to 1,000 for the map), filtered by search " +
          'and group, each with its area, group and how many devices are at it now',
        params: BusinessParams,
        querystring: PlaceListQuery,
        response: { 200: PlacePage, ...READ },
      },
    },
    async (request) => places.listPlaces(sessionOf(request).user, request.params.id, request.query),
  );

  app.post(
    '/customer-business/:id/places',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Admin on the level: a new place there, a circle or a polygon, optionally in a group of the level or above ' +
          '(`place.group_not_found` otherwise)',
        params: BusinessParams,
        body: CreatePlaceRequest,
        response: { 201: Place, ...WRITE_ERRORS },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await places.createPlace(sessionOf(request).user, request.params.id, request.body)),
  );

  app.patch(
    '/customer-business/:id/places/:placeId',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "Admin on the place's level: edit a place of the level's subtree over the `version` read (409 when stale); " +
          'absent parts stay, `groupId: null` takes it out of its group',
        params: PlaceParams,
        body: UpdatePlaceRequest,
        response: { 200: Place, ...WRITE_ERRORS },
      },
    },
    async (request) =>
      places.updatePlace(sessionOf(request).user, request.params.id, request.params.placeId, request.body),
  );

  app.delete(
    '/customer-business/:id/places/:placeId',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "Admin on the place's level: delete a place of the level's subtree over the `version` read; the devices " +
          'at it are at an unknown location from then on, and keep their history',
        params: PlaceParams,
        querystring: DeleteVersionQuery,
        response: { 204: z.null(), ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const { id, placeId } = request.params;
      await places.deletePlace(sessionOf(request).user, id, placeId, request.query.version);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/customer-business/:id/place-groups',
    {
      onRequest,
      schema: {
        tags,
        summary: "A level subtree's place groups by name, each with its timings and how many places it has",
        params: BusinessParams,
        response: { 200: PlaceGroupList, ...READ },
      },
    },
    async (request) => places.listGroups(sessionOf(request).user, request.params.id),
  );

  app.post(
    '/customer-business/:id/place-groups',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Admin on the level: a new place group there, whether its places are forbidden, and its timings (how long ' +
          'inside before a device is at a place, how long silent before it is lost)',
        params: BusinessParams,
        body: CreatePlaceGroupRequest,
        response: { 201: PlaceGroup, ...WRITE_ERRORS },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await places.createGroup(sessionOf(request).user, request.params.id, request.body)),
  );

  app.patch(
    '/customer-business/:id/place-groups/:groupId',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "Admin on the group's level: edit a place group of the level's subtree over the `version` read (409 when " +
          'stale); absent parts stay',
        params: PlaceGroupParams,
        body: UpdatePlaceGroupRequest,
        response: { 200: PlaceGroup, ...WRITE_ERRORS },
      },
    },
    async (request) =>
      places.updateGroup(sessionOf(request).user, request.params.id, request.params.groupId, request.body),
  );

  app.delete(
    '/customer-business/:id/place-groups/:groupId',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "Admin on the group's level: delete a place group of the level's subtree over the `version` read; a group " +
          'that still has places is refused (`place_group.in_use`)',
        params: PlaceGroupParams,
        querystring: DeleteVersionQuery,
        response: { 204: z.null(), ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const { id, groupId } = request.params;
      await places.deleteGroup(sessionOf(request).user, id, groupId, request.query.version);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/places/:placeId/devices',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'A page of the devices at a reachable place now (at it, or at it as a forbidden place) that the caller ' +
          'reaches, by description (keyset paging)',
        params: PlaceIdParams,
        querystring: PlaceDevicesQuery,
        response: { 200: PlaceDevicePage, ...READ },
      },
      ...typedAnswer,
    },
    async (request, reply) =>
      sendJson(reply, await places.devicesAt(sessionOf(request).user, request.params.placeId, request.query)),
  );
};
