import {
  BulkBusinessSetRequest,
  BulkDeviceResponse,
  BusinessDevicesQuery,
  BusinessParams,
  CreateDeviceRequest,
  CsvImportQuery,
  DecodeFrameRequest,
  DecodeFrameResponse,
  DetailedListQuery,
  Device,
  DeviceCount,
  DeviceFilter,
  DeviceGraph,
  DeviceGraphQuery,
  DeviceListQuery,
  DevicePage,
  DeviceParams,
  DeviceTypeInfo,
  ErrorResponse,
  FromListRequest,
  FromScratchRequest,
  findDeviceType,
  hexToBytes,
  IdAndPacListRequest,
  UpdateDeviceRequest,
  z,
} from '@iot/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.js';
import { requireSession, sessionOf } from '../../http/authenticate.js';
import { READ_ERRORS, WRITE_ERRORS } from '../../http/error-responses.js';
import { requestLanguage } from '../../http/language.js';
import { typedAnswer } from '../../http/typed-answer.js';
import type { AuthService } from '../auth/service.js';
import type { SignalsRepo } from '../signals/repo.js';
import { parseCreationCsv, parseRenameCsv } from './csv-import.js';
import { presentDevice, presentDeviceTypes, presentOutcomes } from './present.js';
import type { DevicePageText, DevicesService } from './service.js';

const tags = ['devices'];

/**
 * A page of devices (`DevicePage`) whose items come as JSON text, presented and written where they were read
 * (`DevicePageText`): sent as it is, neither parsed nor checked against the schema on the way out (the route's tests
 * parse it with the schema).
 */
function sendPage(reply: FastifyReply, { items, nextCursor }: DevicePageText) {
  return reply
    .type('application/json; charset=utf-8')
    .send(`{"items":${items},"nextCursor":${JSON.stringify(nextCursor)}}`);
}

/** Devices and device types; every call sees only the caller's reachable devices (another tenant's is 404). */
export const devicesRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  devices: DevicesService;
  signalsRepo: SignalsRepo;
}> = async (app, { auth, devices, signalsRepo }) => {
  const onRequest = requireSession(auth);

  for (const url of ['/devices', '/devices/all']) {
    app.get(
      url,
      {
        onRequest,
        schema: {
          tags,
          summary: "A page of the caller's devices (of a business's subtree with `businessId`) by description",
          querystring: DeviceListQuery,
          response: { 200: z.union([DevicePage, DeviceCount]), ...READ_ERRORS },
        },
        ...typedAnswer,
      },
      async (request, reply) => {
        const { user } = sessionOf(request);
        const { businessId, mode, limit, cursor } = request.query;
        const filter = { ...(businessId ? { businessId } : {}) };
        if (mode === 'count') return { count: await devices.count(user, filter) };
        return sendPage(
          reply,
          await devices.page(user, DeviceFilter.parse({ ...filter, limit, cursor }), requestLanguage(request)),
        );
      },
    );
  }

  app.post(
    '/devices/filter',
    {
      onRequest,
      schema: {
        tags,
        summary: 'A page of the devices that match the filters, in the sort asked, after `cursor` (keyset paging)',
        body: DeviceFilter,
        response: { 200: DevicePage, ...READ_ERRORS },
      },
    },
    async (request, reply) =>
      sendPage(reply, await devices.page(sessionOf(request).user, request.body, requestLanguage(request))),
  );

  app.post(
    '/devices/filter-count',
    {
      onRequest,
      schema: {
        tags,
        summary: 'How many devices match the filters',
        body: DeviceFilter,
        response: { 200: DeviceCount, ...READ_ERRORS },
      },
    },
    async (request) => ({ count: await devices.count(sessionOf(request).user, request.body) }),
  );

  app.get(
    '/devices/graph',
    {
      onRequest,
      schema: {
        tags,
        summary: "How the caller's devices (of a business's subtree) split by type, network, status and last seen",
        querystring: DeviceGraphQuery,
        response: { 200: DeviceGraph, ...READ_ERRORS },
      },
    },
    async (request) => devices.graph(sessionOf(request).user, request.query.businessId),
  );

  app.get(
    '/devices/list/detailed',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'The listed devices (comma-separated uuids) that the caller reaches, and with `assetID` the device linked to ' +
          'that asset',
        querystring: DetailedListQuery,
        response: { 200: z.array(Device), ...READ_ERRORS },
      },
    },
    async (request) => {
      const language = requestLanguage(request);
      const { deviceUUID, assetID } = request.query;
      const rows = await devices.detailed(sessionOf(request).user, deviceUUID, assetID);
      return rows.map((row) => presentDevice(row, language));
    },
  );

  app.get(
    '/customer-business/:id/devices',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "A page of a business subtree's devices (`fromDate`: added since; `onlyFreeDevices`: those linked to no " +
          'asset)',
        params: BusinessParams,
        querystring: BusinessDevicesQuery,
        response: { 200: DevicePage, ...READ_ERRORS },
      },
    },
    async (request, reply) => {
      const { filter, fromDate, limit, cursor } = request.query;
      const page = await devices.ofBusiness(
        sessionOf(request).user,
        request.params.id,
        {
          ...(fromDate ? { fromDate } : {}),
          freeOnly: filter === 'onlyFreeDevices',
          limit,
          ...(cursor ? { cursor } : {}),
        },
        requestLanguage(request),
      );
      return sendPage(reply, page);
    },
  );

  app.post(
    '/devices/ID&PAClist',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Create Sigfox devices of one type from their ids and PACs, answered per device',
        body: IdAndPacListRequest,
        response: { 200: BulkDeviceResponse, ...WRITE_ERRORS },
      },
    },
    async (request) =>
      presentOutcomes(
        await devices.createFromIdAndPac(sessionOf(request).user, request.body),
        requestLanguage(request),
      ),
  );

  app.post(
    '/devices/fromlist',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Create devices each with its own type and network ids, answered per device',
        body: FromListRequest,
        response: { 200: BulkDeviceResponse, ...WRITE_ERRORS },
      },
    },
    async (request) =>
      presentOutcomes(await devices.createMany(sessionOf(request).user, request.body), requestLanguage(request)),
  );

  app.get(
    '/devices/:uuid',
    {
      onRequest,
      schema: {
        tags,
        summary: 'One reachable device',
        params: DeviceParams,
        response: { 200: Device, ...READ_ERRORS },
      },
      ...typedAnswer,
    },
    async (request) =>
      presentDevice(await devices.get(sessionOf(request).user, request.params.uuid), requestLanguage(request)),
  );

  app.post(
    '/devices',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Admin on the business: a new device (network ids unique per network; plan: maxDevices)',
        body: CreateDeviceRequest,
        response: { 201: Device, ...WRITE_ERRORS },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(presentDevice(await devices.create(sessionOf(request).user, request.body), requestLanguage(request))),
  );

  app.put(
    '/devices',
    {
      onRequest,
      schema: {
        tags,
        summary: "User on the device's business: edit it over the `version` read (409 when stale)",
        body: UpdateDeviceRequest,
        response: { 200: Device, ...WRITE_ERRORS },
      },
    },
    async (request) =>
      presentDevice(await devices.update(sessionOf(request).user, request.body), requestLanguage(request)),
  );

  app.delete(
    '/devices/:uuid',
    {
      onRequest,
      schema: {
        tags,
        summary: "Admin on the device's business: delete it",
        params: DeviceParams,
        response: { 204: z.null(), ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      await devices.delete(sessionOf(request).user, request.params.uuid);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/devices/bulk-business-set',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Move devices to a business the caller administers, answered per device; none moves when any is on a level ' +
          'the caller does not administer',
        body: BulkBusinessSetRequest,
        response: { 200: BulkDeviceResponse, ...WRITE_ERRORS },
      },
    },
    async (request) =>
      presentOutcomes(
        await devices.moveToBusiness(sessionOf(request).user, request.body.devices, request.body.businessId, {
          dryRun: request.body.dryRun ?? false,
        }),
        requestLanguage(request),
      ),
  );

  app.post(
    '/devices/from-scratch',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Create devices of one type from network ids, answered per device',
        body: FromScratchRequest,
        response: { 200: BulkDeviceResponse, ...WRITE_ERRORS },
      },
    },
    async (request) =>
      presentOutcomes(await devices.createFromScratch(sessionOf(request).user, request.body), requestLanguage(request)),
  );

  await app.register(async (csv) => {
    csv.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    csv.withTypeProvider<ZodTypeProvider>().post(
      '/devices/import-csv',
      {
        onRequest,
        schema: {
          tags,
          summary:
            'CSV import (text/csv): create devices ("Device ID, Network ID, optional Description") or rename them and, ' +
            'with `businessId`, move them there ("Device ID, Description"; a device is renamed only if moved); a wrong ' +
            'line imports nothing',
          querystring: CsvImportQuery,
          body: z.string(),
          response: { 200: BulkDeviceResponse, ...WRITE_ERRORS },
        },
      },
      async (request) => {
        const { user } = sessionOf(request);
        const { mode, businessId, deviceType } = request.query;
        const language = requestLanguage(request);
        if (mode === 'rename')
          return presentOutcomes(await devices.renameAndMove(user, parseRenameCsv(request.body), businessId), language);
        if (!businessId || !deviceType)
          throw new AppError(
            'validation.failed',
            {},
            {
              ...(businessId ? {} : { businessId: 'validation.required' as const }),
              ...(deviceType ? {} : { deviceType: 'validation.required' as const }),
            },
          );
        const lines = parseCreationCsv(request.body, devices.networkIdCheck(deviceType));
        const outcomes = await devices.createFromScratch(user, {
          businessId,
          deviceType,
          devices: lines.map((line) => ({
            networkId: line.networkId,
            description: line.description,
            serialNumber: line.deviceId,
          })),
        });
        return presentOutcomes(outcomes, language);
      },
    );
  });

  app.post(
    '/devices/debug/decode-frame',
    {
      onRequest,
      schema: {
        tags,
        summary: "Decode a payload (hex) with a device type's codec, as ingest would",
        body: DecodeFrameRequest,
        response: { 200: DecodeFrameResponse, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const { deviceType, data, port, date } = request.body;
      const known = findDeviceType(deviceType);
      if (!known) throw new AppError('device.unknown_type', { type: deviceType }, { deviceType: 'validation.invalid' });
      const result = known.codec.decodeUplink({
        bytes: hexToBytes(data),
        port: port ?? null,
        receivedAt: date ? new Date(date) : new Date(),
      });
      if (!result.ok) return result;
      return {
        ok: true as const,
        readings: result.readings.map((reading) => ({ ...reading, date: reading.date.toISOString() })),
      };
    },
  );

  app.get(
    '/device-types',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The device types the platform decodes, with their signals and parameters',
        response: { 200: z.array(DeviceTypeInfo), 401: ErrorResponse },
      },
    },
    async () => presentDeviceTypes(await signalsRepo.showInListByKey()),
  );
};
