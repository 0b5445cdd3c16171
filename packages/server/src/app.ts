import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler } from 'fastify-type-provider-zod';
import { createGeotabClient } from './adapters/geotab/geotab-client.js';
import { createCallbackSender } from './adapters/http-callback/callback-sender.js';
import { createMailer, type Mailer } from './adapters/mail/mailer.js';
import { createMessagingClient } from './adapters/messaging/messaging-client.js';
import { createWebPushSender, type PushSender } from './adapters/push/push-sender.js';
import { loadVapidKeys } from './adapters/push/vapid-keys.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { answerClientError } from './http/client-error.js';
import { registerCsrfProtection } from './http/csrf.js';
import { registerErrorHandler } from './http/error-handler.js';
import { RequestLog } from './http/request-log.js';
import { requestValidatorCompiler } from './http/request-validation.js';
import { mapStyleOrigin, registerSecurityHeaders } from './http/security-headers.js';
import { registerCompression, registerWebApp } from './http/web-app.js';
import { startActionDispatcher } from './modules/actions/dispatcher.js';
import { createActionExecutors } from './modules/actions/executors.js';
import { createActionsRepo } from './modules/actions/repo.js';
import { actionsRoutes } from './modules/actions/routes.js';
import { createActionsService } from './modules/actions/service.js';
import { startActionWorker } from './modules/actions/worker.js';
import { alarmEventsOf, applyConditionEvent } from './modules/alarms/engine.js';
import { alarmsRoutes } from './modules/alarms/routes.js';
import { createAlarmsService } from './modules/alarms/service.js';
import { startSnoozeSweeper } from './modules/alarms/snooze-sweeper.js';
import { createAssetTypesRepo } from './modules/asset-types/repo.js';
import { assetTypesRoutes } from './modules/asset-types/routes.js';
import { createAssetTypesService } from './modules/asset-types/service.js';
import { createAssetHistoryService } from './modules/assets/history.js';
import { assetHistoryRoutes } from './modules/assets/history-routes.js';
import { createAssetMoveService } from './modules/assets/move.js';
import { assetMoveRoutes } from './modules/assets/move-routes.js';
import { createAssetsRepo } from './modules/assets/repo.js';
import { assetsRoutes } from './modules/assets/routes.js';
import { createAssetsService } from './modules/assets/service.js';
import { startAttemptsPruning } from './modules/auth/attempts-pruning.js';
import { createAuthRepo } from './modules/auth/repo.js';
import { authRoutes } from './modules/auth/routes.js';
import { createAuthService } from './modules/auth/service.js';
import { createSessionCache } from './modules/auth/session-cache.js';
import { createBusinessesRepo, keepGrants } from './modules/businesses/repo.js';
import { businessesRoutes } from './modules/businesses/routes.js';
import { createBusinessesService } from './modules/businesses/service.js';
import { createContractsRepo } from './modules/contracts/repo.js';
import { contractsRoutes } from './modules/contracts/routes.js';
import { createContractsService } from './modules/contracts/service.js';
import { startContractJob } from './modules/credits/job.js';
import { createCreditsRepo } from './modules/credits/repo.js';
import { createCreditsService } from './modules/credits/service.js';
import { createDeviceTypeAlarmsRepo } from './modules/device-type-alarms/repo.js';
import { deviceTypeAlarmsRoutes } from './modules/device-type-alarms/routes.js';
import { createDeviceTypeAlarmsService } from './modules/device-type-alarms/service.js';
import { deviceDetailsRoutes } from './modules/devices/details-routes.js';
import { createDeviceDetailsService } from './modules/devices/details-service.js';
import { createDevicesRepo } from './modules/devices/repo.js';
import { devicesRoutes } from './modules/devices/routes.js';
import { createDevicesService } from './modules/devices/service.js';
import { infoRoutes } from './modules/info/routes.js';
import { startCommissioningTimeouts } from './modules/ingest/commissioning-timeouts.js';
import { createLiveEvents } from './modules/ingest/live-events.js';
import { createLoraDownlinkSender } from './modules/ingest/lora-downlinks.js';
import { createLoraRoutes } from './modules/ingest/lora-routes.js';
import { brokerHooksRoutes } from './modules/ingest/mqtt/broker-hooks-routes.js';
import { mqttCredentialsRoutes } from './modules/ingest/mqtt/credentials-routes.js';
import { startMqttTransport } from './modules/ingest/mqtt/transport.js';
import { ingestRoutes } from './modules/ingest/network-routes.js';
import { createIngestPipeline } from './modules/ingest/pipeline.js';
import { readingsRoutes } from './modules/ingest/readings-routes.js';
import { createReadingsService } from './modules/ingest/readings-service.js';
import { createReprocessor } from './modules/ingest/reprocess.js';
import { createIntegrationHealth } from './modules/integrations/health.js';
import { createIntegrationsRepo } from './modules/integrations/repo.js';
import { integrationsRoutes } from './modules/integrations/routes.js';
import { createIntegrationsService } from './modules/integrations/service.js';
import { journeysRoutes } from './modules/journeys/routes.js';
import { createJourneysService } from './modules/journeys/service.js';
import { startLostSweeper } from './modules/locations/lost-sweeper.js';
import { createLocationsRepo } from './modules/locations/repo.js';
import { locationsRoutes } from './modules/locations/routes.js';
import { createLocationsService } from './modules/locations/service.js';
import { createNotificationsRepo } from './modules/notifications/repo.js';
import { notificationsRoutes } from './modules/notifications/routes.js';
import { createNotificationsService } from './modules/notifications/service.js';
import { overviewRoutes } from './modules/overview/routes.js';
import { createOverviewService } from './modules/overview/service.js';
import { createParameterPresetsRepo } from './modules/parameter-presets/repo.js';
import { parameterPresetsRoutes } from './modules/parameter-presets/routes.js';
import { createParameterPresetsService } from './modules/parameter-presets/service.js';
import { createPlacesRepo } from './modules/places/repo.js';
import { placesRoutes } from './modules/places/routes.js';
import { createPlacesService } from './modules/places/service.js';
import { createPlansRepo } from './modules/plans/repo.js';
import { plansRoutes } from './modules/plans/routes.js';
import { createPlansService } from './modules/plans/service.js';
import { sigfoxContractsRoutes } from './modules/sigfox-contracts/routes.js';
import { createSigfoxContractsService } from './modules/sigfox-contracts/service.js';
import { createSignalsRepo } from './modules/signals/repo.js';
import { signalsRoutes } from './modules/signals/routes.js';
import { createSignalsService } from './modules/signals/service.js';
import { createUsageLicensesRepo } from './modules/usage-licenses/repo.js';
import { usageLicensesRoutes } from './modules/usage-licenses/routes.js';
import { createUsageLicensesService } from './modules/usage-licenses/service.js';
import { createUsersRepo } from './modules/users/repo.js';
import { usersRoutes } from './modules/users/routes.js';
import { createUsersService } from './modules/users/service.js';
import { readVersions } from './version.js';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Defaults to the mailer `config` describes (SMTP, or the outbox folder). */
  mailer?: Mailer;
  /** Defaults to web push signed with the VAPID keys of `config` (or of `DATA_DIR/vapid.json`). */
  pushSender?: PushSender;
}

export type Services = Awaited<ReturnType<typeof buildApp>>['services'];

/** The whole HTTP application on an open, migrated database. Tests build it the same way `main.ts` does. */
export async function buildApp({
  config,
  database,
  mailer: givenMailer,
  pushSender: givenPushSender,
}: AppDependencies) {
  const app: FastifyInstance = Fastify({
    logger: { level: config.logLevel },
    logController: new RequestLog(),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // Path parameters are bounded by their schemas (a push token may have 200 characters); the router's own limit,
    // 100 by default, would answer 414 before them.
    routerOptions: { maxParamLength: 256 },
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(requestValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.decorateRequest('session', null);

  await app.register(fastifyCookie);
  await registerCompression(app);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // MUI (emotion) writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", ...mapStyleOrigin(config.publicKeys.map)],
      },
    },
  });
  registerCsrfProtection(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${config.productName} API`, version: readVersions(config.webDistDir).serverVersion },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const mailer =
    givenMailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: join(config.dataDir, 'outbox'),
      log: app.log,
    });
  const pushSender =
    givenPushSender ??
    createWebPushSender({ vapid: { subject: config.vapidSubject, ...(await loadVapidKeys(config)) } });
  const { db } = database;
  const usersRepo = createUsersRepo(db);
  const authRepo = createAuthRepo(db);
  const notificationsRepo = createNotificationsRepo(db);
  const businessesRepo = createBusinessesRepo(db);
  const plansRepo = createPlansRepo(db);
  const devicesRepo = createDevicesRepo(db);
  const signalsRepo = createSignalsRepo(db);
  const parameterPresetsRepo = createParameterPresetsRepo(db);
  const assetTypesRepo = createAssetTypesRepo(db);
  const assetsRepo = createAssetsRepo(db);
  const sessions = await createSessionCache({
    database,
    databaseUrl: config.databaseUrl,
    revision: authRepo.sessionRevision,
    log: app.log,
  });
  const grants = await keepGrants({ database, databaseUrl: config.databaseUrl, log: app.log });
  const auth = createAuthService({ db, config, authRepo, usersRepo, sessions, mailer, log: app.log });
  const attemptsPruning = startAttemptsPruning({ authRepo, log: app.log });
  const users = createUsersService({ usersRepo, sessions });
  const notifications = createNotificationsService({
    notificationsRepo,
    usersRepo,
    pushSender,
    allowPrivateEndpoints: config.pushAllowPrivateEndpoints,
    log: app.log,
  });
  const plans = createPlansService({ plansRepo, businessesRepo });
  const contracts = createContractsService({
    db,
    contractsRepo: createContractsRepo(db),
    businessesRepo,
    plansRepo,
    // The job settles a changed contract's state at once (and notifies), rather than at its next hourly run.
    settleStates: async (contractIds) => {
      await contractJob.settle(contractIds);
    },
    log: app.log,
  });
  const creditsRepo = createCreditsRepo(db);
  const credits = createCreditsService({ db, creditsRepo, plansRepo, notifications, log: app.log });
  const sigfoxContracts = createSigfoxContractsService({ credits });
  const businesses = createBusinessesService({
    db,
    businessesRepo,
    usersRepo,
    plans,
    sendInvitation: auth.sendInvitation,
    sendAddedToBusiness: auth.sendAddedToBusiness,
    grants,
  });
  const devices = createDevicesService({ db, devicesRepo, businessesRepo, plans });
  const signals = createSignalsService({ db, signalsRepo });
  const parameterPresets = createParameterPresetsService({ db, parameterPresetsRepo, businessesRepo });
  const assetTypes = createAssetTypesService({ db, assetTypesRepo });
  const assets = createAssetsService({ db, assetsRepo, assetTypesRepo, businessesRepo, plans });
  const places = createPlacesService({ db, placesRepo: createPlacesRepo(db), businessesRepo, plans });
  const usageLicenses = createUsageLicensesService({
    db,
    usageLicensesRepo: createUsageLicensesRepo(db),
    businessesRepo,
  });
  const integrationsRepo = createIntegrationsRepo(db);
  const integrationHealth = createIntegrationHealth({ integrationsRepo, log: app.log });
  const integrations = createIntegrationsService({
    integrationsRepo,
    businessesRepo,
    health: integrationHealth,
    allowPrivateAddresses: config.callbackAllowPrivateAddresses,
  });
  const loraRoutes = createLoraRoutes(db, app.log);
  const liveEvents = await createLiveEvents({ database, databaseUrl: config.databaseUrl, log: app.log });
  const actionsRepo = createActionsRepo(db);
  const callbacks = createCallbackSender({ allowPrivateAddresses: config.callbackAllowPrivateAddresses });
  const geotab = createGeotabClient({
    apiUrl: config.geotabApiUrl,
    allowPrivateAddresses: config.callbackAllowPrivateAddresses,
  });
  const actions = createActionsService({ db, actionsRepo, businessesRepo, plans, callbacks, geotab });
  const actionWorker = startActionWorker({
    actionsRepo,
    execute: createActionExecutors({
      actionsRepo,
      callbacks,
      mailer,
      notifications,
      messaging: createMessagingClient({ apiUrl: config.messagingApiUrl, apiKey: config.messagingApiKey }),
      geotab,
      credits,
    }),
    log: app.log,
    retryBaseMs: config.actionRetryBaseMs,
    maxAttempts: config.actionMaxAttempts,
  });
  const actionDispatcher = startActionDispatcher({
    database,
    actionsRepo,
    planOf: plans.planOf,
    engine: { applyConditionEvent, alarmEventsOf },
    publish: liveEvents.publish,
    onJobs: () => void actionWorker.nudge(),
    log: app.log,
  });
  const deviceTypeAlarmsRepo = createDeviceTypeAlarmsRepo(db);
  const deviceTypeAlarms = createDeviceTypeAlarmsService({ deviceTypeAlarmsRepo });
  const ingest = createIngestPipeline({
    database,
    events: liveEvents,
    log: app.log,
    typeAlarmRules: deviceTypeAlarmsRepo.rulesByType,
    sendLoraDownlink: createLoraDownlinkSender({
      integrationsRepo,
      health: integrationHealth,
      allowPrivateAddresses: config.callbackAllowPrivateAddresses,
    }),
    loraRoutes,
    onConditionEvents: () => void actionDispatcher.nudge(),
  });
  const readings = createReadingsService({ db, devicesRepo, events: liveEvents });
  const reprocess = createReprocessor({
    db,
    devicesRepo,
    typeAlarmRules: deviceTypeAlarmsRepo.rulesByType,
    onConditionEvents: () => void actionDispatcher.nudge(),
  });
  const commissioningTimeouts = startCommissioningTimeouts({ db, events: liveEvents, log: app.log });
  const deviceDetails = createDeviceDetailsService({
    db,
    devicesRepo,
    parameterPresetsRepo,
    publish: liveEvents.publish,
    onParametersWaiting: (deviceIds) =>
      void ingest.parametersWaiting(deviceIds).catch((error: unknown) => {
        app.log.error({ err: error }, 'waiting parameters not queued: they go at the next uplink');
      }),
  });
  const alarms = createAlarmsService({ db, businessesRepo, devicesRepo, publish: liveEvents.publish });
  const journeys = createJourneysService({ db, businessesRepo, devicesRepo, plans, notifications, log: app.log });
  const assetMove = createAssetMoveService({
    db,
    businessesRepo,
    devicesRepo,
    plans,
    publish: liveEvents.publish,
    notifyJourneyFinished: journeys.notifyFinished,
  });
  const assetHistory = createAssetHistoryService({ db, plans });
  const overview = createOverviewService({ db, devicesRepo, notifications });
  const snoozeSweeper = startSnoozeSweeper({ db, publish: liveEvents.publish, log: app.log });
  const locations = createLocationsService({ devicesRepo, locationsRepo: createLocationsRepo(db) });
  const lostSweeper = startLostSweeper({ database, publish: liveEvents.publish, log: app.log });
  const contractJob = startContractJob({ database, creditsRepo, credits, notifications, mailer, log: app.log });
  const mqtt = await startMqttTransport({ config, db, pipeline: ingest, log: app.log });
  // The signal catalogue holds at least the codecs' signals (adds only what is missing, so every start may run it).
  await signals.ensureCodecSignals();
  const services = {
    auth,
    users,
    notifications,
    sigfoxContracts,
    businesses,
    plans,
    contracts,
    devices,
    signals,
    parameterPresets,
    assetTypes,
    assets,
    integrations,
    ingest,
    liveEvents,
    readings,
    commissioningTimeouts,
    actions,
    actionsRepo,
    actionDispatcher,
    actionWorker,
    alarms,
    deviceTypeAlarms,
    snoozeSweeper,
    lostSweeper,
    credits,
    contractJob,
    mqtt,
    usersRepo,
    authRepo,
    notificationsRepo,
    creditsRepo,
    businessesRepo,
    plansRepo,
    devicesRepo,
    signalsRepo,
    parameterPresetsRepo,
    assetTypesRepo,
    assetsRepo,
    integrationsRepo,
    deviceTypeAlarmsRepo,
    mailer,
    pushSender,
  };

  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(infoRoutes, {
        info: { ...readVersions(config.webDistDir), legacyPlatformUrl: config.legacyPlatformUrl ?? null },
        publicKeys: { ...config.publicKeys, vapid: pushSender.publicKey },
      });
      await api.register(authRoutes, { auth });
      await api.register(usersRoutes, { auth, users });
      await api.register(notificationsRoutes, { auth, notifications });
      await api.register(sigfoxContractsRoutes, { auth, sigfoxContracts });
      await api.register(businessesRoutes, { auth, businesses });
      await api.register(plansRoutes, { auth, plans });
      await api.register(contractsRoutes, { auth, contracts });
      await api.register(devicesRoutes, { auth, devices, signalsRepo });
      await api.register(deviceDetailsRoutes, { auth, details: deviceDetails });
      await api.register(signalsRoutes, { auth, signals });
      await api.register(parameterPresetsRoutes, { auth, parameterPresets });
      await api.register(assetTypesRoutes, { auth, assetTypes });
      await api.register(assetsRoutes, { auth, assets });
      await api.register(assetMoveRoutes, { auth, assetMove });
      await api.register(assetHistoryRoutes, { auth, assetHistory });
      await api.register(journeysRoutes, { auth, journeys });
      await api.register(placesRoutes, { auth, places });
      await api.register(usageLicensesRoutes, { auth, usageLicenses });
      await api.register(locationsRoutes, { auth, locations });
      await api.register(integrationsRoutes, { auth, integrations });
      await api.register(ingestRoutes, { pipeline: ingest, integrationsRepo, health: integrationHealth, loraRoutes });
      await api.register(readingsRoutes, { auth, readings, reprocess });
      await api.register(actionsRoutes, { auth, actions });
      await api.register(alarmsRoutes, { auth, alarms });
      await api.register(overviewRoutes, { auth, overview });
      await api.register(deviceTypeAlarmsRoutes, { auth, deviceTypeAlarms });
      await api.register(mqttCredentialsRoutes, { auth, db, devicesRepo });
      if (config.mqttHooksToken) await api.register(brokerHooksRoutes, { db, token: config.mqttHooksToken });
    },
    { prefix: '/api' },
  );
  await registerWebApp(app, config.webDistDir);
  app.addHook('onClose', async () => {
    attemptsPruning.stop();
    commissioningTimeouts.stop();
    await snoozeSweeper.stop();
    await lostSweeper.stop();
    await contractJob.stop();
    // Devices stop publishing first; what they sent is then stored before the database closes.
    await mqtt.close();
    await ingest.close();
    await integrationHealth.close();
    // After ingest: edges and jobs not handled yet wait in the database for the next start.
    await actionDispatcher.close();
    await actionWorker.close();
    await liveEvents.close();
    await sessions.close();
    await grants.close();
    await mailer.close();
  });

  return { app, services };
}
