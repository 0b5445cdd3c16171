import { timingSafeEqual } from 'node:crypto';
import { ErrorResponse, z } from '@iot/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/schema.js';
import { AppError } from '../../../http/app-error.js';
import { bearerToken } from '../../../http/authenticate.js';
import { clientIdFits, mayUseTopic, topicDown, topicUp, verifyDevicePassword } from './device-credentials.js';

const tags = ['ingest'];

/** What EMQX sends to its HTTP authenticator, with the body template `{"username": "${username}", ...}`. */
const AuthenticateRequest = z.object({
  username: z.string().max(200).default(''),
  password: z.string().max(200).default(''),
  clientid: z.string().max(200).default(''),
});
/** What EMQX sends to its HTTP authorizer; `action` is `publish`, `subscribe` or `all`. */
const AuthorizeRequest = z.object({
  username: z.string().max(200).default(''),
  topic: z.string().max(1000),
  action: z.enum(['publish', 'subscribe', 'all']),
});
/** `ignore`: not one of our devices; the broker asks its next authenticator (the server's own account, say). */
const HookResult = z.enum(['allow', 'deny', 'ignore']);
const AclRule = z.object({
  permission: z.enum(['allow', 'deny']),
  action: z.enum(['publish', 'subscribe', 'all']),
  topic: z.string(),
});
const AuthenticateAnswer = z.object({
  result: HookResult,
  is_superuser: z.boolean(),
  acl: z.array(AclRule).optional(),
});
const AuthorizeAnswer = z.object({ result: HookResult });

/** The device's rights as an EMQX (5.8 and later) authenticator hands them over with the sign-in. */
const aclOf = (deviceId: string): z.infer<typeof AclRule>[] => [
  { permission: 'allow', action: 'publish', topic: topicUp(deviceId) },
  { permission: 'allow', action: 'subscribe', topic: topicDown(deviceId) },
  { permission: 'deny', action: 'all', topic: '#' },
];

/**
 * The authentication and authorization hooks of an external broker (EMQX's "HTTP service" authenticator and
 * authorizer; `MQTT_URL` set), so that devices sign in there with the credentials the platform issues and use only
 * their own topics, as on the embedded broker. The broker proves itself with `MQTT_HOOKS_TOKEN` as a bearer token.
 */
export const brokerHooksRoutes: FastifyPluginAsyncZod<{ db: Database; token: string }> = async (app, { db, token }) => {
  const expected = Buffer.from(token);
  const onRequest = async (request: FastifyRequest) => {
    const given = Buffer.from(bearerToken(request) ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('auth.required');
  };
  /** Devices sign in with their uuid; any other username is an account the broker knows otherwise. */
  const isDeviceId = (username: string) => /^[0-9a-f-]{36}$/i.test(username);

  app.post(
    '/mqtt/authenticate',
    {
      onRequest,
      logLevel: 'warn',
      schema: {
        tags,
        summary:
          "The broker's authenticator: a device signs in with its uuid, its MQTT password and a client id of its own",
        body: AuthenticateRequest,
        response: { 200: AuthenticateAnswer, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      const { username, password, clientid } = request.body;
      if (!isDeviceId(username)) return { result: 'ignore' as const, is_superuser: false };
      const valid = await verifyDevicePassword(db, username, password);
      if (valid === undefined) return { result: 'ignore' as const, is_superuser: false };
      if (!valid || !clientIdFits(clientid, username)) return { result: 'deny' as const, is_superuser: false };
      return { result: 'allow' as const, is_superuser: false, acl: aclOf(username) };
    },
  );

  app.post(
    '/mqtt/authorize',
    {
      onRequest,
      logLevel: 'warn',
      schema: {
        tags,
        summary: "The broker's authorizer: a device publishes on its own up topic and subscribes to its own down topic",
        body: AuthorizeRequest,
        response: { 200: AuthorizeAnswer, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      const { username, topic, action } = request.body;
      if (!isDeviceId(username)) return { result: 'ignore' as const };
      const allowed = action !== 'all' && mayUseTopic(username, action, topic);
      return { result: allowed ? ('allow' as const) : ('deny' as const) };
    },
  );
};
