import { DeviceTypeAlarms, ErrorResponse, UpdateDeviceTypeAlarmsRequest, z } from '@iot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, sessionOf } from '../../http/authenticate.js';
import type { AuthService } from '../auth/service.js';
import type { DeviceTypeAlarmsService } from './service.js';

const tags = ['alarms'];
const DeviceTypeParams = z.object({ id: z.string().min(1).max(64) });

/** The threshold rules every device of a type has on top of its own. */
export const deviceTypeAlarmsRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  deviceTypeAlarms: DeviceTypeAlarmsService;
}> = async (app, { auth, deviceTypeAlarms }) => {
  const onRequest = requireSession(auth);
  const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse };

  app.get(
    '/device-types/:id/alarms',
    {
      onRequest,
      schema: {
        tags,
        summary: "A device type's alarm rules, which every device of the type has (version 0: none yet)",
        params: DeviceTypeParams,
        response: { 200: DeviceTypeAlarms, ...errors },
      },
    },
    async (request) => deviceTypeAlarms.get(sessionOf(request).user, request.params.id),
  );
  app.put(
    '/device-types/:id/alarms',
    {
      onRequest,
      schema: {
        tags,
        summary: "Replace a device type's alarm rules over the version read (provider staff)",
        params: DeviceTypeParams,
        body: UpdateDeviceTypeAlarmsRequest,
        response: { 200: DeviceTypeAlarms, ...errors, 403: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) => deviceTypeAlarms.update(sessionOf(request).user, request.params.id, request.body),
  );
};
