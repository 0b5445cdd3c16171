import { ErrorResponse, UpdateProfileRequest, User, UserPage, UserParams, UsersQuery } from '@iot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, sessionOf } from '../../http/authenticate.js';
import type { AuthService } from '../auth/service.js';
import { presentUser } from './present.js';
import type { UsersService } from './service.js';

export const usersRoutes: FastifyPluginAsyncZod<{ auth: AuthService; users: UsersService }> = async (
  app,
  { auth, users },
) => {
  // On request, before the body is read and validated: a signed-out caller learns nothing about valid input.
  const onRequest = requireSession(auth);

  app.get(
    '/users',
    {
      onRequest,
      schema: {
        tags: ['users'],
        summary: 'Provider staff: every user, searched by e-mail or name and paged',
        querystring: UsersQuery,
        response: { 200: UserPage, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => users.list(sessionOf(request).user, request.query),
  );

  app.get(
    '/users/:email',
    {
      onRequest,
      schema: {
        tags: ['users'],
        summary: 'A user by e-mail: oneself; provider staff may read anyone',
        params: UserParams,
        response: { 200: User, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => presentUser(await users.getByEmail(sessionOf(request).user, request.params.email)),
  );

  app.patch(
    '/rest-auth/user/',
    {
      onRequest,
      schema: {
        tags: ['users'],
        summary: "Update one's own profile (409 when `version` is stale)",
        body: UpdateProfileRequest,
        response: { 200: User, 400: ErrorResponse, 401: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => presentUser(await users.updateProfile(sessionOf(request).user, request.body)),
  );
};
