import {
  ErrorResponse,
  OkResponse,
  PasswordChangeRequest,
  PasswordResetConfirmRequest,
  PasswordResetRequest,
  RegistrationRequest,
  SignInRequest,
  SignInResponse,
  SignInTokenRequest,
  User,
  VerifyEmailRequest,
} from '@iot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, sessionOf } from '../../http/authenticate.js';
import { requestLanguage } from '../../http/language.js';
import { presentUser } from '../users/present.js';
import type { AuthService } from './service.js';

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  // On request, before the body is read and validated: a signed-out caller learns nothing about valid input.
  const onRequest = requireSession(auth);

  app.post(
    '/auth/signin',
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        description:
          'An attempt counts before its password is checked, and a right password forgets the attempts of that ' +
          'account from that client address. Within 15 minutes: after 10 attempts on one account from one client ' +
          'address, 100 on one account from any, or 100 from one client address on any accounts, further attempts ' +
          'are refused with 429 `auth.throttled` and a `Retry-After` header (seconds), without checking the password. ' +
          'An IPv6 client counts by its /64 prefix.',
        body: SignInRequest,
        response: {
          200: SignInResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request) => {
      const { token, user } = await auth.signIn(request.body.email, request.body.password, request.ip);
      return { access_token: token, user: presentUser(user) };
    },
  );

  app.post(
    '/auth/signintoken',
    {
      schema: {
        tags,
        summary: 'Exchange a one-time sign-in token or a live access token for a new access token',
        body: SignInTokenRequest,
        response: { 200: SignInResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      const { token, user } = await auth.signInWithToken(request.body.token);
      return { access_token: token, user: presentUser(user) };
    },
  );

  app.delete(
    '/auth/signin',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Sign out everywhere: every token of the user stops working',
        response: { 200: OkResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      await auth.signOutEverywhere(sessionOf(request));
      return { detail: 'signed out everywhere' };
    },
  );

  app.post(
    '/rest-auth/logout/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Sign out: this token stops working',
        response: { 200: OkResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      await auth.signOut(sessionOf(request));
      return { detail: 'signed out' };
    },
  );

  app.post(
    '/rest-auth/registration/',
    {
      schema: {
        tags,
        summary: 'Create an account; a confirmation link is mailed in the `lang` language',
        body: RegistrationRequest,
        response: { 201: User, 400: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      const user = await auth.register(request.body, requestLanguage(request));
      return reply.status(201).send(presentUser(user));
    },
  );

  app.post(
    '/rest-auth/registration/verify-email/',
    {
      schema: {
        tags,
        summary: 'Confirm an e-mail address with the key of the mailed link',
        body: VerifyEmailRequest,
        response: { 200: OkResponse, 400: ErrorResponse },
      },
    },
    async (request) => {
      await auth.verifyEmail(request.body.key);
      return { detail: 'e-mail confirmed' };
    },
  );

  app.post(
    '/rest-auth/password/change/',
    {
      onRequest,
      schema: {
        tags,
        summary: "Change one's password; every other session ends",
        body: PasswordChangeRequest,
        response: { 200: OkResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      await auth.changePassword(sessionOf(request), request.body);
      return { detail: 'password changed' };
    },
  );

  app.post(
    '/rest-auth/password/reset/',
    {
      schema: {
        tags,
        summary: 'Mail a password reset link; answers the same whether or not the address exists',
        description:
          'At most one reset mail a minute and five an hour to one address, and 20 an hour asked from one client ' +
          'address; a request over these limits mails nothing and answers the same.',
        body: PasswordResetRequest,
        response: { 200: OkResponse, 400: ErrorResponse },
      },
    },
    async (request) => {
      await auth.requestPasswordReset(request.body.email, request.ip);
      return { detail: 'if the address is registered, a reset link was sent' };
    },
  );

  app.post(
    '/rest-auth/password/reset/confirm/',
    {
      schema: {
        tags,
        summary: 'Set a new password with a mailed reset link (single use, one hour); every session ends',
        body: PasswordResetConfirmRequest,
        response: { 200: OkResponse, 400: ErrorResponse },
      },
    },
    async (request) => {
      await auth.confirmPasswordReset(request.body);
      return { detail: 'password reset' };
    },
  );
};
