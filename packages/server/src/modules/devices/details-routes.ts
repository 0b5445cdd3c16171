import {
  AddBatteryChangeRequest,
  BatteryChanges,
  BulkDeviceResponse,
  BulkParamPresetRequest,
  Device,
  DeviceAlarmsConfig,
  DeviceCalibration,
  DeviceDownlink,
  DeviceOutputs,
  DeviceParams,
  DeviceUserData,
  DeviceUuidBody,
  SetDeviceParametersRequest,
  SetRouteRequest,
  UpdateCalibrationRequest,
  UpdateDeviceAlarmsRequest,
  UpdateDeviceOutputsRequest,
  UpdateDeviceTypeRequest,
  UpdateDeviceUserDataRequest,
  z,
} from '@iot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, sessionUser } from '../../http/authenticate.js';
import { READ_ERRORS, WRITE_ERRORS } from '../../http/error-responses.js';
import { requestLanguage } from '../../http/language.js';
import type { AuthService } from '../auth/service.js';
import type { DeviceDetailsService } from './details-service.js';
import { presentDevice, presentOutcomes } from './present.js';

const tags = ['devices'];

/** What one device's screens read and edit: outputs, battery changes, alarms, user data, parameters, calibration. */
export const deviceDetailsRoutes: FastifyPluginAsyncZod<{ auth: AuthService; details: DeviceDetailsService }> = async (
  app,
  { auth, details },
) => {
  const onRequest = requireSession(auth);

  app.get(
    '/devices/:uuid/outputs',
    {
      onRequest,
      schema: {
        tags,
        summary: "A reachable device's outputs (define them, or set values over the version read)",
        params: DeviceParams,
        response: { 200: DeviceOutputs, ...READ_ERRORS },
      },
    },
    async (request) => details.outputs(sessionUser(request), request.params.uuid),
  );
  app.patch(
    '/devices/:uuid/outputs',
    {
      onRequest,
      schema: {
        tags,
        summary: "Change a device's outputs (define them, or set values over the version read)",
        params: DeviceParams,
        body: UpdateDeviceOutputsRequest,
        response: { 200: DeviceOutputs, ...WRITE_ERRORS },
      },
    },
    async (request) => details.updateOutputs(sessionUser(request), request.params.uuid, request.body),
  );

  app.get(
    '/devices/:uuid/alarms',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "A reachable device's alarms configuration (threshold rules on numeric signals, inhibition, auto-acknowledge)",
        params: DeviceParams,
        response: { 200: DeviceAlarmsConfig, ...READ_ERRORS },
      },
    },
    async (request) => details.alarms(sessionUser(request), request.params.uuid),
  );
  app.patch(
    '/devices/:uuid/alarms',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "Change a device's alarms configuration (threshold rules on numeric signals, inhibition, auto-acknowledge)",
        params: DeviceParams,
        body: UpdateDeviceAlarmsRequest,
        response: { 200: DeviceAlarmsConfig, ...WRITE_ERRORS },
      },
    },
    async (request) => details.updateAlarms(sessionUser(request), request.params.uuid, request.body),
  );

  app.get(
    '/devices/:uuid/userdata',
    {
      onRequest,
      schema: {
        tags,
        summary: "A reachable device's user data",
        params: DeviceParams,
        response: { 200: DeviceUserData, ...READ_ERRORS },
      },
    },
    async (request) => details.userData(sessionUser(request), request.params.uuid),
  );
  app.patch(
    '/devices/:uuid/userdata',
    {
      onRequest,
      schema: {
        tags,
        summary: "Change a device's user data",
        params: DeviceParams,
        body: UpdateDeviceUserDataRequest,
        response: { 200: DeviceUserData, ...WRITE_ERRORS },
      },
    },
    async (request) => details.updateUserData(sessionUser(request), request.params.uuid, request.body),
  );

  app.get(
    '/devices/:uuid/downlink',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "A reachable device's parameters, their parameterization status and the downlink waiting for the device",
        params: DeviceParams,
        response: { 200: DeviceDownlink, ...READ_ERRORS },
      },
    },
    async (request) => details.downlink(sessionUser(request), request.params.uuid),
  );
  app.patch(
    '/devices/:uuid/parameters',
    {
      onRequest,
      schema: {
        tags,
        summary: "Change a device's parameters, their parameterization status and the downlink waiting for the device",
        params: DeviceParams,
        body: SetDeviceParametersRequest,
        response: { 200: DeviceDownlink, ...WRITE_ERRORS },
      },
    },
    async (request) => details.setParameters(sessionUser(request), request.params.uuid, request.body),
  );

  app.get(
    '/devices/:uuid/battery-changes',
    {
      onRequest,
      schema: {
        tags,
        summary: "A reachable device's battery changes, newest first",
        params: DeviceParams,
        response: { 200: BatteryChanges, ...READ_ERRORS },
      },
    },
    async (request) => details.batteryChanges(sessionUser(request), request.params.uuid),
  );
  app.patch(
    '/devices/:uuid/addBatteryChange',
    {
      onRequest,
      schema: {
        tags,
        summary: "Change a device's battery changes, newest first",
        params: DeviceParams,
        body: AddBatteryChangeRequest,
        response: { 200: BatteryChanges, ...WRITE_ERRORS },
      },
    },
    async (request) => details.addBatteryChange(sessionUser(request), request.params.uuid, request.body),
  );

  app.post(
    '/devices/bulk-param-preset',
    {
      onRequest,
      schema: {
        tags,
        summary: "Apply a preset's values to devices of its type, answered per device",
        body: BulkParamPresetRequest,
        response: { 200: BulkDeviceResponse, ...WRITE_ERRORS },
      },
    },
    async (request) =>
      presentOutcomes(
        await details.applyPreset(sessionUser(request), request.body.devices, request.body.presetId),
        requestLanguage(request),
      ),
  );

  app.get(
    '/devices/:uuid/calibration',
    {
      onRequest,
      schema: {
        tags,
        summary: "A device's calibration per signal",
        params: DeviceParams,
        response: { 200: DeviceCalibration, ...READ_ERRORS },
      },
    },
    async (request) => details.calibration(sessionUser(request), request.params.uuid),
  );

  const noContent = { 204: z.null(), ...WRITE_ERRORS };
  app.post(
    '/devices/advanced/update-calibration-data',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Calibrate several devices, all or nothing',
        body: UpdateCalibrationRequest,
        response: noContent,
      },
    },
    async (request, reply) => {
      await details.updateCalibration(sessionUser(request), request.body.devices);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/devices/advanced/remove-calibration-data',
    {
      onRequest,
      schema: { tags, summary: "Remove a device's calibration", body: DeviceUuidBody, response: noContent },
    },
    async (request, reply) => {
      await details.removeCalibration(sessionUser(request), request.body.deviceUUID);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/devices/advanced/wipe-log-data',
    {
      onRequest,
      schema: {
        tags,
        summary: "Admin: forget a device's reported values and last-seen time",
        body: DeviceUuidBody,
        response: noContent,
      },
    },
    async (request, reply) => {
      await details.wipeLogData(sessionUser(request), request.body.deviceUUID);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/devices/advanced/update-device-type',
    {
      onRequest,
      schema: {
        tags,
        summary: "Admin: change a device's type and firmware (clears its parameters and calibration)",
        body: UpdateDeviceTypeRequest,
        response: { 200: Device, ...WRITE_ERRORS },
      },
    },
    async (request) =>
      presentDevice(await details.updateDeviceType(sessionUser(request), request.body), requestLanguage(request)),
  );
  app.post(
    '/devices/set-route/:uuid',
    {
      onRequest,
      schema: {
        tags,
        summary: "Admin: where a device's data is routed",
        params: DeviceParams,
        body: SetRouteRequest,
        response: { 200: Device, ...WRITE_ERRORS },
      },
    },
    async (request) =>
      presentDevice(
        await details.setRoute(sessionUser(request), request.params.uuid, request.body.destination),
        requestLanguage(request),
      ),
  );
};
