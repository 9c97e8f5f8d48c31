import { deviceRoutes } from './modules/devices/routes.ts';
import { dealerHoldingsRoutes } from './modules/dealer-holdings/index.ts';
import { deviceBindingRoutes } from './modules/device-binding/routes.ts';
import { batchControlRoutes } from './modules/device-commands/batch-control.ts';
import { commandService } from './modules/device-commands/command-deps.ts';
import { registerDeviceExportFile } from './modules/device-list/export-file-route.ts';
import { ExportJobs } from './modules/device-list/export-jobs.ts';
import { deviceListRoutes } from './modules/device-list/routes.ts';
import { deviceCommandRoutes } from './modules/device-commands/routes.ts';
import { projectRoutes, startProjectStatJob } from './modules/projects/index.ts';
import { dashboardRoutes, startDailyStatJob } from './modules/dashboard/index.ts';
import { openFirmwareStores, startOta, type FirmwareStores } from './modules/ota/index.ts';
import { deviceActionRoutes } from './modules/devices/action-routes.ts';
import { secretBox, type SecretBox } from './modules/devices/secret-box.ts';
import { localDeviceEvents, type DeviceEvents } from './events/device-events.ts';
import { pgDeviceEvents } from './events/pg-device-events.ts';
import { liveRoutes } from './modules/live/routes.ts';
import { topologyRoutes } from './modules/topology/routes.ts';
import { registrationRoutes } from './modules/registration/routes.ts';
import { registerDeviceRegistration } from './modules/registration/register-route.ts';
import { registerDeviceEventStream } from './modules/live/stream-route.ts';
import fs from 'node:fs';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { smsSenderFor, type SmsSender } from './auth/sms-sender.ts';
import { SignInLimits } from './auth/sign-in-limits.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { syncButtons } from './db/seed/buttons.ts';
import { seedDemo } from './db/seed/demo.ts';
import { seedOrganizationDemo } from './db/seed/organization-demo.ts';
import { seedDemoPeople } from './db/seed/demo-people.ts';
import { seedCatalogDemo } from './db/seed/catalog-demo.ts';
import { seedDemoFleet } from './db/seed/demo-fleet.ts';
import { ensurePlatformOperator, oneTimePasswordBanner } from './db/seed/platform-operator.ts';
import { useErrorEnvelopes } from './http/error-handler.ts';
import { trackInFlight } from './http/in-flight.ts';
import { capConnectionsPerIp, connectionOptions, trustedPeers } from './http/connection-guard.ts';
import { BODY_LIMIT_BYTES, useJsonParser } from './http/json-body.ts';
import { loggerOptions } from './http/logger.ts';
import { useRateLimitStore } from './http/rate-limiter.ts';
import { registerCalls } from './http/register-calls.ts';
import { ApiCallWriter, logRoutes, startLogRetentionJob } from './modules/logs/index.ts';
import { useSecurityHeaders } from './http/security.ts';
import { serveConsole } from './http/console-static.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { dealerRoutes } from './modules/dealers/routes.ts';
import { organizationRoutes } from './modules/organization-routes.ts';
import { noticeRoutes } from './modules/notices/routes.ts';
import { peopleRoutes } from './modules/people-routes.ts';
import { telemetryRoutes } from './modules/telemetry/routes.ts';
import { deviceFaultRoutes } from './modules/device-faults/routes.ts';
import { deviceCustomerRoutes } from './modules/devices/customer-routes.ts';
import { allocationTargetRoutes } from './modules/devices/allocation-target-routes.ts';
import { productCatalogRoutes } from './modules/product-catalog-routes.ts';
import { protocolCatalogRoutes } from './modules/protocol-catalog-routes.ts';
import { registerPlatformStatus } from './modules/platform/routes.ts';
import { registerEmqxHooks } from './ingest/broker/external/emqx-hooks.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';
import type { CallRoute } from './http/call-route.ts';
import { startDeviceSide, type DeviceSide } from './ingest/device-side.ts';
import { serverSink, type SinkFactory } from './ingest/sink.ts';
import { serverMetrics } from './operations/metrics.ts';
import { registerOperations } from './operations/register-operations.ts';
import { answerRequestIds, REQUEST_ID_LOG_FIELD, requestIdOf } from './operations/request-id.ts';

export interface BuildOptions {
  config: Config;
  /** Replaces the demo SMS sender (a real gateway). */
  sms?: SmsSender;
  /** Where logs go (tests capture them); stdout by default. */
  logStream?: NodeJS.WritableStream;
  /** An already open database (the tests' per-file PostgreSQL database). */
  database?: Database;
  /** Where the first operator's one-time password is printed, once (stdout by default, never the log). */
  announce?: NodeJS.WritableStream;
  /** Where device reports are stored (the ingest pipeline by default; tests pass their own). */
  sink?: SinkFactory;
  /**
   * false: answered calls are not handed to the API call log (bench/api-call-log.ts measures the log's cost
   * against a server without it). Not a setting: a server always logs its calls.
   */
  recordCalls?: boolean;
}

export interface BuiltApp {
  app: FastifyInstance;
  database: Database;
  /** Every call route, for the test that checks each contract call has one. */
  routes: readonly CallRoute[];
  /** Broker, downlink, device events, profiles and presence (ingest/device-side.ts). */
  deviceSide: DeviceSide;
  /**
   * The device event bus (status, values, faults, replies), the same as deviceSide.events: in-process,
   * or shared by every instance through PostgreSQL LISTEN/NOTIFY when DATABASE_URL is set.
   */
  events: DeviceEvents;
  /** The API call log's writer (issue 22): tests flush it and read its counts. */
  callLog: ApiCallWriter;
}

/**
 * Migrates, syncs the permission buttons, inserts the demo data when asked (SEED_DEMO: by default
 * only on embedded PGlite), and makes sure the level-0 company has an operator: on the first start
 * of a database without one, OPERATOR_PHONE's account with a one-time password printed once.
 */
async function prepareDatabase(
  config: Config,
  log: FastifyBaseLogger,
  announce: NodeJS.WritableStream,
  given?: Database,
): Promise<Database> {
  const database =
    given ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.dataDir ? path.join(config.dataDir, 'pglite') : null,
      poolSize: config.dbPoolSize,
      onConnectionLost: (error) =>
        log.warn({ err: error }, 'PostgreSQL ended an idle connection; the pool opens a new one when needed'),
    }));
  await migrate(database);
  await syncButtons(database.db);
  if (config.seedDemo) {
    await seedDemo(database.db);
    await seedOrganizationDemo(database.db);
    await seedDemoPeople(database.db);
    await seedCatalogDemo(database.db);
    if (config.simulator.devices > 0) await seedDemoFleet(database.db, secretBox(config.deviceSecretKey));
  }
  const operator = await ensurePlatformOperator(database.db, config.operatorPhone);
  if (operator.kind === 'created') {
    announce.write(oneTimePasswordBanner(operator.phone, operator.password));
    log.info('platform operator created; its one-time password was printed to stdout, not to this log');
  } else if (operator.kind === 'noPhone') {
    log.warn(
      'the level-0 company has no operator: set OPERATOR_PHONE and restart to create one with a one-time password',
    );
  } else if (operator.kind === 'phoneTaken') {
    log.warn(
      'the level-0 company has no operator and OPERATOR_PHONE already has an account: it is not made the operator; set another OPERATOR_PHONE',
    );
  }
  return database;
}

/** Device commands and registry actions, sent through the device side's broker and answered from its event bus. */
function deviceCommandAndActionRoutes(db: Database['db'], config: Config, side: DeviceSide): CallRoute[] {
  const { downlink, events, profiles } = side;
  const commands = commandService({ db, downlink, events, profiles, timeoutMs: config.commands.timeoutMs });
  return [
    ...deviceCommandRoutes(commands, commands),
    ...batchControlRoutes(commands),
    ...projectRoutes(commands),
    ...deviceActionRoutes(db, secretBox(config.deviceSecretKey), profiles, side),
  ];
}

/** The organization side's calls: sign-in and accounts, companies, notices, uploads, people. */
function organizationCallRoutes(app: FastifyInstance, database: Database, sms: SmsSender, config: Config): CallRoute[] {
  const db = database.db;
  return [
    ...authRoutes(db, sms, config.rateLimits.failuresPerMinute),
    ...dealerRoutes(db),
    ...organizationRoutes(db),
    ...noticeRoutes(database),
    ...uploadRoutes(app, db, config.limits),
    ...peopleRoutes(db),
  ];
}

/** The catalogs' calls: products (series, thing models) and protocols (data types, points, frames). */
function catalogCallRoutes(db: Database['db']): CallRoute[] {
  return [...productCatalogRoutes(db), ...protocolCatalogRoutes(db)];
}

/** What the device calls are built from. */
interface DeviceCallDeps {
  database: Database;
  config: Config;
  side: DeviceSide;
  box: SecretBox;
  exportJobs: ExportJobs;
}

/**
 * The device side's calls: registry, commands and actions, list, telemetry, customers and allocation,
 * live, topology, registration, faults, bindings.
 */
function deviceCallRoutes({ database, config, side, box, exportJobs }: DeviceCallDeps): CallRoute[] {
  const db = database.db;
  return [
    ...deviceRoutes(db, box, side),
    ...deviceCommandAndActionRoutes(db, config, side),
    ...deviceListRoutes(db, exportJobs, side),
    ...telemetryRoutes(db, side.profiles),
    ...deviceCustomerRoutes(db),
    ...allocationTargetRoutes(db),
    ...liveRoutes(db, config.live),
    ...topologyRoutes(db, side.presence),
    ...registrationRoutes(db, box),
    ...deviceFaultRoutes(db, side),
    ...deviceBindingRoutes(database),
    ...dashboardRoutes(db),
    ...dealerHoldingsRoutes(db, side),
  ];
}

/** The device event bus: LISTEN/NOTIFY across instances on PostgreSQL, in-process on PGlite; closed with the app. */
async function deviceEventBus(app: FastifyInstance, database: Database, config: Config): Promise<DeviceEvents> {
  if (database.kind !== 'postgres' || !config.databaseUrl) return localDeviceEvents();
  const bus = pgDeviceEvents({
    db: database.db,
    databaseUrl: config.databaseUrl,
    onError: (error, what) => app.log.warn({ err: error }, what),
  });
  await bus.ready;
  app.addHook('onClose', async () => bus.close());
  return bus;
}

/** Builds the whole server: database ready (migrated, seeded), every contract call registered. */
export async function buildApp(options: BuildOptions): Promise<BuiltApp> {
  const { config } = options;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    // No per-request log lines: they cost throughput and would carry URLs and ids.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: REQUEST_ID_LOG_FIELD }),
    // A sane X-Request-Id from a proxy or caller, else a new UUID: in every log line of the call and in its answer.
    genReqId: requestIdOf,
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // Header, body and idle timeouts: a body not complete within 30 s is dropped (issue 8 item 7).
    ...connectionOptions(config.limits),
  });
  capConnectionsPerIp(app.server, config.limits.maxConnectionsPerIp, trustedPeers(config.trustProxy));
  answerRequestIds(app);
  const metrics = serverMetrics();
  metrics.timeCalls(app);
  const database = await prepareDatabase(config, app.log, options.announce ?? process.stdout, options.database);
  const inFlight = trackInFlight(app);
  const callLog = new ApiCallWriter(database.db, { log: app.log });
  const stopLogRetention = startLogRetentionJob(database.db, { log: app.log, onRun: metrics.jobRun });
  let deviceSide: DeviceSide | undefined;
  let firmwareStores: FirmwareStores | undefined;
  app.addHook('onClose', async () => {
    // Calls first (a command waits on its device's reply through the broker), then the broker and the ingest.
    await inFlight.drained();
    await deviceSide?.close();
    await stopLogRetention();
    await callLog.close();
    if (!options.database) await database.close();
    firmwareStores?.close();
  });
  try {
    // An S3 firmware store that cannot be reached stops the start (the message names it and its answer).
    firmwareStores = await openFirmwareStores(config.ota.store, database.db, app.log);
    const events = await deviceEventBus(app, database, config);
    deviceSide = await startDeviceSide({
      config,
      db: database.db,
      log: app.log,
      sink: options.sink ?? serverSink,
      events,
      onJobRun: metrics.jobRun,
    });
  } catch (error) {
    await app.close();
    throw error;
  }

  await useSecurityHeaders(app);
  useJsonParser(app);
  useErrorEnvelopes(app);
  await app.register(fastifyMultipart);

  const db = database.db;
  const { events } = deviceSide;
  const sms: SmsSender = options.sms ?? smsSenderFor(config.sms, db, app.log);
  app.addHook('onClose', async () => sms.settled?.());
  const box = secretBox(config.deviceSecretKey);
  const exportJobs = new ExportJobs(db, { log: app.log, onRun: metrics.jobRun });
  const stopDailyStats = startDailyStatJob(db, { timeZone: config.timeZone, log: app.log, onRun: metrics.jobRun });
  // Before the database closes (onClose): a run in flight finishes first.
  app.addHook('preClose', stopDailyStats);
  const stopProjectStats = startProjectStatJob(db, { timeZone: config.timeZone, log: app.log, onRun: metrics.jobRun });
  app.addHook('preClose', stopProjectStats);
  const routes = [
    ...organizationCallRoutes(app, database, sms, config),
    ...catalogCallRoutes(db),
    ...deviceCallRoutes({ database, config, side: deviceSide, box, exportJobs }),
    ...logRoutes({ db, profiles: deviceSide.profiles, exportJobs }),
    ...startOta({
      app,
      db,
      config: config.ota,
      downlink: deviceSide.downlink,
      events,
      timeZone: config.timeZone,
      stores: firmwareStores,
    }),
  ];
  const counter = await useRateLimitStore(app, { redisUrl: config.redisUrl, redisKeyPrefix: config.redisKeyPrefix });
  registerCalls(app, routes, {
    database,
    limits: new SignInLimits(counter, config.rateLimits),
    checkResponses: config.checkResponses,
    timeZone: config.timeZone,
    recorder: options.recordCalls === false ? undefined : callLog,
  });
  registerPlatformStatus(app, db);
  registerEmqxHooks(app, db, config);
  registerDeviceRegistration(app, { db, box, counter, config: config.live, access: deviceSide });
  const liveStreams = registerDeviceEventStream(app, {
    database,
    events,
    config: config.live,
    log: app.log,
    profiles: deviceSide.profiles,
  });
  registerDeviceExportFile(app, exportJobs);
  await registerOperations(app, {
    config,
    database,
    deviceSide,
    metrics,
    liveStreams,
    callsInFlight: inFlight.active,
    apiCallLogDropped: () => callLog.stats().dropped,
  });
  if (fs.existsSync(path.join(config.webDist, 'index.html'))) {
    await serveConsole(app, config.webDist);
  }
  await app.ready();
  return { app, database, routes, deviceSide, events, callLog };
}
