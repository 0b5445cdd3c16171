import { type BusinessRole, DeviceParams, ErrorResponse, hasRank, isOnInternet, MqttCredentials } from '@iot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/schema.js';
import { AppError } from '../../../http/app-error.js';
import { requireSession, sessionOf } from '../../../http/authenticate.js';
import type { AuthService } from '../../auth/service.js';
import type { DevicesRepo } from '../../devices/repo.js';
import { issueDevicePassword, topicDown, topicUp } from './device-credentials.js';

/** Issuing credentials revokes the device's current ones, so it is an administrator's act. */
const ISSUE_ROLE: BusinessRole = 'admin';

/** `POST /devices/{uuid}/mqtt-credentials`: a device's MQTT username and a new password, shown this once. */
export const mqttCredentialsRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  db: Database;
  devicesRepo: DevicesRepo;
}> = async (app, { auth, db, devicesRepo }) => {
  app.post(
    '/devices/:uuid/mqtt-credentials',
    {
      onRequest: requireSession(auth),
      schema: {
        tags: ['devices'],
        summary: 'A new MQTT password for a Wi-Fi or cellular device (shown once; the previous one stops working)',
        params: DeviceParams,
        response: {
          200: MqttCredentials,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request) => {
      const { uuid } = request.params;
      const device = await devicesRepo.findReachable(sessionOf(request).user, uuid);
      if (!device) throw new AppError('not_found');
      if (!hasRank(device.role, ISSUE_ROLE)) throw new AppError('forbidden');
      if (!isOnInternet(device.communication)) throw new AppError('ingest.not_internet_device', { device: device.id });
      const password = await issueDevicePassword(db, device.id);
      return { username: device.id, password, topicUp: topicUp(device.id), topicDown: topicDown(device.id) };
    },
  );
};
