import {
  CreateParameterPresetRequest,
  ParameterPreset,
  ParameterPresetListQuery,
  ParameterPresetParams,
  UpdateParameterPresetRequest,
  z,
} from '@iot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, sessionOf } from '../../http/authenticate.js';
import { READ_ERRORS, WRITE_ERRORS } from '../../http/error-responses.js';
import type { AuthService } from '../auth/service.js';
import { presentParameterPreset } from './present.js';
import type { ParameterPresetsService } from './service.js';

const tags = ['parameter-presets'];

/** Parameter presets; every call sees only the presets of businesses the caller reaches (another tenant's is 404). */
export const parameterPresetsRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  parameterPresets: ParameterPresetsService;
}> = async (app, { auth, parameterPresets }) => {
  const onRequest = requireSession(auth);

  app.get(
    '/parameter-presets',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "The caller's presets by name: with `businessId`, those of the business and its ancestors; `model` narrows",
        querystring: ParameterPresetListQuery,
        response: { 200: z.array(ParameterPreset), ...READ_ERRORS },
      },
    },
    async (request) =>
      (await parameterPresets.list(sessionOf(request).user, request.query)).map(presentParameterPreset),
  );

  app.get(
    '/parameter-presets/:uuid',
    {
      onRequest,
      schema: {
        tags,
        summary: 'One reachable preset',
        params: ParameterPresetParams,
        response: { 200: ParameterPreset, ...READ_ERRORS },
      },
    },
    async (request) => presentParameterPreset(await parameterPresets.get(sessionOf(request).user, request.params.uuid)),
  );

  app.post(
    '/parameter-presets',
    {
      onRequest,
      schema: {
        tags,
        summary: "Admin on the business: a new preset (the profile checked against the device type's parameters)",
        body: CreateParameterPresetRequest,
        response: { 201: ParameterPreset, ...WRITE_ERRORS },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(presentParameterPreset(await parameterPresets.create(sessionOf(request).user, request.body))),
  );

  app.put(
    '/parameter-presets/:uuid',
    {
      onRequest,
      schema: {
        tags,
        summary: "Admin on the preset's business: edit it over the `version` read (409 when stale)",
        params: ParameterPresetParams,
        body: UpdateParameterPresetRequest,
        response: { 200: ParameterPreset, ...WRITE_ERRORS },
      },
    },
    async (request) =>
      presentParameterPreset(await parameterPresets.update(sessionOf(request).user, request.params.uuid, request.body)),
  );

  app.delete(
    '/parameter-presets/:uuid',
    {
      onRequest,
      schema: {
        tags,
        summary: "Admin on the preset's business: delete it",
        params: ParameterPresetParams,
        response: { 204: z.null(), ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      await parameterPresets.delete(sessionOf(request).user, request.params.uuid);
      return reply.status(204).send(null);
    },
  );
};
