import { DeviceParams, LocationStateHistory, LocationStatesQuery } from '@iot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, sessionUser } from '../../http/authenticate.js';
import { READ_ERRORS } from '../../http/error-responses.js';
import type { AuthService } from '../auth/service.js';
import type { LocationsService } from './service.js';

const tags = ['devices'];

/** A device's location history; whoever sees the device reads it (another tenant's device is 404). */
export const locationsRoutes: FastifyPluginAsyncZod<{ auth: AuthService; locations: LocationsService }> = async (
  app,
  { auth, locations },
) => {
  const onRequest = requireSession(auth);

  app.get(
    '/devices/:uuid/location-states',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "A reachable device's location states over a range (in transit, at a place, lost...), newest first, each " +
          'with when it was entered and left, its dwell and the position that made it (at most 1,000)',
        params: DeviceParams,
        querystring: LocationStatesQuery,
        response: { 200: LocationStateHistory, ...READ_ERRORS },
      },
    },
    async (request) => locations.history(sessionUser(request), request.params.uuid, request.query),
  );
};
