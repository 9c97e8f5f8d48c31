import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DeviceEvents } from '../../events/device-events.ts';
import type { CallRoute } from '../../http/call-route.ts';
import type { Downlink } from '../../ingest/index.ts';
import type { OtaConfig } from '../../ota-config.ts';
import { FirmwareLinks } from './download-links.ts';
import { registerFirmwareDownload } from './download-route.ts';
import { Rollout } from './rollout.ts';
import { otaRoutes } from './routes.ts';
import { startBatchPickup } from './batch-pickup.ts';
import { otaCatalogRoutes } from './catalog-routes.ts';
import { otaReportQueue } from './report-apply.ts';
import { TaskLive } from './task-live.ts';
import type { FirmwareStores } from './firmware-store.ts';

export interface OtaDeps {
  app: FastifyInstance;
  db: Kysely<DB>;
  config: OtaConfig;
  downlink: Downlink;
  events: DeviceEvents;
  /** The platform's zone (maintenance windows). */
  timeZone: string;
  /** Where firmware files are kept (openFirmwareStores). */
  stores: FirmwareStores;
}

/** This server's own address, for download links when OTA_DOWNLOAD_BASE_URL is not set (development, tests). */
function ownAddress(app: FastifyInstance): string {
  const address = app.server.address();
  if (address === null || typeof address === 'string') return 'http://127.0.0.1';
  const host = address.family === 'IPv6' ? `[${address.address === '::' ? '::1' : address.address}]` : address.address;
  return `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}`;
}

/**
 * Firmware upgrades over the air: the calls of both areas, the signed download route, the rollout that moves
 * running tasks on every OTA_TICK_MS, and the application of the devices' progress reports from the event bus
 * (a few at a time, report-queue.ts), each applied change told to the console at once (task-live.ts).
 */
export function startOta(deps: OtaDeps): CallRoute[] {
  const { app, db, config, downlink, events, timeZone, stores } = deps;
  const links = new FirmwareLinks(config.linkSecret, config.linkTtlSeconds);
  const live = new TaskLive(db, events);
  const rollout = new Rollout({
    db,
    downlink,
    links,
    baseUrl: () => config.downloadBaseUrl ?? ownAddress(app),
    log: app.log,
    live,
    timeZone,
  });
  registerFirmwareDownload(app, db, links, stores);
  const reports = otaReportQueue(db, live, app.log);
  const unsubscribe = events.subscribe((event) => {
    if (event.kind === 'status' && event.status === 'ONLINE')
      rollout
        .renotify(event.deviceId)
        .catch((error: unknown) => app.log.warn({ err: error, deviceId: event.deviceId }, 'OTA job not sent again'));
    if (event.kind === 'ota') reports.push(event);
  });
  const stopBatchPickup = startBatchPickup(db, events, app.log);
  rollout.start(config.tickMs);
  app.addHook('onClose', async () => {
    unsubscribe();
    stopBatchPickup();
    await rollout.close();
    await reports.idle();
    await live.close();
  });
  return [...otaRoutes(db, { rollout, live, stores }), ...otaCatalogRoutes(db, rollout)];
}
