import fs from 'node:fs';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { OutboxSmsSender, type SmsSender } from './auth/sms-sender.ts';
import { SignInLimits } from './auth/sign-in-limits.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { syncButtons } from './db/seed/buttons.ts';
import { seedDemo } from './db/seed/demo.ts';
import { seedOrganizationDemo } from './db/seed/organization-demo.ts';
import { seedDemoPeople } from './db/seed/demo-people.ts';
import { seedCatalogDemo } from './db/seed/catalog-demo.ts';
import { useErrorEnvelopes } from './http/error-handler.ts';
import { trackInFlight } from './http/in-flight.ts';
import { capConnectionsPerIp, connectionOptions, trustedPeers } from './http/connection-guard.ts';
import { BODY_LIMIT_BYTES, useJsonParser } from './http/json-body.ts';
import { loggerOptions } from './http/logger.ts';
import { registerCalls } from './http/register-calls.ts';
import { useSecurityHeaders } from './http/security.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { dealerRoutes } from './modules/dealers/routes.ts';
import { organizationRoutes } from './modules/organization-routes.ts';
import { noticeRoutes } from './modules/notices/routes.ts';
import { peopleRoutes } from './modules/people-routes.ts';
import { productCatalogRoutes } from './modules/product-catalog-routes.ts';
import { protocolCatalogRoutes } from './modules/protocol-catalog-routes.ts';
import { registerPlatformStatus } from './modules/platform/routes.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';
import type { CallRoute } from './http/call-route.ts';

export interface BuildOptions {
  config: Config;
  /** Replaces the demo SMS sender (a real gateway). */
  sms?: SmsSender;
  /** Where logs go (tests capture them); stdout by default. */
  logStream?: NodeJS.WritableStream;
  /** An already open database (the tests' per-file PostgreSQL database). */
  database?: Database;
}

export interface BuiltApp {
  app: FastifyInstance;
  database: Database;
  /** Every call route, for the test that checks each contract call has one. */
  routes: readonly CallRoute[];
}

async function prepareDatabase(config: Config, given?: Database): Promise<Database> {
  const database = given ?? (await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.dataDir ? path.join(config.dataDir, 'pglite') : null,
    poolSize: config.dbPoolSize,
  }));
  await migrate(database);
  await syncButtons(database.db);
  if (config.seedDemo) {
    await seedDemo(database.db);
    await seedOrganizationDemo(database.db);
  }
  if (config.seedDemo) await seedDemoPeople(database.db);
  if (config.seedDemo) await seedCatalogDemo(database.db);
  return database;
}

/** Builds the whole server: database ready (migrated, seeded), every contract call registered. */
export async function buildApp(options: BuildOptions): Promise<BuiltApp> {
  const { config } = options;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    // No per-request log lines: they cost throughput and would carry URLs and ids.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // Header, body and idle timeouts: a body not complete within 30 s is dropped (issue 8 item 7).
    ...connectionOptions(config.limits),
  });
  capConnectionsPerIp(app.server, config.limits.maxConnectionsPerIp, trustedPeers(config.trustProxy));
  const database = await prepareDatabase(config, options.database);
  const inFlightDone = trackInFlight(app);
  app.addHook('onClose', async () => {
    await inFlightDone();
    if (!options.database) await database.close();
  });

  await useSecurityHeaders(app);
  useJsonParser(app);
  useErrorEnvelopes(app);
  await app.register(fastifyMultipart);

  const db = database.db;
  const sms = options.sms ?? new OutboxSmsSender(db, app.log);
  const routes = [...authRoutes(db, sms), ...dealerRoutes(db), ...organizationRoutes(db), ...noticeRoutes(database), ...uploadRoutes(app, db, config.limits), ...peopleRoutes(db), ...productCatalogRoutes(db), ...protocolCatalogRoutes(db)];
  registerCalls(app, routes, { database, limits: new SignInLimits(config.rateLimits), checkResponses: config.checkResponses });
  registerPlatformStatus(app, db);
  if (fs.existsSync(path.join(config.webDist, 'index.html'))) {
    await app.register(fastifyStatic, { root: config.webDist, prefix: '/', index: 'index.html' });
  }
  await app.ready();
  return { app, database, routes };
}
